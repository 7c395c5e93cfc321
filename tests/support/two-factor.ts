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

/**
 * The code step of a two-factor sign-in (or of enrolment): `code` from the authenticator, sent with the cookie of the
 * password step. `trustDevice` asks Better Auth to remember the device; `headers` are added (a client address).
 */
export function verifyTotp(
  app: RequestApp,
  cookie: string,
  code: string,
  { trustDevice, headers }: { trustDevice?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const body = trustDevice === undefined ? { code } : { code, trustDevice };
  return postJson(app, '/api/auth/two-factor/verify-totp', body, cookie, headers);
}

/** The code step with one of the backup codes shown at enrolment instead of the authenticator's code. */
export function verifyBackupCode(
  app: RequestApp,
  cookie: string,
  code: string | undefined,
): Promise<Response> {
  return postJson(app, '/api/auth/two-factor/verify-backup-code', { code }, cookie);
}

/** The password step of an enrolled admin's sign-in: the cookie of the challenge that waits for the code. */
export async function adminCodeChallenge(
  app: RequestApp,
  username: string,
  password: string,
): Promise<string> {
  return cookieHeader(await postJson(app, '/api/auth/admin-sign-in', { username, password }));
}

/** Enrols an authenticator through the public endpoints: enable with the password, then verify a first code. */
export async function enrolTwoFactor(app: RequestApp, cookie: string, password: string): Promise<Enrolment> {
  const enable = await postJson(app, '/api/auth/two-factor/enable', { password }, cookie);
  if (enable.status !== 200) throw new Error(`enable failed: ${enable.status} ${await enable.text()}`);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  const verify = await verifyTotp(app, cookie, totpCode(secret));
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
  const verify = await verifyTotp(app, cookieHeader(first), totpCode(secret));
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  return cookieHeader(verify);
}
