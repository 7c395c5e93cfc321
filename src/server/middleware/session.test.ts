import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, getWithCookie, postJson, signUpCreator } from '../../../tests/support/auth-client';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { sessions, users } from '../../db/schema/auth';
import type { SessionResponse } from '../../shared/schemas/session';
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from '../auth/auth';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';

const DAY_MS = 24 * 3_600_000;

/*
 * The session read of every request (middleware/session.ts, services/session-lookup.ts, issue 28) keeps Better
 * Auth's rules: a signed cookie, a session row read on every request, expiry, the daily extension.
 */
describe.each(TEST_DRIVERS)('the session of a request on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;

  const sessionUser = async (cookie: string) =>
    ((await (await getWithCookie(app, '/api/session', cookie)).json()) as SessionResponse).user;
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
  const rowOf = async (cookie: string) =>
    (
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, tokenOf(cookie)))
    )[0];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = createApp({ db: database.db, env: testEnv({ TRUST_PROXY: 'true' }), logger: silentLogger() });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('takes only a cookie signed with the secret: a changed token or signature is signed out', async () => {
    const cookie = await signUpCreator(app, { email: 'signed@example.com' });
    expect((await sessionUser(cookie))?.email).toBe('signed@example.com');
    expect((await getWithCookie(app, '/api/me', cookie)).status).toBe(200);

    const [name = '', value = ''] = cookie.split('=');
    const [token = '', signature = ''] = decodeURIComponent(value).split('.');
    const otherToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [
      `${name}=${encodeURIComponent(`${otherToken}.${signature}`)}`,
      `${name}=${encodeURIComponent(`${token}.${flipped}`)}`,
      `${name}=${encodeURIComponent(token)}`,
      `${name}=${encodeURIComponent(`${token}.`)}`,
    ]) {
      expect(await sessionUser(forged)).toBeNull();
      expect((await getWithCookie(app, '/api/me', forged)).status).toBe(401);
    }
    // The real cookie still works.
    expect((await getWithCookie(app, '/api/me', cookie)).status).toBe(200);
  });

  it('reads the account on every request: a change of name or role is seen at the next one', async () => {
    const cookie = await signUpCreator(app, { email: 'promoted@example.com', name: 'Before' });
    expect((await sessionUser(cookie))?.name).toBe('Before');
    const [user] = await database.db.select().from(users).where(eq(users.email, 'promoted@example.com'));
    await database.db
      .update(users)
      .set({ name: 'After' })
      .where(eq(users.id, user?.id ?? ''));
    expect((await sessionUser(cookie))?.name).toBe('After');
    expect((await getWithCookie(app, '/api/admin/influencers', cookie)).status).toBe(403);
    await database.db
      .update(users)
      .set({ role: 'admin', adminRole: 'manager' })
      .where(eq(users.id, user?.id ?? ''));
    expect((await sessionUser(cookie))?.role).toBe('admin');
    expect((await getWithCookie(app, '/api/me', cookie)).status).toBe(403);
  });

  it('ends a session past its expiry on the server, and the cookie stops working', async () => {
    const cookie = await signUpCreator(app, { email: 'expired@example.com' });
    expect((await getWithCookie(app, '/api/me', cookie)).status).toBe(200);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(cookie)));
    expect((await getWithCookie(app, '/api/me', cookie)).status).toBe(401);
    expect(await sessionUser(cookie)).toBeNull();
    expect(await rowOf(cookie)).toBeUndefined();
  });

  it('moves the expiry of a session used a day after its last extension 30 days on, and keeps it signed in', async () => {
    const cookie = await signUpCreator(app, { email: 'extended@example.com' });
    const lastExtended = Date.now() - SESSION_UPDATE_AGE_S * 1000 - 60_000;
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(lastExtended + SESSION_EXPIRES_IN_S * 1000) })
      .where(eq(sessions.token, tokenOf(cookie)));
    expect((await getWithCookie(app, '/api/me', cookie)).status).toBe(200);
    const row = await rowOf(cookie);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    // Within the day, a request leaves the expiry as it is.
    const recent = new Date(Date.now() + SESSION_EXPIRES_IN_S * 1000 - 3_600_000);
    await database.db
      .update(sessions)
      .set({ expiresAt: recent })
      .where(eq(sessions.token, tokenOf(cookie)));
    expect((await getWithCookie(app, '/api/me', cookie)).status).toBe(200);
    expect((await rowOf(cookie))?.expiresAt.getTime()).toBe(recent.getTime());
  });

  it('keeps a "don\'t remember me" session signed in, and sign-out ends it at once', async () => {
    await signUpCreator(app, { email: 'forget@example.com' });
    const signIn = await postJson(app, '/api/auth/sign-in/email', {
      email: 'forget@example.com',
      password: 'correct horse battery',
      rememberMe: false,
    });
    expect(signIn.status).toBe(200);
    const cookie = cookieHeader(signIn);
    expect(cookie).toContain('dont_remember');
    expect((await sessionUser(cookie))?.email).toBe('forget@example.com');
    expect((await postJson(app, '/api/auth/sign-out', {}, cookie)).status).toBe(200);
    expect(await sessionUser(cookie)).toBeNull();
    expect((await getWithCookie(app, '/api/me', cookie)).status).toBe(401);
  });
});
