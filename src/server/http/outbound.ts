/**
 * The one way the server calls an outside service over HTTP (PayPal, Instagram, TikTok, YouTube, the platforms'
 * media hosts). It does the part every client needs the same way:
 * - a time limit per attempt (`timeoutMs`, 15 s unless said);
 * - retries with back-off, only for a call that is safe to repeat: a GET or HEAD, or a call the client declares
 *   `idempotent` (an idempotency key such as PayPal-Request-Id, or a request that changes nothing, like a query).
 *   Retried: no answer (network, timeout), 429 and 5xx. Waits `backoffMs` × 2^n (half to full of it, at random),
 *   or the Retry-After the service asks for when it is no longer than `maxDelayMs`; a longer Retry-After is not
 *   waited for: the 429 goes back to the client, which reports the quota. Never retried: 2xx, 3xx, 4xx other than
 *   429 (the same request would get the same answer);
 * - one sorting of what came back (`OutboundFailure`): `network` and `timeout` (thrown as OutboundError: there is no
 *   answer to read), and on an answer `rate-limited` (429), `server` (5xx), `client` (other 4xx) and `unreadable`
 *   (a 2xx whose body is not the JSON the call asked for).
 * What an answer means beyond that (PayPal's error names, TikTok's `error.code`, YouTube's reasons, Graph API codes)
 * stays in each client, which reads `answer.body` and turns it into its own errors and messages.
 */

export type OutboundFailure = 'network' | 'timeout' | 'rate-limited' | 'server' | 'client' | 'unreadable';

/** No answer at all: the service could not be reached, or did not answer within the time limit. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly kind: 'network' | 'timeout',
    message: string,
    /** How many attempts were made (1 when the call was not retried). */
    readonly attempts: number,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export interface OutboundRequest {
  /** The service's name, for messages ("PayPal", "YouTube"). */
  service: string;
  url: string | URL;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** How the answer's body is read: parsed as JSON (null when it is not JSON), or kept as text only. */
  expect?: 'json' | 'text';
  /** Per attempt, in milliseconds (default 15,000). */
  timeoutMs?: number;
  /** Safe to send again (default: GET and HEAD). Say true only with an idempotency key or for a call that changes nothing. */
  idempotent?: boolean;
  /** Attempts after the first for an idempotent call (default 2). */
  retries?: number;
  /** The first wait before a retry (default 200 ms; doubled each time). */
  backoffMs?: number;
  /** The longest wait before a retry, Retry-After included (default 2,000 ms). */
  maxDelayMs?: number;
  /** How redirects are met (default: followed). */
  redirect?: RequestRedirect;
  /** The fetch to use (tests pass a fake; default the global one). */
  fetch?: typeof fetch;
  /** Waits between attempts (tests pass a recorder). */
  sleep?: (ms: number) => Promise<void>;
  /** Random number in [0, 1) for the jitter (tests fix it). */
  random?: () => number;
}

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  /** The body as text ('' when there was none or it could not be read). */
  text: string;
  /** The body parsed as JSON when `expect` is 'json' and it was JSON; else null. */
  body: unknown;
  /** null for a 1xx–3xx answer that was read as asked; else what kind of failure it is. */
  failure: Exclude<OutboundFailure, 'network' | 'timeout'> | null;
  /** How many attempts were made (1 when the call was not retried). */
  attempts: number;
}

export const OUTBOUND_DEFAULTS = {
  timeoutMs: 15_000,
  retries: 2,
  backoffMs: 200,
  maxDelayMs: 2_000,
} as const;

/** What kind of failure an answer is (null: it is not one). */
export function classifyAnswer(status: number, readable: boolean): OutboundAnswer['failure'] {
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  if (status >= 400) return 'client';
  return readable ? null : 'unreadable';
}

