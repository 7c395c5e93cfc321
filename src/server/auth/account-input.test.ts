import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { cookieHeader, getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator, READY_PROFILE, saveProfile } from '../../../tests/support/creators';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { users } from '../../db/schema/auth';
import { PASSWORD_MESSAGES } from '../../shared/rules/password';

/** What sign-up, sign-in and profile updates accept: passwords, names, images, and what a sign-up reveals. */
describe.each(TEST_DRIVERS)('account input on %s', (driver) => {
  const mailer = captureMailer();
  const api = useAdminApp(driver, { mailer, mailAuth: true, adminEmail: false });
  const signUp = (body: Record<string, unknown>) =>
    postJson(api.app, '/api/auth/sign-up/email', {
      name: 'Valid Name',
      password: 'correct horse battery',
      ...body,
    });
  const messageOf = async (response: Response) => {
    const body = (await response.json()) as { message?: string; error?: string };
    return body.error ?? body.message;
  };

  it('refuses short, blank, common and control-character passwords with the rule message', async () => {
    const cases: Array<[string, string]> = [
      ['password', PASSWORD_MESSAGES.tooShort],
      ['12345678', PASSWORD_MESSAGES.tooShort],
      ['        ', PASSWORD_MESSAGES.tooShort],
      ['          ', PASSWORD_MESSAGES.blank],
      ['1234567890', PASSWORD_MESSAGES.common],
      ['Password2026!', PASSWORD_MESSAGES.common],
      ['qwertyuiop', PASSWORD_MESSAGES.common],
      ['x'.repeat(129), PASSWORD_MESSAGES.tooLong],
    ];
    let i = 0;
    for (const [password, message] of cases) {
      i += 1;
      const response = await signUp({ email: `weak${i}@example.com`, password });
      expect(response.status, JSON.stringify(password)).toBe(400);
      expect(await messageOf(response), JSON.stringify(password)).toBe(message);
    }
    const nul = await signUp({ email: 'nul@example.com', password: 'pass\u0000word-long' });
    expect(nul.status).toBe(400);
    const stored = await api.db.select().from(users).where(eq(users.email, 'weak1@example.com'));
    expect(stored).toEqual([]);
  });

  it('caps the name and the image, in sign-up and in profile updates', async () => {
    const huge = await signUp({ email: 'huge@example.com', name: 'N'.repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    const long = await signUp({ email: 'long@example.com', name: 'N'.repeat(101) });
    expect(long.status).toBe(400);
    expect(await messageOf(long)).toBe('Name must be at most 100 characters');
    const blank = await signUp({ email: 'blank@example.com', name: '   ' });
    expect(blank.status).toBe(400);
    const script = await signUp({ email: 'img@example.com', image: 'javascript:alert(1)' });
    expect(script.status).toBe(400);
    expect(await messageOf(script)).toBe('Image must be an http(s) address of at most 2048 characters');

    const { cookie } = await createReadyCreator(api.app, api.db, { email: 'caps@example.com' });
    for (const body of [
      { name: 'N'.repeat(101) },
      { name: null },
      { name: '' },
      { image: `https://x.example/${'a'.repeat(3000)}` },
    ]) {
      const response = await postJson(api.app, '/api/auth/update-user', body, cookie);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const [row] = await api.db.select().from(users).where(eq(users.email, 'caps@example.com'));
    expect(row?.name).toBe('Ready Creator');
  });

  it('does not let a sign-in overwrite the name the creator set in the profile', async () => {
    const email = 'named@example.com';
    const { cookie } = await createReadyCreator(api.app, api.db, { email, name: 'sign-up handle' });
    const me = async (c: string) =>
      ((await (await getWithCookie(api.app, '/api/me', c)).json()) as { name: string }).name;
    const renamed = await saveProfile(api.app, cookie, {
      ...READY_PROFILE,
      firstName: 'Ana',
      lastName: 'Profile',
      fullName: 'Ana Profile',
    });
    expect(renamed.status).toBe(200);
    expect(await me(cookie)).toBe('Ana Profile');
    const again = cookieHeader(
      await postJson(api.app, '/api/auth/sign-in/email', { email, password: 'correct horse battery' }),
    );
    expect(await me(again)).toBe('Ana Profile');
    const account = await api.db.select({ name: users.name }).from(users).where(eq(users.email, email));
    expect(account[0]?.name).toBe('sign-up handle');
  });

  it('answers a sign-up with a registered address like a new one, and mails the owner instead', async () => {
    const owner = 'owner@example.com';
    const fresh = await signUp({ email: owner });
    expect(fresh.status).toBe(200);
    const before = mailer.sent.length;
    const again = await signUp({ email: 'Owner@Example.com', password: 'an attacker password' });
    expect(again.status).toBe(200);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.keys(body.user).sort(),
    });
    const freshBody = await fresh.json();
    const againBody = await again.json();
    expect(shape(againBody)).toEqual(shape(freshBody));
    // Neither starts a session: the form signs in with the password next, which only the owner knows.
    expect(fresh.headers.getSetCookie()).toEqual([]);
    expect(again.headers.getSetCookie()).toEqual([]);
    await vi.waitFor(() => expect(mailer.sent.slice(before).some((m) => m.to === owner)).toBe(true));
    const notice = mailer.sent.slice(before).find((m) => m.to === owner)!;
    expect(notice.subject).toMatch(/already have a Mintbox account/i);
    expect(notice.text).toContain('http://localhost:3000/forgot-password');
    // Repeating it does not flood the owner: at most 3 notices an hour.
    for (let i = 0; i < 4; i++)
      expect((await signUp({ email: owner, password: `attempt number ${i}` })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailer.sent.slice(before).filter((m) => m.to === owner)).toHaveLength(3);
    // The owner's password is untouched.
    expect(
      (
        await postJson(api.app, '/api/auth/sign-in/email', {
          email: owner,
          password: 'correct horse battery',
        })
      ).status,
    ).toBe(200);
    expect(
      (await postJson(api.app, '/api/auth/sign-in/email', { email: owner, password: 'an attacker password' }))
        .status,
    ).toBe(401);
  });
});
