import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, useAdminApp } from '../../../tests/support/admin-app';
import { postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator, READY_PROFILE, saveProfile } from '../../../tests/support/creators';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { upsertAdmin } from './admin-accounts';

const RIGHT = 'correct horse battery';

describe.each(TEST_DRIVERS)('password guessing on %s', (driver) => {
  const mailer = captureMailer();
  const api = useAdminApp(driver, { mailer, mailAuth: true, adminEmail: false, people: 'guess' });
  let ip = 0;
  /** Every guess from another address: the per-address limits stay out of the way, the per-account one must hold. */
  const freshIp = () => {
    ip += 1;
    return `198.18.${ip >> 8}.${ip & 255}`;
  };
  const signIn = (email: string, password: string) =>
    postJson(api.app, '/api/auth/sign-in/email', { email, password }, '', { 'x-forwarded-for': freshIp() });
  const adminSignIn = (username: string, password: string) =>
    postJson(api.app, '/api/auth/admin-sign-in', { username, password }, '', {
      'x-forwarded-for': freshIp(),
    });
  const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  beforeAll(async () => {
    await upsertAdmin(api.db, api.auth, {
      email: 'chief@mintbox.test',
      password: ADMIN_PASSWORD,
      username: 'chief',
    });
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks 5 of 40 simultaneous guesses at the profile password and refuses 35 with 429', async () => {
    const { cookie } = await api.creator();
    const guess = (i: number) =>
      saveProfile(
        api.app,
        cookie,
        {
          ...READY_PROFILE,
          paypalEmail: 'thief@example.com',
          currentPassword: `guess number ${i}`,
        },
        { 'x-forwarded-for': freshIp() },
      );
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(i)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many wrong passwords/);

    // During the wait even the right password is refused; after it, the right one works.
    const right = () =>
      saveProfile(api.app, cookie, {
        ...READY_PROFILE,
        paypalEmail: 'mine@example.com',
        currentPassword: RIGHT,
      });
    expect((await right()).status).toBe(429);
    later(61);
    expect((await right()).status).toBe(200);
  });

  it('limits email sign-in per account, whatever the address, and tells the owner once', async () => {
    const email = api.newEmail();
    await createReadyCreator(api.app, api.db, { email });
    const sentBefore = mailer.sent.length;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(email, `wrong guess ${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await signIn(email, RIGHT);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(60);
    expect(((await locked.json()) as { message: string }).message).toMatch(/Too many wrong passwords/);
    expect(locked.headers.getSetCookie()).toEqual([]);

    const notices = mailer.sent.slice(sentBefore).filter((m) => m.to === email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/sign-in attempts/i);
    expect(notices[0]!.text).toContain('http://localhost:3000/forgot-password');

    later(61);
    expect((await signIn(email, RIGHT)).status).toBe(200);
    // A success forgives: the next mistakes start from zero.
    for (let i = 0; i < 4; i++) expect((await signIn(email, `again ${i}`)).status).toBe(401);
    expect((await signIn(email, RIGHT)).status).toBe(200);
  });

  it('backs off longer after each further failure, never past 15 minutes', async () => {
    const email = api.newEmail();
    await createReadyCreator(api.app, api.db, { email });
    for (let i = 0; i < 5; i++) await signIn(email, `wrong ${i}`);
    const waits: number[] = [];
    for (let round = 0; round < 7; round++) {
      const refused = await signIn(email, 'wrong again');
      waits.push(Number(refused.headers.get('retry-after')));
      later(waits.at(-1)! + 1);
      expect((await signIn(email, 'still wrong')).status).toBe(401);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900]);
    later(901);
    expect((await signIn(email, RIGHT)).status).toBe(200);
  });

  it('gives the admin sign-in and the email sign-in one budget per account', async () => {
    for (let i = 0; i < 3; i++) expect((await adminSignIn('chief', `nope ${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await signIn('chief@mintbox.test', `nope ${i}`)).status).toBe(401);
    const admin = await adminSignIn('CHIEF', ADMIN_PASSWORD);
    expect(admin.status).toBe(429);
    expect(Number(admin.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await admin.json()) as { error: string }).error).toMatch(/Too many wrong passwords/);
    expect((await signIn('chief@mintbox.test', ADMIN_PASSWORD)).status).toBe(429);
    later(61);
    expect((await adminSignIn('chief', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('answers an address nobody has exactly like a real one', async () => {
    const real = api.newEmail();
    await createReadyCreator(api.app, api.db, { email: real });
    const nobody = 'nobody-here@example.com';
    for (let i = 0; i < 5; i++) {
      await signIn(real, `wrong ${i}`);
      await signIn(nobody, `wrong ${i}`);
    }
    const [a, b] = [await signIn(real, 'wrong'), await signIn(nobody, 'wrong')];
    expect(a.status).toBe(429);
    expect(b.status).toBe(a.status);
    expect(await b.json()).toEqual(await a.json());
    expect(b.headers.get('retry-after')).toBe(a.headers.get('retry-after'));
  });
});
