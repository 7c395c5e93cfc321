import type { Hono } from 'hono';
import { cookieHeader, postJson } from './auth-client';
import { secretOf, totpCode } from './totp';

type RequestApp = Pick<Hono, 'request'>;

export interface Enrolment {
  /** The base32 secret an authenticator app would read from the QR code. */
  secret: string;
  totpURI: string;
  backupCodes: string[];
  /** The session cookie after enrolment (Better Auth starts a new session when two-factor is switched on). */
  cookie: string;
}

/** Enrols an authenticator through the public endpoints: enable with the password, then verify a first code. */
export async function enrolTwoFactor(app: RequestApp, cookie: string, password: string): Promise<Enrolment> {
  const enable = await postJson(app, '/api/auth/two-factor/enable', { password }, cookie);
  if (enable.status !== 200) throw new Error(`enable failed: ${enable.status} ${await enable.text()}`);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  const verify = await postJson(app, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, cookie);
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  return { secret, totpURI, backupCodes, cookie: cookieHeader(verify) };
}

/** The admin sign-in of an enrolled admin: password (code required), then the code; answers the session cookie. */
export async function signInAdminWithCode(
  app: RequestApp,
  username: string,
  password: string,
  secret: string,
): Promise<string> {
  const first = await postJson(app, '/api/auth/admin-sign-in', { username, password });
  const body = (await first.json()) as { twoFactorRequired?: boolean };
  if (first.status !== 200 || !body.twoFactorRequired) {
    throw new Error(`expected a code to be required: ${first.status} ${JSON.stringify(body)}`);
  }
  const verify = await postJson(
    app,
    '/api/auth/two-factor/verify-totp',
    { code: totpCode(secret) },
    cookieHeader(first),
  );
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  return cookieHeader(verify);
}
