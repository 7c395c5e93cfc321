import type { IncomingMessage } from 'node:http';
import type { AppDeps } from '../http/context';
import { PROXY_REQUEST_ID } from './observability';
import { jsonSecurityHeaders } from './security-headers';

/*
 * What the answers made before Hono routes the request (the catalogue's reads, decision 0019; the tracking
 * webhook, decision 0050) share with the chain: the request's headers read from Node's own request, its id, and the
 * headers every JSON answer of the API carries.
 */

/** What @hono/node-server passes as the second argument of `fetch` (absent in `app.request` tests). */
export type ServerBindings = { incoming?: IncomingMessage } | undefined;

/** A request header, read from Node's own request when there is one (no Headers object is built). */
export function headerReader(request: Request, bindings: unknown): (name: string) => string | undefined {
  const incoming = (bindings as ServerBindings)?.incoming;
  if (!incoming) return (name) => request.headers.get(name) ?? undefined;
  return (name) => {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

/** The request's id as the chain gives it: the proxy's X-Request-Id when TRUST_PROXY is on and it looks sane. */
export function requestIdOf(
  env: Pick<AppDeps['env'], 'trustProxy'>,
  header: (name: string) => string | undefined,
) {
  const offered = env.trustProxy ? header('x-request-id') : undefined;
  return offered && PROXY_REQUEST_ID.test(offered) ? offered : crypto.randomUUID();
}

/** The headers of a JSON answer of the API (content type, no-store, the JSON security headers). */
export function jsonAnswerHeaders(env: Pick<AppDeps['env'], 'appUrl'>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
  };
  for (const [name, value] of jsonSecurityHeaders({ https: env.appUrl.startsWith('https://') })) {
    headers[name] = value;
  }
  return Object.freeze(headers);
}

/** The path of a request URL (`http://host/path?query`), as Hono's router reads it, without decoding. */
export function pathAndQuery(url: string): { path: string; query: string } {
  const start = url.indexOf('/', url.indexOf(':') + 4);
  const mark = url.indexOf('?', start);
  return mark < 0
    ? { path: url.slice(start), query: '' }
    : { path: url.slice(start, mark), query: url.slice(mark + 1) };
}
