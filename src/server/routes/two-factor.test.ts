import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  getWithCookie,
  postJson,
  signInAdminPasswordOnly,
} from '../../../tests/support/auth-client';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator, READY_PROFILE, saveProfile } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { secretOf, totpCode, wrongCode } from '../../../tests/support/totp';
import {
  adminCodeChallenge,
  enrolTwoFactor,
  signInAdminWithCode,
  verifyBackupCode,
  verifyTotp,
} from '../../../tests/support/two-factor';
import { sessions, twoFactors, users } from '../../db/schema/auth';
import type { AdminRole } from '../../shared/admin-permissions';
import type { SessionResponse } from '../../shared/schemas/session';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';

const PASSWORD = 'admin password 2026!';
const MINUTE = 60_000;

/**
 * Issue 22: admins (and creators who want it) enrol an authenticator app through Better Auth's two-factor plugin;
 * ADMIN_REQUIRE_2FA makes it compulsory for admins; every sign-in of an enrolled account asks for a code; wrong
 * codes are limited like passwords. Everything goes through HTTP.
 */
describe.each(TEST_DRIVERS)('two factors on %s', (driver) => {
  let database: TestDatabase;
  /** ADMIN_REQUIRE_2FA=true (production's default). */
  let strict: ReturnType<typeof createApp>;
  /** ADMIN_REQUIRE_2FA unset outside production: false. */
  let relaxed: ReturnType<typeof createApp>;
  // The app's clock starts at the real time: Better Auth stamps sessions and codes with the real clock.
  const clock = fakeClock(new Date().toISOString());
  let n = 0;

  /** A Manager by default: ADMIN_REQUIRE_2FA decides for them (Owner and Finance need a second factor always). */
  const newAdmin = async (role: AdminRole = 'manager') => {
    n += 1;
    const admin = { email: `admin${n}@mintbox.test`, username: `admin${n}`, password: PASSWORD };
    const auth = createAuth({ db: database.db, env: testEnv(), logger: silentLogger() });
    await upsertAdmin(database.db, auth, { ...admin, role });
    return admin;
  };
  /** A new admin (a Manager by default) who signed in and enrolled an authenticator, with the enrolment. */
  const enrolledAdmin = async (role?: AdminRole) => {
    const admin = await newAdmin(role);
    const enrolment = await enrolTwoFactor(
      relaxed,
      await signInAdmin(relaxed, admin.username, PASSWORD),
      PASSWORD,
    );
    return { admin, ...enrolment };
  };
  /** The password step alone (no enrolment, no code). */
  const signInAdmin = async (app: typeof strict, username: string, password: string) =>
    (await signInAdminPasswordOnly(app, username, password)).cookie;
  const sessionOf = async (app: typeof strict, cookie: string) =>
    ((await (await getWithCookie(app, '/api/session', cookie)).json()) as SessionResponse).user;
  const errorOf = async (response: Response) =>
    (await response.json()) as { error?: string; code?: string; message?: string };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const deps = { db: database.db, logger: silentLogger(), now: () => clock.now };
    strict = createApp({ ...deps, env: testEnv({ TRUST_PROXY: 'true', ADMIN_REQUIRE_2FA: 'true' }) });
    relaxed = createApp({ ...deps, env: testEnv({ TRUST_PROXY: 'true' }) });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('sends an admin who has not enrolled to enrolment: every admin API answers 403 until a code is verified', async () => {
    const admin = await newAdmin();
    const signIn = await postJson(strict, '/api/auth/admin-sign-in', {
      username: admin.username,
      password: PASSWORD,
    });
    expect(await signIn.json()).toEqual({ redirectTo: '/admin/two-factor', twoFactorRequired: false });
    const cookie = cookieHeader(signIn);
    expect((await sessionOf(strict, cookie))?.twoFactor).toEqual({
      enabled: false,
      required: true,
      enrolmentRequired: true,
    });
    const blocked = await getWithCookie(strict, '/api/admin/influencers', cookie);
    expect(blocked.status).toBe(403);
    expect(await errorOf(blocked)).toMatchObject({ code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });

    // Enrolment: the password, then a first code from the app (a wrong one does not enrol).
    const enable = await postJson(strict, '/api/auth/two-factor/enable', { password: PASSWORD }, cookie);
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Mintbox:admin\d+%40mintbox\.test\?secret=[A-Z2-7]+/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Mintbox');
    expect(backupCodes).toHaveLength(10);
    const secret = secretOf(totpURI);
    const wrong = await verifyTotp(strict, cookie, wrongCode(secret));
    expect(wrong.status).toBe(401);
    expect((await getWithCookie(strict, '/api/admin/influencers', cookie)).status).toBe(403);

    const verify = await verifyTotp(strict, cookie, totpCode(secret));
    expect(verify.status).toBe(200);
    const enrolled = cookieHeader(verify);
    expect((await getWithCookie(strict, '/api/admin/influencers', enrolled)).status).toBe(200);
    expect((await sessionOf(strict, enrolled))?.twoFactor).toEqual({
      enabled: true,
      required: true,
      enrolmentRequired: false,
    });
    // The session that enrolled was replaced; the secret and the codes are stored encrypted, not as shown.
    expect(await sessionOf(strict, cookie)).toBeNull();
    const [row] = await database.db
      .select({ secret: twoFactors.secret, backupCodes: twoFactors.backupCodes })
      .from(twoFactors)
      .innerJoin(users, eq(users.id, twoFactors.userId))
      .where(eq(users.email, admin.email));
    expect(row!.secret).not.toContain(secret);
    expect(row!.backupCodes).not.toContain(backupCodes[0]!);
  });

  it('asks an enrolled admin for a code at every sign-in: no session before it, one after', async () => {
    const { admin, secret } = await enrolledAdmin();
    const signIn = await postJson(relaxed, '/api/auth/admin-sign-in', {
      username: admin.email,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toEqual({ redirectTo: '/admin/campaigns', twoFactorRequired: true });
    const pending = cookieHeader(signIn);
    expect(pending).toContain('two_factor=');
    expect(await sessionOf(relaxed, pending)).toBeNull();
    expect((await getWithCookie(relaxed, '/api/admin/influencers', pending)).status).toBe(401);
    // "Trust this device" is not honoured: the next sign-in asks again.
    const verify = await verifyTotp(relaxed, pending, totpCode(secret), { trustDevice: true });
    expect(verify.status).toBe(200);
    expect(verify.headers.getSetCookie().some((c) => c.includes('trust_device='))).toBe(false);
    const cookie = cookieHeader(verify);
    expect((await getWithCookie(relaxed, '/api/admin/influencers', cookie)).status).toBe(200);
    // Better Auth's own email sign-in asks too (no way around the code).
    const direct = await postJson(relaxed, '/api/auth/sign-in/email', {
      email: admin.email,
      password: PASSWORD,
    });
    expect(await direct.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('signs in with a backup code once; the same code is refused the second time', async () => {
    const { admin, backupCodes } = await enrolledAdmin();
    const challenge = () => adminCodeChallenge(relaxed, admin.username, PASSWORD);
    const first = await verifyBackupCode(relaxed, await challenge(), backupCodes[0]);
    expect(first.status).toBe(200);
    expect((await getWithCookie(relaxed, '/api/admin/influencers', cookieHeader(first))).status).toBe(200);
    const again = await verifyBackupCode(relaxed, await challenge(), backupCodes[0]);
    expect(again.status).toBe(401);
    const other = await verifyBackupCode(relaxed, await challenge(), backupCodes[1]);
    expect(other.status).toBe(200);
  });

  it('limits wrong codes like passwords: 5 wrong, then a wait (even for the right code), then it works', async () => {
    const { admin, secret } = await enrolledAdmin();
    const challenge = await adminCodeChallenge(relaxed, admin.username, PASSWORD);
    // From one client address (an office of admins behind one address is not refused after 3 in 10 s).
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await verifyTotp(relaxed, challenge, wrongCode(secret), {
        headers: { 'x-forwarded-for': '10.200.0.1' },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The challenge is spent (Better Auth's 5 tries per sign-in) ...
    const spent = await verifyTotp(relaxed, challenge, totpCode(secret));
    expect(spent.status).toBe(400);
    // ... and a new sign-in (the right password) does not forgive wrong codes: the account waits, right code or not.
    const fresh = await adminCodeChallenge(relaxed, admin.username, PASSWORD);
    const waiting = await verifyTotp(relaxed, fresh, totpCode(secret));
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    expect(await errorOf(waiting)).toMatchObject({
      message: 'Too many wrong codes. Please wait a minute and try again.',
    });

    clock.advance(61_000);
    const after = await verifyTotp(relaxed, fresh, totpCode(secret));
    expect(after.status).toBe(200);
    expect((await getWithCookie(relaxed, '/api/admin/influencers', cookieHeader(after))).status).toBe(200);
  });

  it('ends an admin session after 30 minutes idle and after 12 hours; a creator’s lives on', async () => {
    const admin = await newAdmin();
    const cookie = await signInAdmin(relaxed, admin.username, PASSWORD);
    const creator = await createReadyCreator(relaxed, database.db, { email: `creator${n}@example.com` });
    const lastActive = async () => {
      const [row] = await database.db
        .select({ at: sessions.lastActiveAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, admin.email));
      return row?.at ?? null;
    };
    const get = (c: string) => getWithCookie(relaxed, '/api/admin/influencers', c);

    // Active every 29 minutes: it lives; the last request is written at most once a minute.
    const started = (await lastActive())!.getTime();
    clock.advance(29 * MINUTE);
    expect((await get(cookie)).status).toBe(200);
    const noted = (await lastActive())!.getTime();
    expect(noted - started).toBeGreaterThanOrEqual(29 * MINUTE - 1000);
    clock.advance(30_000);
    expect((await get(cookie)).status).toBe(200);
    expect((await lastActive())!.getTime()).toBe(noted);
    clock.advance(29 * MINUTE);
    expect((await get(cookie)).status).toBe(200);

    // 31 minutes without a request: 401, and the session is gone from the server.
    clock.advance(31 * MINUTE);
    const idle = await get(cookie);
    expect(idle.status).toBe(401);
    expect(await lastActive()).toBeNull();
    expect(await sessionOf(relaxed, cookie)).toBeNull();

    // 12 hours at most from the sign-in (the session's creation, stamped by Better Auth), however active.
    const signedInAt = Date.now();
    clock.set(new Date(signedInAt).toISOString());
    const again = await signInAdmin(relaxed, admin.username, PASSWORD);
    const at = (minutes: number) => clock.set(new Date(signedInAt + minutes * MINUTE).toISOString());
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      at(minutes);
      expect((await get(again)).status, `after ${minutes} minutes`).toBe(200);
    }
    at(12 * 60 + 1);
    expect((await get(again)).status).toBe(401);

    // The creator signed in at the start: 13 hours later, and idle for hours, still signed in.
    expect((await sessionOf(relaxed, creator.cookie))?.role).toBe('influencer');
    expect((await getWithCookie(relaxed, '/api/me', creator.cookie)).status).toBe(200);
  });
  it('asks for a fresh second factor on every money action and export: refused after 10 minutes, allowed after a step-up', async () => {
    const { admin, secret, backupCodes } = await enrolledAdmin('owner');
    const creator = await createReadyCreator(relaxed, database.db, { email: `stepup${n}@example.com` });
    const campaign = await insertCampaign(database.db, { name: 'Step-up Serum', status: 'active' });
    const t0 = Date.now();
    clock.set(new Date(t0).toISOString());
    const cookie = await signInAdminWithCode(relaxed, admin.username, PASSWORD, secret);
    const at = (minutes: number) => clock.set(new Date(t0 + minutes * MINUTE).toISOString());
    const get = (path: string) => getWithCookie(relaxed, path, cookie);
    const post = (path: string, body: unknown) => postJson(relaxed, path, body, cookie);

    /** Each money action and each export of personal data, with what it answers when let through. */
    const actions: Array<[string, () => Promise<Response>, number]> = [
      [
        'adjust Mint',
        () =>
          post(`/api/admin/influencers/${creator.creatorId}/adjustments`, {
            amount: 5,
            reason: 'Goodwill credit',
          }),
        201,
      ],
      ['Process Payment', () => post('/api/admin/payouts/process', { ids: [999_999], mode: 'manual' }), 404],
      ['mark paid', () => post('/api/admin/payouts/999999/mark-paid', { reference: 'PP-123' }), 404],
      ['mark failed', () => post('/api/admin/payouts/999999/mark-failed', { reason: 'Account closed' }), 404],
      ['transactions CSV', () => get('/api/admin/transactions.csv'), 200],
      ['shipping CSV', () => get(`/api/admin/campaigns/${campaign.id}/shipping.csv`), 200],
      ['campaign analytics CSV', () => get(`/api/admin/campaigns/${campaign.id}/analytics.csv`), 200],
      ['analytics CSV', () => get('/api/admin/analytics.csv?from=2026-01-01&to=2026-12-31'), 200],
    ];
    const answers = async () => {
      const out: Record<string, number | string> = {};
      for (const [name, call, _] of actions) {
        const response = await call();
        out[name] = response.status === 403 ? ((await errorOf(response)).code ?? 403) : response.status;
      }
      return out;
    };
    const allowed = Object.fromEntries(actions.map(([name, , status]) => [name, status]));
    const refused = Object.fromEntries(actions.map(([name]) => [name, 'STEP_UP_REQUIRED']));

    // The sign-in's code covers 10 minutes ...
    at(1);
    expect(await answers()).toEqual(allowed);
    at(9);
    expect(await answers()).toEqual(allowed);
    // ... and no more.
    at(11);
    expect(await answers()).toEqual(refused);
    // Other admin pages do not ask.
    expect((await get('/api/admin/influencers')).status).toBe(200);

    // A step-up: a wrong code is refused and changes nothing; the right one opens 10 minutes again.
    const wrong = await post('/api/auth/step-up', { code: wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await answers()).toEqual(refused);
    const right = await post('/api/auth/step-up', { code: totpCode(secret) });
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ validUntil: new Date(t0 + 21 * MINUTE).toISOString() });
    at(20);
    expect(await answers()).toEqual(allowed);
    at(22);
    expect(await answers()).toEqual(refused);

    // A backup code works for a step-up too, once.
    expect((await post('/api/auth/step-up', { code: backupCodes[2] })).status).toBe(200);
    expect(await answers()).toEqual(allowed);
    at(33);
    expect((await post('/api/auth/step-up', { code: backupCodes[2] })).status).toBe(400);
  });

  it('does not ask a Manager without an authenticator while ADMIN_REQUIRE_2FA is off; with it on, and for an Owner always, enrolment comes first', async () => {
    const admin = await newAdmin();
    const campaign = await insertCampaign(database.db, { name: 'Relaxed Serum', status: 'active' });
    const csv = `/api/admin/campaigns/${campaign.id}/shipping.csv`;
    const relaxedCookie = await signInAdmin(relaxed, admin.username, PASSWORD);
    const relaxedAnswer = await getWithCookie(relaxed, csv, relaxedCookie);
    expect(relaxedAnswer.status).toBe(200);
    await relaxedAnswer.body?.cancel();
    const stepUp = await postJson(relaxed, '/api/auth/step-up', { code: '123456' }, relaxedCookie);
    expect(stepUp.status).toBe(400);
    const strictCookie = await signInAdmin(strict, admin.username, PASSWORD);
    const refused = await getWithCookie(strict, csv, strictCookie);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
    const owner = await newAdmin('owner');
    const ownerCookie = await signInAdmin(relaxed, owner.username, PASSWORD);
    const ownerRefused = await getWithCookie(relaxed, '/api/admin/transactions.csv', ownerCookie);
    expect(await errorOf(ownerRefused)).toMatchObject({ code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
  });

  it('needs a recent second factor to read the secret again, make new backup codes or turn two-factor off', async () => {
    const { admin, secret, cookie: enrolled } = await enrolledAdmin();
    const t0 = Date.now();
    clock.set(new Date(t0).toISOString());
    const cookie = await signInAdminWithCode(relaxed, admin.username, PASSWORD, secret);
    expect(enrolled).not.toBe(cookie);
    clock.set(new Date(t0 + 11 * MINUTE).toISOString());
    for (const path of ['get-totp-uri', 'generate-backup-codes', 'disable']) {
      const refused = await postJson(relaxed, `/api/auth/two-factor/${path}`, { password: PASSWORD }, cookie);
      expect(refused.status, path).toBe(403);
      expect(await errorOf(refused)).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    }
    expect((await postJson(relaxed, '/api/auth/step-up', { code: totpCode(secret) }, cookie)).status).toBe(
      200,
    );
    const codes = await postJson(
      relaxed,
      '/api/auth/two-factor/generate-backup-codes',
      { password: PASSWORD },
      cookie,
    );
    expect(codes.status).toBe(200);
    expect(((await codes.json()) as { backupCodes: string[] }).backupCodes).toHaveLength(10);
  });

  it('asks a creator with an authenticator for its code, not the password, to change the PayPal email', async () => {
    n += 1;
    const creator = await createReadyCreator(relaxed, database.db, { email: `paypal${n}@example.com` });
    const { secret, cookie } = await enrolTwoFactor(relaxed, creator.cookie, 'correct horse battery');
    expect((await sessionOf(relaxed, cookie))?.twoFactor).toEqual({
      enabled: true,
      required: false,
      enrolmentRequired: false,
    });
    // The creator's own sign-in asks for the code too.
    const signIn = await postJson(relaxed, '/api/auth/sign-in/email', {
      email: creator.email,
      password: 'correct horse battery',
    });
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });

    const patch = (body: Record<string, unknown>) =>
      saveProfile(relaxed, cookie, { ...READY_PROFILE, paypalEmail: 'new.paypal@example.com', ...body });
    const withPassword = await patch({ currentPassword: 'correct horse battery' });
    expect(withPassword.status).toBe(403);
    expect(await errorOf(withPassword)).toMatchObject({
      error: 'To change your PayPal email, confirm with a code from your authenticator app.',
    });
    const wrong = await patch({ totpCode: wrongCode(secret) });
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toMatchObject({ error: 'The code is not correct.' });
    const right = await patch({ totpCode: totpCode(secret) });
    expect(right.status).toBe(200);
    expect(((await right.json()) as { profile: { paypalEmail: string } }).profile.paypalEmail).toBe(
      'new.paypal@example.com',
    );
  });
  it('spends the account’s password budget on the two-factor endpoints’ password checks', async () => {
    n += 1;
    const creator = await createReadyCreator(relaxed, database.db, { email: `guess${n}@example.com` });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await postJson(
        relaxed,
        '/api/auth/two-factor/enable',
        { password: `guess ${i}` },
        creator.cookie,
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const right = await postJson(
      relaxed,
      '/api/auth/two-factor/enable',
      { password: 'correct horse battery' },
      creator.cookie,
    );
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same budget as the sign-in's: the right password waits there too.
    const signIn = await postJson(relaxed, '/api/auth/sign-in/email', {
      email: creator.email,
      password: 'correct horse battery',
    });
    expect(signIn.status).toBe(429);
  });
});
