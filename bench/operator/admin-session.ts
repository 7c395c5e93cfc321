import type { DatabaseHandle } from '../../src/db/client';
import { secretOf, totpCode } from '../../tests/support/totp';
import { BENCH_ADMIN } from './dataset';

/*
 * The operator suite's admin session. The bench admin is an Owner, and since issue 39 an Owner acts only with a second
 * factor: so each run forgets the authenticator a previous run enrolled (the data set outlives a run, the secret does
 * not) and enrols a new one through the app's own routes, as the enrolment page does: sign in, enable with the
 * password, confirm with the authenticator's code. The answer is the session cookie the measured requests send.
 */

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
}

/** One cookie header from the cookies held so far and the ones an answer sets (a newer value replaces an older). */
function merged(held: string, response: Response): string {
  const jar = new Map(
    held
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0], pair] as const),
  );
  for (const pair of cookiesOf(response)) jar.set(pair.split('=')[0], pair);
  return [...jar.values()].join('; ');
}

export interface BenchAdminSession {
  cookie: string;
  /** The authenticator's secret enrolled for this run (a step-up needs a fresh code from it). */
  secret: string;
}

export async function signInBenchAdmin(
  url: string,
  handle: DatabaseHandle,
  origin: string,
): Promise<BenchAdminSession> {
  await handle.exec(
    `delete from two_factors where user_id in (select id from users where username = '${BENCH_ADMIN.username}');
     update users set two_factor_enabled = false where username = '${BENCH_ADMIN.username}'`,
  );
  let cookie = '';
  const post = async (path: string, body: unknown) => {
    const answer = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (answer.status !== 200) throw new Error(`${path} failed: ${answer.status} ${await answer.text()}`);
    cookie = merged(cookie, answer);
    return (await answer.json()) as Record<string, unknown>;
  };
  await post('/api/auth/admin-sign-in', { username: BENCH_ADMIN.username, password: BENCH_ADMIN.password });
  const { totpURI } = (await post('/api/auth/two-factor/enable', { password: BENCH_ADMIN.password })) as {
    totpURI: string;
  };
  const secret = secretOf(totpURI);
  await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
  return { cookie, secret };
}

/**
 * The exports ask for a second factor checked in the last 10 minutes (403 STEP_UP_REQUIRED), and a run reaches them
 * long after its sign-in: the admin confirms with the authenticator as the app's step-up dialog does. A code the
 * sign-in used a moment before may be refused; the next period's code is tried once then.
 */
export async function stepUpBenchAdmin(
  url: string,
  session: BenchAdminSession,
  origin: string,
): Promise<void> {
  const send = (code: string) =>
    fetch(`${url}/api/auth/step-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: session.cookie },
      body: JSON.stringify({ code }),
    });
  let answer = await send(totpCode(session.secret));
  if (answer.status === 400) {
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
    answer = await send(totpCode(session.secret));
  }
  if (answer.status !== 200) throw new Error(`step-up failed: ${answer.status} ${await answer.text()}`);
}