/** The wait a Retry-After header asks for, in milliseconds (seconds or an HTTP date), or null. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const isTimeout = (error: unknown) =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** The network or timeout error of one attempt, as an OutboundError (anything else is passed on as it is). */
function noAnswer(request: OutboundRequest, timeoutMs: number, attempt: number, error: unknown): unknown {
  if (isTimeout(error))
    return new OutboundError(
      'timeout',
      `${request.service} did not answer within ${timeoutMs} ms`,
      attempt,
      error,
    );
  if (!(error instanceof TypeError)) return error;
  const reason = error.cause instanceof Error ? error.cause.message : error.message;
  return new OutboundError(
    'network',
    `${request.service} could not be reached${reason ? `: ${reason}` : ''}`,
    attempt,
    error,
  );
}

/**
 * The retry loop: runs `attempt` (one exchange, read as far as the caller needs), again while it is safe and worth
 * it, and answers the last result; throws the last OutboundError when the last attempt got no answer.
 */
async function withRetries<T extends { status: number; headers: Headers }>(
  request: OutboundRequest,
  attempt: (n: number, timeoutMs: number) => Promise<T>,
  discard: (result: T) => Promise<void>,
): Promise<T> {
  const method = (request.method ?? 'GET').toUpperCase();
  const timeoutMs = request.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const idempotent = request.idempotent ?? (method === 'GET' || method === 'HEAD');
  const retries = idempotent ? (request.retries ?? OUTBOUND_DEFAULTS.retries) : 0;
  const backoffMs = request.backoffMs ?? OUTBOUND_DEFAULTS.backoffMs;
  const maxDelayMs = request.maxDelayMs ?? OUTBOUND_DEFAULTS.maxDelayMs;
  const sleep = request.sleep ?? sleepFor;
  const random = request.random ?? Math.random;

  for (let n = 1; ; n++) {
    const backoff = Math.min(maxDelayMs, backoffMs * 2 ** (n - 1) * (0.5 + random() / 2));
    const last = n > retries;
    let result: T;
    try {
      result = await attempt(n, timeoutMs);
    } catch (error) {
      const sorted = noAnswer(request, timeoutMs, n, error);
      if (!(sorted instanceof OutboundError) || last) throw sorted;
      await sleep(backoff);
      continue;
    }
    const failure = classifyAnswer(result.status, true);
    if (last || (failure !== 'rate-limited' && failure !== 'server')) return result;
    const asked = failure === 'rate-limited' ? retryAfterMs(result.headers.get('retry-after')) : null;
    if (asked !== null && asked > maxDelayMs) return result;
    await discard(result);
    await sleep(asked ?? backoff);
  }
}

function fetchOnce(request: OutboundRequest, timeoutMs: number): Promise<Response> {
  return (request.fetch ?? fetch)(request.url, {
    method: (request.method ?? 'GET').toUpperCase(),
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
    ...(request.redirect ? { redirect: request.redirect } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/**
 * Sends the request (again, when it is safe and worth it) and answers the last answer, read whole, whatever its
 * status; throws OutboundError when the last attempt got no answer.
 */
export async function sendOutbound(request: OutboundRequest): Promise<OutboundAnswer> {
  return withRetries(
    request,
    async (attempts, timeoutMs) => {
      const response = await fetchOnce(request, timeoutMs);
      const text = await response.text();
      let body: unknown = null;
      let readable = true;
      if ((request.expect ?? 'json') === 'json') {
        try {
          body = JSON.parse(text);
        } catch {
          readable = false;
        }
      }
      const failure = classifyAnswer(response.status, readable);
      return { status: response.status, headers: response.headers, text, body, failure, attempts };
    },
    async () => undefined,
  );
}

/**
 * The same for an answer the client reads itself (a stream of bytes, a redirect it follows by hand): the response
 * with its body unread (the time limit still runs while it is read); a retried answer's body is dropped.
 */
export async function openOutbound(
  request: OutboundRequest,
): Promise<{ response: Response; attempts: number }> {
  const { response, attempts } = await withRetries(
    request,
    async (n, timeoutMs) => {
      const answer = await fetchOnce(request, timeoutMs);
      return { status: answer.status, headers: answer.headers, response: answer, attempts: n };
    },
    async (result) => {
      await result.response.body?.cancel();
    },
  );
  return { response, attempts };
}
