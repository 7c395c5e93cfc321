import type { Hono } from 'hono';

type RequestApp = Pick<Hono, 'request'>;

/** Turns Set-Cookie headers into a Cookie header value. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const ORIGIN = 'http://localhost:3000';

let clientNumber = 0;
/** A different client address per call (apps built with TRUST_PROXY=true read it), so rate limits stay out of the way. */
export function nextClientIp(): string {
  clientNumber += 1;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}

export async function postJson(
  app: RequestApp,
  path: string,
  body: unknown,
  cookie = '',
  headers: Record<string, string> = {},
) {
  return app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      'x-forwarded-for': nextClientIp(),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

export async function getWithCookie(app: RequestApp, path: string, cookie = '') {
  return app.request(path, { headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
}

/**
 * Signs up a creator with email and password, then signs in as the form does (a sign-up starts no session);
 * returns the session cookie.
 */
export async function signUpCreator(
  app: RequestApp,
  {
    email,
    password = 'correct horse battery',
    name = 'Test Creator',
  }: { email: string; password?: string; name?: string },
): Promise<string> {
  const response = await postJson(app, '/api/auth/sign-up/email', { email, password, name });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const signIn = await postJson(app, '/api/auth/sign-in/email', { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return cookieHeader(signIn);
}

export async function signInAdmin(app: RequestApp, username: string, password: string): Promise<string> {
  const response = await postJson(app, '/api/auth/admin-sign-in', { username, password });
  if (response.status !== 200)
    throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}
