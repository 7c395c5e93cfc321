import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppBindings, AppDeps } from '../http/context';
import { runInRequest } from '../http/request-context';
import type { Metrics } from '../process/metrics';

/** An id a proxy may hand us: short, and only characters that cannot forge a log line. */
export const PROXY_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Routes a monitor calls every few seconds: their access lines are debug, not info. */
const QUIET_ROUTES = new Set(['/api/health', '/api/health/ready', '/api/metrics']);

/** The proxy's X-Request-Id when TRUST_PROXY is on and it looks sane, otherwise a new one. */
export function requestIdFor(c: Context, trustProxy: boolean): string {
  const offered = trustProxy ? c.req.header('x-request-id') : undefined;
  return offered && PROXY_REQUEST_ID.test(offered) ? offered : randomUUID();
}

/** Counts one answered request in the metrics and writes its access-log line (by route pattern, never the path). */
export function recordRequest(
  deps: { logger: AppDeps['logger']; metrics: Metrics },
  method: string,
  route: string,
  status: number,
  started: number,
): void {
  const seconds = (performance.now() - started) / 1000;
  deps.metrics.observeRequest(method, route, status, seconds);
  deps.logger[QUIET_ROUTES.has(route) ? 'debug' : 'info'](
    { method, route, status, ms: Math.round(seconds * 10_000) / 10 },
    'request',
  );
}

/**
 * Gives every request an id (the proxy's X-Request-Id when TRUST_PROXY is on and it looks sane, otherwise a new
 * one), runs the request inside it so every log line carries it, answers it as X-Request-Id, and records the
 * request in the metrics and the access log by route pattern (never the raw path or query).
 * The catalogue's fast path (catalogue-fast-path.ts) does the same for the requests it answers.
 */
export const observeRequests: MiddlewareHandler<AppBindings> = async (c, next) => {
  const deps = c.get('deps');
  const requestId = requestIdFor(c, deps.env.trustProxy);
  c.set('requestId', requestId);
  const started = performance.now();
  await runInRequest(requestId, async () => {
    await next();
    // On c.res.headers, not c.header(): the finished response stays on the server's fast path (response-headers.ts).
    c.res.headers.set('X-Request-Id', requestId);
    // While shutting down, a kept-alive connection is closed after its answer so the proxy opens a new one elsewhere.
    if (deps.lifecycle?.draining) c.res.headers.set('Connection', 'close');
    recordRequest(deps, c.req.method, routePath(c) || 'unmatched', c.res.status, started);
  });
};
