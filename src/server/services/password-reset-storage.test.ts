import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { postJson, signUpCreator } from '../../../tests/support/auth-client';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { users, verifications } from '../../db/schema/auth';
import { RESETS_PER_ADDRESS_HOUR } from './password-reset';

const OLD = 'correct horse battery';
const NEW = 'a brand new passphrase';

/**
 * Issue 22, defect 2: a password-reset token is kept only as a hash (Better Auth's `verification.storeIdentifier`),
 * like the email codes: someone who reads the verifications table cannot use a link that is still live.
 */
describe.each(TEST_DRIVERS)('reset links at rest on %s', (driver) => {
  let smtp: TestSmtpServer;

  const tokenIn = (text: string) => {
    const match = text.match(/http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`no reset link in: ${text}`);
    return match[1]!;
  };

  // The real mailer over SMTP: the link is read from the mail the local SMTP server received.
  const api = useAdminApp(driver, async () => {
    smtp = await startSmtpServer();
    return { env: { SMTP_URL: smtp.url }, adminEmail: false };
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('keeps no reset token in the verifications table, and the mailed link still resets the password once', async () => {
    const email = `at-rest-${driver}@example.com`;
    await signUpCreator(api.app, { email, password: OLD });
    const [user] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // More requests than the hourly limit: that limit still counts them (3 links mailed, the same answer to all).
    for (let i = 0; i <= RESETS_PER_ADDRESS_HOUR; i++) {
      const asked = await postJson(api.app, '/api/auth/request-password-reset', { email });
      expect(asked.status).toBe(200);
    }
    const tokens: string[] = [];
    for (let i = 0; i < RESETS_PER_ADDRESS_HOUR; i++)
      tokens.push(tokenIn((await smtp.waitForMail(email)).text));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(RESETS_PER_ADDRESS_HOUR);

    const rows = await api.db.select().from(verifications);
    // One row per request (the fourth got one too, without a mail), each for this user, none readable.
    expect(rows.filter((row) => row.value === user!.id)).toHaveLength(RESETS_PER_ADDRESS_HOUR + 1);
    for (const row of rows) {
      expect(row.identifier.startsWith('reset-password:')).toBe(false);
      for (const token of tokens) {
        expect(row.identifier).not.toContain(token);
        expect(row.value).not.toContain(token);
      }
    }

    const reset = (token: string) =>
      postJson(api.app, '/api/auth/reset-password', { token, newPassword: NEW });
    expect((await reset(tokens[0]!)).status).toBe(200);
    expect((await postJson(api.app, '/api/auth/sign-in/email', { email, password: NEW })).status).toBe(200);
    expect((await postJson(api.app, '/api/auth/sign-in/email', { email, password: OLD })).status).toBe(401);
    // Used once: the same link is refused.
    expect((await reset(tokens[0]!)).status).toBe(400);
  });
});
