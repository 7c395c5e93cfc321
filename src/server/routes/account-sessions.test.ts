import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, getWithCookie, postJson, signUpCreator } from '../../../tests/support/auth-client';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { sessions } from '../../db/schema/auth';
import type { AccountSessionList } from '../../shared/schemas/account-sessions';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

// Issue 42, item 8: a person sees their sessions (device, place, last active, this one or not) and ends another by
// an id that is not a token; no page script ever reads a session token.
describe.each(TEST_DRIVERS)('the sessions of an account on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const env = testEnv({ TRUST_PROXY: 'true' });
    const logger = silentLogger();
    app = createApp({ db: database.db, env, logger, auth: createAuth({ db: database.db, env, logger }) });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const signIn = async (email: string, userAgent: string, address: string) =>
    cookieHeader(
      await postJson(app, '/api/auth/sign-in/email', { email, password: PASSWORD }, '', {
        'user-agent': userAgent,
        'x-forwarded-for': address,
      }),
    );
  const call = (method: string, path: string, cookie: string) =>
    app.request(path, { method, headers: { origin: ORIGIN, cookie } });

  it('lists device, place, last active and which is this one, without a token, and ends another by its id', async () => {
    await signUpCreator(app, { email: `sessions-${driver}@example.com` });
    const laptop = await signIn(`sessions-${driver}@example.com`, CHROME_WINDOWS, '203.0.113.7');
    const phone = await signIn(`sessions-${driver}@example.com`, FIREFOX_LINUX, '198.51.100.20');
    const tokens = (await database.db.select({ token: sessions.token }).from(sessions)).map(
      (row) => row.token,
    );

    // Better Auth's own list (every token of the account) and its end-by-token are not served.
    const theirs = await getWithCookie(app, '/api/auth/list-sessions', laptop);
    expect(theirs.status).toBe(404);
    const byToken = await postJson(app, '/api/auth/revoke-session', { token: tokens[0] }, laptop);
    expect(byToken.status).toBe(404);

    const listed = await getWithCookie(app, '/api/me/sessions', laptop);
    expect(listed.status).toBe(200);
    const text = await listed.text();
    for (const token of tokens) expect(text).not.toContain(token);
    const list = JSON.parse(text) as AccountSessionList;
    const mine = list.sessions.filter((s) => s.device !== 'Unknown device');
    expect(mine.map(({ device, place, current }) => ({ device, place, current }))).toEqual(
      expect.arrayContaining([
        { device: 'Chrome on Windows', place: '203.0.113.7', current: true },
        { device: 'Firefox on Linux', place: '198.51.100.20', current: false },
      ]),
    );
    for (const session of list.sessions) expect(Date.parse(session.lastActiveAt)).not.toBeNaN();

    // This one cannot be ended here (that is Sign out); another person's id is unknown.
    const here = list.sessions.find((s) => s.current)!;
    expect((await call('DELETE', `/api/me/sessions/${here.id}`, laptop)).status).toBe(400);
    await signUpCreator(app, { email: `other-${driver}@example.com` });
    const stranger = await signIn(`other-${driver}@example.com`, FIREFOX_LINUX, '192.0.2.1');
    const phoneId = list.sessions.find((s) => s.device === 'Firefox on Linux')!.id;
    expect((await call('DELETE', `/api/me/sessions/${phoneId}`, stranger)).status).toBe(404);
    expect((await getWithCookie(app, '/api/me/sessions', phone)).status).toBe(200);

    const ended = await call('DELETE', `/api/me/sessions/${phoneId}`, laptop);
    expect(ended.status).toBe(204);
    expect((await getWithCookie(app, '/api/me/sessions', phone)).status).toBe(401);
    expect((await getWithCookie(app, '/api/me/sessions', laptop)).status).toBe(200);
    expect((await call('GET', '/api/me/sessions', '')).status).toBe(401);
  });
});
