import type { IncomingMessage } from 'node:http';
import { sessionCookieName } from '../auth/auth';
import type { AppDeps } from '../http/context';
import { runInRequest } from '../http/request-context';
import { MAX_WEBHOOK_BYTES } from '../http/webhook-body';
import type { Metrics } from '../process/metrics';
import { createServiceContext, type ServiceContextInput } from '../services/service-context';
import { receiveTrackingWebhook } from '../services/tracking/tracking-events';
import {
  headerReader,
  jsonAnswerHeaders,
  pathAndQuery,
  requestIdOf,
  type ServerBindings,
} from './before-router';
import { recordRequest } from './observability';

export const TRACKING_WEBHOOK_PATH = '/api/webhooks/easypost';

type FastPathDeps = Pick<AppDeps, 'env' | 'lifecycle'> &
  Omit<ServiceContextInput, 'appUrl'> & { metrics: Metrics };

/**
 * EasyPost's tracker Events (`POST /api/webhooks/easypost`), acknowledged before Hono routes the request (issue 38:
 * a burst of 10,000 answered at p99 < 50 ms, decision 0062). The router, the API's ten middlewares (each touching a
 * Headers object), the web `Request` built over the socket and the route's validator were a third of the server's
 * CPU per acknowledgement. What the chain would check still holds here:
 *
 * - only a POST to the path with no query, no session cookie (a webhook has none), a JSON Content-Type and a
 *   declared length within the webhook limit: anything else takes the chain, which answers its usual 4xx;
 * - the body is read from Node's request as it is, the signature checked and the Event kept once by the same
 *   service the route calls (`receiveTrackingWebhook`), answered only after its row is committed;
 * - only the 200 leaves here, with the chain's headers (JSON security headers, `Cache-Control: no-store`,
 *   `X-Request-Id`, `Connection: close` while draining), counted in the metrics and logged under the route's path.
 *   A forged, unsigned or unreadable Event, or a database error, is handed to the chain with the body read here:
 *   the chain checks it again and answers 400 / 401 / 503 / 500 as the route always has.
 *
 * The Event only lands in the inbox table, which no kept admin page reads (the job's writes are what they hear),
 * so nothing kept is forgotten here (the chain's `provideServices` forgets after every non-GET).
 *
 * Returns undefined when the request is not one of these; otherwise the answer, or the chain's.
 */
export function trackingWebhookFastPath(deps: FastPathDeps) {
  const cookieMark = `${sessionCookieName(deps.env)}=`;
  const fixedHeaders = jsonAnswerHeaders(deps.env);
  const services = createServiceContext({ ...deps, appUrl: deps.env.appUrl });

  return (
    request: Request,
    bindings: unknown,
    chain: (request: Request) => Response | Promise<Response>,
  ): Promise<Response> | undefined => {
    if (request.method !== 'POST' || !deps.tracking) return undefined;
    const { path, query } = pathAndQuery(request.url);
    if (path !== TRACKING_WEBHOOK_PATH || query) return undefined;
    const header = headerReader(request, bindings);
    if (!declaredLengthFits(header('content-length'), bindings)) return undefined;
    const mediaType = (header('content-type') ?? '').split(';')[0] ?? '';
    if (mediaType.trim().toLowerCase() !== 'application/json') return undefined;
    if (header('cookie')?.includes(cookieMark)) return undefined;

    const requestId = requestIdOf(deps.env, header);
    const started = performance.now();
    return runInRequest(requestId, async () => {
      const rawBody = await bodyText(request, bindings);
      const kept =
        Buffer.byteLength(rawBody) > MAX_WEBHOOK_BYTES
          ? null
          : await receiveTrackingWebhook(services, rawBody, { get: (name) => header(name) ?? null }).catch(
              () => null,
            );
      // The chain answers the rest (400, 401, 503, 500) from the same body, as the route always has.
      if (!kept)
        return chain(new Request(request.url, { method: 'POST', headers: request.headers, body: rawBody }));
      const headers: Record<string, string> = { ...fixedHeaders, 'X-Request-Id': requestId };
      if (deps.lifecycle?.draining) headers.Connection = 'close';
      recordRequest(deps, 'POST', TRACKING_WEBHOOK_PATH, 200, started);
      return new Response(`{"received":true,"repeated":${kept.repeated}}`, { status: 200, headers });
    });
  };
}

/**
 * Whether the body's declared length is within the webhook limit. Over a socket it must be declared (a chunked body
 * is counted by the chain as it arrives); a request made in-process may declare none: its body is already in memory
 * and is measured once read.
 */
function declaredLengthFits(declared: string | undefined, bindings: unknown): boolean {
  if (declared === undefined) return (bindings as ServerBindings)?.incoming === undefined;
  const bytes = Number(declared);
  return bytes > 0 && bytes <= MAX_WEBHOOK_BYTES;
}

/** The body as text: from Node's request as it arrives when there is one, else from the web Request. */
function bodyText(request: Request, bindings: unknown): Promise<string> {
  const incoming = (bindings as ServerBindings)?.incoming;
  return incoming ? readIncoming(incoming) : request.text();
}

function readIncoming(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    incoming.once('end', () => resolve(Buffer.concat(chunks, size).toString('utf8')));
    incoming.once('error', reject);
    incoming.once('close', () => {
      if (!incoming.complete) reject(new Error('The webhook request was closed before its body arrived'));
    });
  });
}
