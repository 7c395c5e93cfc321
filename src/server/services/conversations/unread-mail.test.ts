import { afterAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../../tests/support/admin-app';
import { postJson } from '../../../../tests/support/auth-client';
import { fakeClock } from '../../../../tests/support/clock';
import { createReadyCreator } from '../../../../tests/support/creators';
import { insertCampaign } from '../../../../tests/support/factories';
import { testServices } from '../../../../tests/support/services';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/support/smtp-server';
import { testEnv } from '../../../../tests/support/test-app';
import { TEST_DRIVERS } from '../../../../tests/support/test-database';
import { createMailer, type Mailer } from '../../mail/mailer';
import { silentLogger } from '../../process/logger';
import { mailUnreadMessages } from './unread-mail';

const ORIGIN = 'http://localhost:3000';
const MINUTE = 60_000;

/**
 * Issue 26: a creator who leaves a message from the team unread for 10 minutes gets a mail, at most one per
 * conversation per hour, never when they read it in time or switched the mails off. The real mailer over SMTP, read
 * back from the local SMTP server; the job's work is run with the test clock.
 */
describe.each(TEST_DRIVERS)('the unread message mail on %s', (driver) => {
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  const clock = fakeClock('2026-06-10T12:00:00Z');
  let n = 0;
  const api = useAdminApp(driver, async () => {
    smtp = await startSmtpServer();
    const env = { SMTP_URL: smtp.url };
    mailer = createMailer(testEnv(env), silentLogger());
    return { env, mailer, now: () => clock.now, adminEmail: 'maria@mintbox.test', adminName: 'Maria Ortiz' };
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const run = () => mailUnreadMessages(testServices({ db: api.db, mailer, now: () => clock.now }));
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  /** The clock moves on by `ms` and the job runs: the mails `email` received so far. */
  const mailsAfter = async (ms: number, email: string) => {
    clock.advance(ms);
    await run();
    return mailsTo(email);
  };
  const send = async (path: string, body: unknown, cookie: string, method = 'POST') => {
    const response =
      method === 'POST'
        ? await postJson(api.app, path, body, cookie)
        : await api.app.request(path, {
            method,
            headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return response;
  };

  /** A creator who applied and asked the team something; answers the conversation and the creator. */
  async function conversation() {
    n += 1;
    const email = `unread${n}@example.com`;
    const person = await createReadyCreator(api.app, api.db, { email, name: `Unread Person${n}` });
    const campaign = await insertCampaign(api.db, {
      name: `Serum ${n}`,
      brand: 'Glow Labs',
      status: 'active',
      type: 'gifting',
      platform: 'instagram',
      deadline: '2026-07-01',
      followersRequired: 0,
    });
    const applied = await send(`/api/campaigns/${campaign.id}/applications`, {}, person.cookie);
    const applicationId = ((await applied.json()) as { id: number }).id;
    const opened = await send(`/api/applications/${applicationId}/conversation`, {}, person.cookie);
    const id = ((await opened.json()) as { id: number }).id;
    await send(`/api/conversations/${id}/messages`, { body: 'Which shade should I feature?' }, person.cookie);
    const reply = (body: string) => send(`/api/admin/conversations/${id}/messages`, { body }, api.admin);
    return { ...person, email, id, applicationId, campaign: campaign.name, reply };
  }

  it('a team message unread for 10 minutes brings one mail; not before, and not again for the same message', async () => {
    const jo = await conversation();
    await jo.reply('Go with Warm Sand, it suits the launch.');
    // The creator's own question never mails them.
    expect(await mailsAfter(9 * MINUTE, jo.email)).toHaveLength(0);

    clock.advance(MINUTE);
    expect((await run()).sent).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitForMail(jo.email);
    expect(mail.subject).toBe(`New message from Glow Labs about ${jo.campaign}`);
    expect(mail.text).toContain('Glow Labs · Maria: Go with Warm Sand, it suits the launch.');
    expect(mail.text).toContain(`/dashboard?tab=campaigns&conversation=${jo.applicationId}`);

    clock.advance(30 * MINUTE);
    await run();
    expect(await mailsAfter(60 * MINUTE, jo.email)).toHaveLength(1);
  });

  it('at most one mail an hour per conversation: a second unread message waits for the hour, then counts both', async () => {
    const jo = await conversation();
    await jo.reply('First answer.');
    expect(await mailsAfter(10 * MINUTE, jo.email)).toHaveLength(1);
    await smtp.waitForMail(jo.email);

    clock.advance(5 * MINUTE);
    await jo.reply('Second answer, still unread.');
    // 30 minutes after the first mail, then a minute short of an hour after it: still one.
    expect(await mailsAfter(15 * MINUTE, jo.email)).toHaveLength(1);
    expect(await mailsAfter(39 * MINUTE, jo.email)).toHaveLength(1);
    expect(await mailsAfter(MINUTE, jo.email)).toHaveLength(2);
    const second = await smtp.waitForMail(jo.email);
    expect(second.subject).toBe('2 new messages from Glow Labs');
    expect(second.text).toContain('Glow Labs · Maria: Second answer, still unread.');
  });

  it('no mail when the creator reads in time, nor when they switched messages off under their mail preferences', async () => {
    const reader = await conversation();
    await reader.reply('Read me soon.');
    clock.advance(5 * MINUTE);
    await send(`/api/conversations/${reader.id}/seen`, {}, reader.cookie);

    const quiet = await conversation();
    const preferences = {
      application_decisions: true,
      shipping_delivery: true,
      content_reviews: true,
      deadline_reminders: true,
      messages: false,
    };
    await send('/api/me/mail-preferences', preferences, quiet.cookie, 'PUT');
    await quiet.reply('You will not be mailed about this.');

    clock.advance(20 * MINUTE);
    const result = await run();
    expect(mailsTo(reader.email)).toHaveLength(0);
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect(result.skipped).toBeGreaterThanOrEqual(1);
    // Switched off once, not asked again every minute.
    clock.advance(MINUTE);
    expect((await run()).skipped).toBe(0);
  });
});
