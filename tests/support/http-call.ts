import { WAIT_LIMITS } from './bounded';

/** What a call to a running server answered: the status, the JSON body (null when none), headers and session cookie. */
export interface HttpAnswer {
  status: number;
  body: Record<string, unknown> | null;
  headers: Headers;
  /** The cookies the answer set, as a `Cookie` header value ('' when none). */
  cookie: string;
}

export interface HttpCallOptions {
  body?: unknown;
  cookie?: string;
  /** Sent as X-Forwarded-For (the servers under test trust their proxy), so each caller can have its own address. */
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * One request to a server running in its own process, as the app's pages send it: from the app's origin, JSON body.
 * `origin` defaults to `base`.
 */
export async function callServer(
  base: string,
  method: string,
  route: string,
  options: HttpCallOptions & { origin?: string } = {},
): Promise<HttpAnswer> {
  const response = await fetch(`${base}${route}`, {
    method,
    signal: AbortSignal.timeout(WAIT_LIMITS.request),
    headers: {
      origin: options.origin ?? base,
      'x-forwarded-for': options.ip ?? '198.51.100.7',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    body = null;
  }
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: response.status, body, headers: response.headers, cookie };
}
