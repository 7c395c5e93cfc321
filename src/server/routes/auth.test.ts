import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useAdminApp } from '../../../tests/support/admin-app';
import {
  cookieHeader,
  getWithCookie,
  postJson,
  signInAdmin,
  signUpCreator,
} from '../../../tests/support/auth-client';
import { testEnv } from '../../../tests/support/test-app';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { sessions, users } from '../../db/schema/auth';
import { creators } from '../../db/schema/creators';
import type { SessionResponse } from '../../shared/schemas/session';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';

describe.each(TEST_DRIVERS)('accounts and access on %s', (driver) => {
  // The admin account is made here and signed in by the tests themselves (by username and by email).
  const api = useAdminApp(driver, {
    env: {
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:9/.well-known/openid-configuration',
    },
    adminEmail: false,
  });

  const session = async (cookie: string) =>
    ((await (await getWithCookie(api.app, '/api/session', cookie)).json()) as SessionResponse).user;

  beforeAll(async () => {
    await upsertAdmin(api.db, api.auth, {
      email: 'boss@mintbox.test',
      password: ADMIN_PASSWORD,
      username: 'boss',
    });
  });

  it('sign-up makes an influencer, whatever role the body asks for, with a linked creator record', async () => {
    const response = await postJson(api.app, '/api/auth/sign-up/email', {
      email: 'Glow.Getter@example.com',
      password: 'correct horse battery',
      name: 'Glow Getter',
      role: 'admin',
    });
    expect(response.status).toBe(200);
    // A sign-up starts no session (the answer must not tell a new address from a registered one): sign in.
    const cookie = cookieHeader(
      await postJson(api.app, '/api/auth/sign-in/email', {
        email: 'glow.getter@example.com',
        password: 'correct horse battery',
      }),
    );
    const user = await session(cookie);
    expect(user).toMatchObject({ role: 'influencer', name: 'Glow Getter' });
    expect(user?.creator).toMatchObject({
      username: 'glowgetter',
      emailVerified: false,
      profileCompleted: false,
    });
    const [row] = await api.db.select().from(creators).where(eq(creators.id, user!.creator!.id));
    expect(row).toMatchObject({
      provider: 'email',
      userType: 'influencer',
      niche: 'General',
      engagementRate: '0',
    });
  });

  it('sets an httpOnly, SameSite=Lax session cookie (Secure only on https)', async () => {
    await signUpCreator(api.app, { email: 'cookie@example.com', name: 'Cookie Monster' });
    const response = await postJson(api.app, '/api/auth/sign-in/email', {
      email: 'cookie@example.com',
      password: 'correct horse battery',
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('mintbox.session_token='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const httpsDb = api.db;
    const env = testEnv({ APP_URL: 'https://mintbox.example' });
    const httpsApp = createApp({ db: httpsDb, env, logger: silentLogger() });
    const post = (path: string, body: unknown) =>
      httpsApp.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://mintbox.example' },
        body: JSON.stringify(body),
      });
    const credentials = { email: 'secure@example.com', password: 'correct horse battery' };
    expect((await post('/api/auth/sign-up/email', { ...credentials, name: 'Secure' })).status).toBe(200);
    const secure = await post('/api/auth/sign-in/email', credentials);
    expect(secure.status).toBe(200);
    const secureCookie = secure.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(secureCookie).toMatch(/; Secure/i);
  });

  it('gives a new session at every sign-in, and sign-out ends it on the server', async () => {
    await signUpCreator(api.app, { email: 'twice@example.com' });
    const first = cookieHeader(
      await postJson(api.app, '/api/auth/sign-in/email', {
        email: 'twice@example.com',
        password: 'correct horse battery',
      }),
    );
    const second = cookieHeader(
      await postJson(api.app, '/api/auth/sign-in/email', {
        email: 'twice@example.com',
        password: 'correct horse battery',
      }),
    );
    expect(first).not.toBe(second);
    expect((await session(first))?.email).toBe('twice@example.com');

    const out = await postJson(api.app, '/api/auth/sign-out', {}, first);
    expect(out.status).toBe(200);
    expect(await session(first)).toBeNull();
    expect((await getWithCookie(api.app, '/api/admin/influencers', first)).status).toBe(401);
    // The other session is untouched.
    expect((await session(second))?.email).toBe('twice@example.com');
  });

  it('links a sign-in to the existing record of the same auth user instead of making another', async () => {
    const cookie = await signUpCreator(api.app, { email: 'again@example.com', name: 'Again Person' });
    const firstId = (await session(cookie))?.creator?.id;
    await postJson(api.app, '/api/auth/sign-in/email', {
      email: 'again@example.com',
      password: 'correct horse battery',
    });
    const rows = await api.db.select().from(creators).where(eq(creators.email, 'again@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(firstId);
  });

  it('links a sign-up to an influencer record that already had this email but no account', async () => {
    const [existing] = await api.db
      .insert(creators)
      .values({ username: 'preloaded', name: 'Pre Loaded', email: 'preloaded@example.com' })
      .returning();
    const cookie = await signUpCreator(api.app, { email: 'preloaded@example.com', name: 'Pre Loaded' });
    expect((await session(cookie))?.creator?.id).toBe(existing!.id);
  });

  it('answers the same for an unknown email and a wrong password (no account enumeration)', async () => {
    await signUpCreator(api.app, { email: 'known@example.com' });
    const wrong = await postJson(api.app, '/api/auth/sign-in/email', {
      email: 'known@example.com',
      password: 'wrong password!',
    });
    const unknown = await postJson(api.app, '/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'wrong password!',
    });
    expect(wrong.status).toBe(unknown.status);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('signs an admin in by username or email, and refuses wrong pairs with the spec text', async () => {
    const byUsername = await signInAdmin(api.app, 'boss', ADMIN_PASSWORD);
    expect((await session(byUsername))?.role).toBe('admin');
    expect((await session(byUsername))?.creator).toBeNull();
    const byEmail = await signInAdmin(api.app, 'BOSS@mintbox.test', ADMIN_PASSWORD);
    expect((await session(byEmail))?.role).toBe('admin');

    for (const [username, password] of [
      ['boss', 'wrong password'],
      ['nobody', ADMIN_PASSWORD],
      ['known@example.com', 'correct horse battery'], // a creator's real credentials
    ]) {
      const response = await postJson(api.app, '/api/auth/admin-sign-in', { username, password });
      expect(response.status, username).toBe(401);
      expect(await response.json()).toEqual({
        error: 'Invalid credentials. Please check your username and password.',
        code: 'UNAUTHORIZED',
      });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const missing = await postJson(api.app, '/api/auth/admin-sign-in', { username: '', password: '' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toMatch(/Username is required/);
  });

  it('guards every /api/admin route: 401 anonymous, 403 creator, 200 admin', async () => {
    const adminPaths = api.app.routes
      .filter((route) => route.path.startsWith('/api/admin/') && route.method !== 'ALL')
      .map((route) => ({ method: route.method, path: route.path.replace(/:([a-zA-Z]+)/g, '1') }));
    expect(adminPaths.length).toBeGreaterThan(0);
    const creator = await signUpCreator(api.app, { email: 'not-an-admin@example.com' });
    const admin = await signInAdmin(api.app, 'boss', ADMIN_PASSWORD);
    for (const { method, path } of adminPaths) {
      const call = (cookie: string) =>
        api.app.request(path, {
          method,
          headers: {
            origin: 'http://localhost:3000',
            'content-type': 'application/json',
            ...(cookie ? { cookie } : {}),
          },
          ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
        });
      expect((await call('')).status, `${method} ${path} anonymous`).toBe(401);
      expect((await call(creator)).status, `${method} ${path} creator`).toBe(403);
      expect([401, 403], `${method} ${path} admin`).not.toContain((await call(admin)).status);
    }
    // Paths that do not exist are still closed to creators.
    expect((await getWithCookie(api.app, '/api/admin/no-such-thing', creator)).status).toBe(403);
    const list = await getWithCookie(api.app, '/api/admin/influencers?q=not-an-admin', admin);
    expect(((await list.json()) as { total: number }).total).toBe(1);
  });

  it('starts social sign-in only for configured providers', async () => {
    const facebook = await postJson(api.app, '/api/auth/social/facebook', {});
    expect(facebook.status).toBe(400);
    expect(((await facebook.json()) as { error: string }).error).toMatch(
      /^Facebook OAuth provider is not configured/,
    );
    const tiktok = await api.app.request('/api/auth/tiktok', { redirect: 'manual' });
    expect(tiktok.status).toBe(302);
    expect(tiktok.headers.get('location')).toMatch(/^\/auth\/callback\?provider=tiktok&error=TikTok%20OAuth/);
    const unknown = await postJson(api.app, '/api/auth/social/myspace', {});
    expect(unknown.status).toBe(400);
    const config = (await (await api.app.request('/api/config')).json()) as { authProviders: string[] };
    expect(config.authProviders).toEqual(['google']);
  });

  it('rate-limits password sign-in with 429', async () => {
    /** The statuses of twelve tries in a row from the address `ip`. */
    const twelveTries = async (path: string, body: unknown, ip: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push((await postJson(api.app, path, body, '', { 'x-forwarded-for': ip })).status);
      }
      return statuses;
    };
    const flood = { email: 'flood@example.com', password: 'nope nope nope' };
    expect(await twelveTries('/api/auth/sign-in/email', flood, '192.0.2.10')).toContain(429);
    const adminStatuses = await twelveTries(
      '/api/auth/admin-sign-in',
      { username: 'x', password: 'y' },
      '192.0.2.11',
    );
    expect(adminStatuses.at(-1)).toBe(429);
  });

  it('keeps sessions and users in the database', async () => {
    const rows = await api.db.select().from(users).where(eq(users.email, 'boss@mintbox.test'));
    expect(rows[0]?.role).toBe('admin');
    expect((await api.db.select().from(sessions)).length).toBeGreaterThan(0);
  });
});
