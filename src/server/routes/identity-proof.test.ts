import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson, signUpCreator } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator, READY_PROFILE, saveProfile } from '../../../tests/support/creators';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { accounts, users } from '../../db/schema/auth';
import { creators } from '../../db/schema/creators';
import { FAILURES_BEFORE_WAIT } from '../services/password-attempts';

const PASSWORD = 'correct horse battery';

/**
 * Issue 9 proof rule: the PayPal email, and the verified email of an account that finished onboarding, change only
 * with the account password (or, for accounts without one, a code sent to the current verified email). Both the
 * old PayPal address and the verified email are told.
 */
describe.each(TEST_DRIVERS)('proof for PayPal and email changes on %s', (driver) => {
  const mailer = captureMailer();
  const clock = { now: new Date('2026-06-01T12:00:00Z') };
  const api = useAdminApp(driver, { mailer, now: () => clock.now, adminEmail: false });
  let n = 0;

  const advance = (ms = 61_000) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  const ready = async () => {
    n += 1;
    return createReadyCreator(api.app, api.db, { email: `proof${n}@example.com` });
  };
  /** Makes the account provider-only (no password), like a Google sign-up. */
  const withoutPassword = async (email: string) => {
    const [user] = await api.db.select().from(users).where(eq(users.email, email));
    await api.db
      .delete(accounts)
      .where(and(eq(accounts.userId, user!.id), eq(accounts.providerId, 'credential')));
  };
  const patchProfile = async (cookie: string, body: Record<string, unknown>) => {
    const response = await saveProfile(api.app, cookie, { ...READY_PROFILE, ...body });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown> & { error?: string },
    };
  };
  const post = async (path: string, body: unknown, cookie: string) => {
    const response = await postJson(api.app, path, body, cookie);
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & { error?: string },
    };
  };
  /** The creator asks for a code at the address `email`, with the proof it is them (a password or a code) if any. */
  const askCodeAt = (
    email: string,
    cookie: string,
    proof: { currentPassword?: string; code?: string } = {},
  ) => post('/api/send-verification', { email, ...proof }, cookie);
  /** The creator enters the code mailed to the new address `email`, which becomes theirs. */
  const enterCodeMailedTo = (email: string, cookie: string) =>
    post('/api/verify-email', { email, code: mailer.lastCodeFor(email) }, cookie);
  const me = async (cookie: string) =>
    (await (await getWithCookie(api.app, '/api/me', cookie)).json()) as {
      email: string;
      has_password: boolean;
      profile: { paypalEmail: string };
    };

  it('a password account changes its PayPal email only with the password; a code is not enough', async () => {
    const ana = await ready();
    expect((await me(ana.cookie)).has_password).toBe(true);
    const none = await patchProfile(ana.cookie, { paypalEmail: 'thief@example.com' });
    expect(none).toMatchObject({
      status: 403,
      body: { error: 'To change your PayPal email, confirm with your account password.' },
    });
    const withCode = await patchProfile(ana.cookie, { paypalEmail: 'thief@example.com', code: '123456' });
    expect(withCode.status).toBe(403);
    const codeRequest = await post('/api/me/paypal-code', {}, ana.cookie);
    expect(codeRequest).toMatchObject({
      status: 400,
      body: { error: 'Your account has a password: confirm the change with it.' },
    });
    const wrong = await patchProfile(ana.cookie, {
      paypalEmail: 'thief@example.com',
      currentPassword: 'guess',
    });
    expect(wrong).toMatchObject({ status: 403, body: { error: 'The password is not correct.' } });
    expect((await me(ana.cookie)).profile.paypalEmail).toBe(READY_PROFILE.paypalEmail);

    const sentBefore = mailer.sent.length;
    const right = await patchProfile(ana.cookie, {
      paypalEmail: 'ana.new@example.com',
      currentPassword: PASSWORD,
    });
    expect(right.status).toBe(200);
    expect((await me(ana.cookie)).profile.paypalEmail).toBe('ana.new@example.com');
    const told = mailer.sent.slice(sentBefore);
    expect(told.map((m) => m.to).sort()).toEqual([ana.email, READY_PROFILE.paypalEmail].sort());
    expect(told.find((m) => m.to === ana.email)?.text).toContain('ana.new@example.com');
    // The previous PayPal address learns the new one only masked (issue 22).
    const previous = told.find((m) => m.to === READY_PROFILE.paypalEmail)!;
    expect(previous.text).toContain('a***@example.com');
    expect(previous.text).not.toContain('ana.new@example.com');
  });

  it('limits password guesses through the proof with the account budget shared with sign-in', async () => {
    const ben = await ready();
    const answers: number[] = [];
    for (let i = 0; i < FAILURES_BEFORE_WAIT + 2; i++) {
      answers.push(
        (await patchProfile(ben.cookie, { paypalEmail: 'x@example.com', currentPassword: `guess${i}` }))
          .status,
      );
    }
    expect(answers.slice(0, FAILURES_BEFORE_WAIT)).toEqual(Array(FAILURES_BEFORE_WAIT).fill(403));
    expect(answers.slice(FAILURES_BEFORE_WAIT)).toEqual([429, 429]);
    // The right password waits too while the budget is spent: the guesser cannot tell it apart.
    const right = await patchProfile(ben.cookie, { paypalEmail: 'x@example.com', currentPassword: PASSWORD });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('an account without a password confirms with a code sent to its verified email', async () => {
    const cy = await ready();
    await withoutPassword(cy.email);
    expect((await me(cy.cookie)).has_password).toBe(false);
    const none = await patchProfile(cy.cookie, { paypalEmail: 'cy.new@example.com' });
    expect(none).toMatchObject({
      status: 403,
      body: { error: `To change your PayPal email, confirm with a code sent to your email ${cy.email}.` },
    });
    // A password is no proof for an account that has none.
    expect(
      (await patchProfile(cy.cookie, { paypalEmail: 'cy.new@example.com', currentPassword: PASSWORD }))
        .status,
    ).toBe(403);
    advance();
    expect((await post('/api/me/paypal-code', {}, cy.cookie)).status).toBe(200);
    const code = mailer.lastCodeFor(cy.email);
    const wrong = await patchProfile(cy.cookie, {
      paypalEmail: 'cy.new@example.com',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'Invalid verification code' } });
    const right = await patchProfile(cy.cookie, { paypalEmail: 'cy.new@example.com', code });
    expect(right.status).toBe(200);
    expect((await me(cy.cookie)).profile.paypalEmail).toBe('cy.new@example.com');
    // The code works once.
    expect((await patchProfile(cy.cookie, { paypalEmail: 'cy.other@example.com', code })).status).toBe(400);
  });

  it('moving the verified email of an onboarded account needs the password, and the old address is told', async () => {
    const dee = await ready();
    advance();
    const none = await askCodeAt('dee.new@example.com', dee.cookie);
    expect(none).toMatchObject({
      status: 403,
      body: { error: 'To change your email address, confirm with your account password.' },
    });
    const wrong = await askCodeAt('dee.new@example.com', dee.cookie, { currentPassword: 'nope' });
    expect(wrong.status).toBe(403);
    expect(mailer.sent.some((m) => m.to === 'dee.new@example.com')).toBe(false);

    const right = await askCodeAt('dee.new@example.com', dee.cookie, { currentPassword: PASSWORD });
    expect(right.status).toBe(200);
    const verified = await enterCodeMailedTo('dee.new@example.com', dee.cookie);
    expect(verified.status).toBe(200);
    expect((await me(dee.cookie)).email).toBe('dee.new@example.com');
    const notice = mailer.sent.at(-1)!;
    expect(notice).toMatchObject({ to: dee.email, subject: 'Your Mintbox email address was changed' });
    expect(notice.text).toContain('dee.new@example.com');
    // Re-verifying the same address needs nothing.
    advance();
    expect((await askCodeAt('dee.new@example.com', dee.cookie)).status).toBe(200);
  });

  it('without a password, an email change follows a code from the current email (no minute to wait)', async () => {
    const eve = await ready();
    await withoutPassword(eve.email);
    advance();
    expect((await post('/api/me/paypal-code', {}, eve.cookie)).status).toBe(200);
    const proof = mailer.lastCodeFor(eve.email);
    const sent = await askCodeAt('eve.new@example.com', eve.cookie, { code: proof });
    expect(sent.status).toBe(200);
    const verified = await enterCodeMailedTo('eve.new@example.com', eve.cookie);
    expect(verified.status).toBe(200);
    expect((await me(eve.cookie)).email).toBe('eve.new@example.com');
  });

  it('a stolen session cannot move the verified email, so it cannot move the PayPal address either', async () => {
    // A code asked for before the profile was finished cannot be used to move the email afterwards.
    n += 1;
    const email = `early${n}@example.com`;
    const cookie = await signUpCreator(api.app, { email, password: PASSWORD });
    await api.db.update(creators).set({ emailVerified: true }).where(eq(creators.email, email));
    advance();
    expect((await askCodeAt('attacker@example.com', cookie)).status).toBe(200);
    const attackerCode = mailer.lastCodeFor('attacker@example.com');
    await api.db.update(creators).set({ profileCompleted: true }).where(eq(creators.email, email));
    const moved = await post(
      '/api/verify-email',
      { email: 'attacker@example.com', code: attackerCode },
      cookie,
    );
    expect(moved).toMatchObject({
      status: 403,
      body: {
        error:
          'To change your email address, first confirm it is you with your password or a code sent to your current email.',
      },
    });
    const [row] = await api.db.select().from(creators).where(eq(creators.email, email));
    expect(row?.email).toBe(email);
  });
});
