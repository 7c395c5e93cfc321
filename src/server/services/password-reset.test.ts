import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { cookieHeader, getWithCookie, postJson, signUpCreator } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import type { SessionResponse } from '../../shared/schemas/session';

const OLD = 'correct horse battery';
const NEW = 'a brand new passphrase';

describe.each(TEST_DRIVERS)('password recovery on %s', (driver) => {
  const mailer = captureMailer();
  const api = useAdminApp(driver, { mailer, mailAuth: true, adminEmail: false, people: 'reset' });

  const requestReset = (email: string, ip = '203.0.113.50') =>
    postJson(api.app, '/api/auth/request-password-reset', { email }, '', { 'x-forwarded-for': ip });
  const resetPassword = (token: string, newPassword: string) =>
    postJson(api.app, '/api/auth/reset-password', { token, newPassword });
  const signIn = (email: string, password: string) =>
    postJson(api.app, '/api/auth/sign-in/email', { email, password });
  const whoIs = async (cookie: string) =>
    ((await (await getWithCookie(api.app, '/api/session', cookie)).json()) as SessionResponse).user?.email ??
    null;
  /** The reset mails sent to `email` (they go out in the background, right after the answer). */
  const resetMails = async (email: string, count = 1) => {
    await vi.waitFor(() =>
      expect(
        mailer.sent.filter((m) => m.to === email && /reset/i.test(m.subject)).length,
      ).toBeGreaterThanOrEqual(count),
    );
    return mailer.sent.filter((m) => m.to === email && /reset/i.test(m.subject));
  };
  const tokenIn = (text: string) => {
    const match = text.match(/http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`no reset link in: ${text}`);
    return match[1]!;
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same whether or not the address has an account, and mails a link only to a real one', async () => {
    const email = api.newEmail();
    await signUpCreator(api.app, { email, password: OLD });
    const before = mailer.sent.length;
    const known = await requestReset(email, '203.0.113.1');
    const unknown = await requestReset('no-account@example.com', '203.0.113.2');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    const [mail] = await resetMails(email);
    expect(mail!.text).toMatch(/30 minutes/);
    expect(tokenIn(mail!.text)).toBeTruthy();
    expect(mail!.html).toContain('/reset-password?token=');
    expect(mailer.sent.slice(before).map((m) => m.to)).not.toContain('no-account@example.com');
  });

  it('sets the new password once with the link, signs out every session and tells the owner', async () => {
    const email = api.newEmail();
    const first = await signUpCreator(api.app, { email, password: OLD });
    const second = cookieHeader(await signIn(email, OLD));
    expect(await whoIs(first)).toBe(email);
    await requestReset(email);
    const token = tokenIn((await resetMails(email))[0]!.text);

    const weak = await resetPassword(token, 'password123');
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { message: string }).message).toBe(
      'This password is too common. Please choose one that is harder to guess.',
    );
    const done = await resetPassword(token, NEW);
    expect(done.status).toBe(200);
    expect(await whoIs(first)).toBeNull();
    expect(await whoIs(second)).toBeNull();
    expect((await signIn(email, OLD)).status).toBe(401);
    expect((await signIn(email, NEW)).status).toBe(200);

    const again = await resetPassword(token, 'yet another passphrase');
    expect(again.status).toBe(400);
    await vi.waitFor(() =>
      expect(mailer.sent.some((m) => m.to === email && /password was changed/i.test(m.subject))).toBe(true),
    );
  });

  it('lets a link work for 30 minutes only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const email = api.newEmail();
    await signUpCreator(api.app, { email, password: OLD });
    await requestReset(email, '203.0.113.3');
    const token = tokenIn((await resetMails(email))[0]!.text);
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const late = await resetPassword(token, NEW);
    expect(late.status).toBe(400);
    expect((await signIn(email, OLD)).status).toBe(200);
  });

  it('sends at most 3 links an hour per address, and answers the same after that', async () => {
    const email = api.newEmail();
    await signUpCreator(api.app, { email, password: OLD });
    const bodies: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await requestReset(email, `203.0.113.${100 + i}`);
      expect(response.status).toBe(200);
      bodies.push(await response.json());
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    await resetMails(email, 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailer.sent.filter((m) => m.to === email && /reset/i.test(m.subject))).toHaveLength(3);
  });

  it('refuses a flood of reset requests from one address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 12; i++) {
      const response = await requestReset(`flood${i}@example.com`, '198.51.100.77');
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
    }
    expect(statuses).toContain(429);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('signs out every other session when the password is changed', async () => {
    const email = api.newEmail();
    const here = await signUpCreator(api.app, { email, password: OLD });
    const elsewhere = cookieHeader(await signIn(email, OLD));
    const changed = await postJson(
      api.app,
      '/api/auth/change-password',
      { currentPassword: OLD, newPassword: NEW, revokeOtherSessions: false },
      here,
    );
    expect(changed.status).toBe(200);
    expect(await whoIs(elsewhere)).toBeNull();
    const stillHere = cookieHeader(changed) || here;
    expect(await whoIs(stillHere)).toBe(email);
    const weak = await postJson(
      api.app,
      '/api/auth/change-password',
      { currentPassword: NEW, newPassword: 'qwertyuiop' },
      stillHere,
    );
    expect(weak.status).toBe(400);
    await vi.waitFor(() =>
      expect(mailer.sent.some((m) => m.to === email && /password was changed/i.test(m.subject))).toBe(true),
    );
  });
});
