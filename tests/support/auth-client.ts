import type { Hono } from 'hono';
import { adminSecrets } from './admin-secrets';
import { secretOf, totpCode } from './totp';

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

/** The admin sign-in with the password alone, as the form's first step: the session cookie (maybe waiting for a code). */
export async function signInAdminPasswordOnly(app: RequestApp, username: string, password: string) {
  const response = await postJson(app, '/api/auth/admin-sign-in', { username, password });
  if (response.status !== 200)
    throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { twoFactorRequired?: boolean };
  return { cookie: cookieHeader(response), twoFactorRequired: body.twoFactorRequired === true };
}

/**
 * Signs an admin in and answers the session cookie, as a person would get past the sign-in pages: an Owner or a
 * Finance member (issue 39: a second factor before acting) who has none enrols an authenticator first, as the
 * enrolment page does, and later sign-ins give its code. The session has a fresh second factor, like a sign-in with a
 * code. For the steps themselves, use `signInAdminPasswordOnly` and tests/support/two-factor.ts.
 */
export async function signInAdmin(app: RequestApp, username: string, password: string): Promise<string> {
  const first = await signInAdminPasswordOnly(app, username, password);
  const key = username.toLowerCase();
  if (first.twoFactorRequired) {
    const secret = adminSecrets.get(key);
    if (!secret)
      throw new Error(`${username} has an authenticator this test did not enrol: sign in with its code`);
    return verifiedCookie(app, first.cookie, totpCode(secret));
  }
  const session = (await (await getWithCookie(app, '/api/session', first.cookie)).json()) as {
    user?: { email: string; twoFactor?: { enrolmentRequired?: boolean } } | null;
  };
  if (!session.user?.twoFactor?.enrolmentRequired) return first.cookie;
  const enable = await postJson(app, '/api/auth/two-factor/enable', { password }, first.cookie);
  if (enable.status !== 200) throw new Error(`enable failed: ${enable.status} ${await enable.text()}`);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = secretOf(totpURI);
  // Later sign-ins may give the username or the address (the username is the address's local part by default).
  const email = session.user.email.toLowerCase();
  for (const name of [key, email, email.split('@')[0] ?? email]) adminSecrets.set(name, secret);
  return verifiedCookie(app, first.cookie, totpCode(secret));
}

async function verifiedCookie(app: RequestApp, cookie: string, code: string): Promise<string> {
  const verify = await postJson(app, '/api/auth/two-factor/verify-totp', { code }, cookie);
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  return cookieHeader(verify) || cookie;
}
