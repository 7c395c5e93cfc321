import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { insertApplication, insertCampaign, insertCreator } from '../../../tests/support/factories';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { setDigestEnabled } from '../../db/queries/admin-digest';
import { adminDigests } from '../../db/schema/admin-digests';
import { users } from '../../db/schema/auth';
import { conversationMessages, conversations } from '../../db/schema/conversations';
import { payouts } from '../../db/schema/payouts';
import { deliveryProblems } from '../../db/schema/shipping';
import type { Mailer } from '../mail/mailer';
import { silentLogger } from '../process/logger';
import { sendAdminDigests } from './admin-digest';

const HOUR = 3600_000;
const APP_URL = 'https://mintbox.example';

describe.each(TEST_DRIVERS)('admin mail digest on %s', (driver) => {
  let database: TestDatabase;
  let start: Date;
  let n = 0;

  const run = (at: Date, mailer: Mailer, intervalMinutes = 60) =>
    sendAdminDigests({
      db: database.db,
      now: at,
      mailer,
      appUrl: APP_URL,
      logger: silentLogger(),
      intervalMinutes,
    });
  const later = (ms: number) => new Date(start.getTime() + ms);
  const addAdmin = async (overrides: Partial<typeof users.$inferInsert> = {}) => {
    n += 1;
    const [row] = await database.db
      .insert(users)
      .values({
        id: `digest-admin-${n}`,
        name: `Admin ${n}`,
        email: `admin${n}@mintbox.test`,
        role: 'admin',
        ...overrides,
      })
      .returning();
    return row!;
  };
  /** One of each thing an admin should hear about, created at `at`. */
  const somethingHappens = async (at: Date) => {
    const campaign = await insertCampaign(database.db, { name: `Digest Serum ${at.getTime()}` });
    const ana = await insertCreator(database.db, { name: 'Ana Applicant' });
    await insertApplication(database.db, { status: 'applied', campaign, creator: ana, at });
    const bo = await insertCreator(database.db, { name: 'Bo Poster' });
    await insertApplication(database.db, { status: 'content_submitted', campaign, creator: bo, at });
    const cy = await insertCreator(database.db, { name: 'Cy Waiting' });
    const shipped = await insertApplication(database.db, { status: 'shipped', campaign, creator: cy, at });
    await database.db
      .insert(deliveryProblems)
      .values({ applicationId: shipped.application.id, kind: 'not_received', status: 'open', openedAt: at });
    await database.db.insert(payouts).values({
      creatorId: bo.id,
      amount: 75,
      paypalEmail: 'bo@example.com',
      status: 'pending',
      idempotencyKey: `digest-${at.getTime()}`,
      requestHash: 'x',
      expectedBy: '2026-06-20',
      createdAt: at,
    });
    return campaign;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    start = new Date('2026-06-10T12:00:00Z');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('is off at interval 0; never sends an empty digest; then reports what arrived, once per interval, with links', async () => {
    const admin = await addAdmin();
    const mailer = captureMailer();
    // Off: nothing is read or claimed.
    expect(await run(later(0), mailer, 0)).toEqual({ sent: 0, empty: 0, skipped: 0, failed: 0 });
    // Nothing happened: the period is claimed, no mail.
    expect((await run(later(0), mailer)).empty).toBeGreaterThanOrEqual(1);
    expect(mailer.sent).toEqual([]);

    const campaign = await somethingHappens(later(10 * 60_000));
    // Not an hour since the last (empty) digest: not due yet.
    await run(later(30 * 60_000), mailer);
    expect(mailer.sent).toEqual([]);

    await run(later(HOUR), mailer);
    const mine = mailer.sent.filter((m) => m.to === admin.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe(
      'Mintbox digest: 3 new applications, 1 submission waiting for review, 1 new delivery problem, 1 payout to process',
    );
    expect(mine[0]!.text).toContain(
      `• Ana Applicant applied to ${campaign.name}: ${APP_URL}/admin/campaigns/${campaign.id}`,
    );
    expect(mine[0]!.text).toContain(`• Bo Poster submitted content for ${campaign.name}`);
    expect(mine[0]!.text).toContain(
      `• Cy Waiting reported not received for ${campaign.name}: ${APP_URL}/admin/problems`,
    );
    expect(mine[0]!.text).toContain(`• Bo Poster asked for a payout of 75 Mint: ${APP_URL}/admin/payments`);

    // Run again at once, and an hour later with nothing new: no second mail.
    await run(later(HOUR), mailer);
    await run(later(2 * HOUR + 60_000), mailer);
    expect(mailer.sent.filter((m) => m.to === admin.email)).toHaveLength(1);
  });

  it('two instances running at once send one digest; switched off or banned admins get none', async () => {
    await database.db.delete(adminDigests);
    const one = await addAdmin();
    const off = await addAdmin();
    const banned = await addAdmin({ banned: true });
    await setDigestEnabled(database.db, off.id, false);
    const at = later(5 * HOUR);
    await somethingHappens(new Date(at.getTime() - 10 * 60_000));
    const mailer = captureMailer();
    await Promise.all([run(at, mailer), run(at, mailer), run(at, mailer)]);
    const to = mailer.sent.map((m) => m.to);
    expect(to.filter((address) => address === one.email)).toHaveLength(1);
    expect(to).not.toContain(off.email);
    expect(to).not.toContain(banned.email);
  });

  it('a mail that fails gives the period back, so the next run reports it', async () => {
    await database.db.delete(adminDigests);
    const admin = await addAdmin();
    const at = later(10 * HOUR);
    await somethingHappens(new Date(at.getTime() - 5 * 60_000));
    const broken: Mailer = {
      async send() {
        throw new Error('SMTP down');
      },
    };
    expect((await run(at, broken)).failed).toBeGreaterThanOrEqual(1);
    const [row] = await database.db.select().from(adminDigests).where(eq(adminDigests.userId, admin.id));
    expect(row?.reportedUntil).toBeNull();
    const mailer = captureMailer();
    await run(new Date(at.getTime() + 60_000), mailer);
    expect(mailer.sent.filter((m) => m.to === admin.email)).toHaveLength(1);
  });
  it("reports creators waiting for our reply and the team's real first-reply times (issue 26)", async () => {
    await database.db.delete(adminDigests);
    const admin = await addAdmin();
    const at = later(20 * HOUR);
    const minutesBefore = (m: number) => new Date(at.getTime() - m * 60_000);
    const campaign = await insertCampaign(database.db, { name: 'Chat Serum' });
    const talk = async (name: string) => {
      const creator = await insertCreator(database.db, { name });
      const { application } = await insertApplication(database.db, {
        status: 'accepted',
        campaign,
        creator,
      });
      const [row] = await database.db
        .insert(conversations)
        .values({ applicationId: application.id, creatorId: creator.id, campaignId: campaign.id })
        .returning();
      return row!;
    };
    // Dee waits since 20 minutes ago; Eli and Fay were answered after 30 and 90 minutes in the period.
    const dee = await talk('Dee Asking');
    await database.db
      .update(conversations)
      .set({ waitingSince: minutesBefore(20) })
      .where(eq(conversations.id, dee.id));
    for (const [name, waited] of [
      ['Eli Answered', 30],
      ['Fay Answered', 90],
    ] as const) {
      const row = await talk(name);
      await database.db.insert(conversationMessages).values({
        conversationId: row.id,
        authorRole: 'team',
        authorName: 'Maria',
        body: 'Here you go',
        createdAt: minutesBefore(5),
        answeredWaitingSince: minutesBefore(5 + waited),
      });
    }
    const mailer = captureMailer();
    await run(at, mailer);
    const mine = mailer.sent.filter((m) => m.to === admin.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('Mintbox digest: 1 creator waiting for our reply');
    expect(mine[0]!.text).toContain(
      `• Dee Asking wrote about Chat Serum: ${APP_URL}/admin/messages?c=${dee.id}`,
    );
    expect(mine[0]!.text).toContain('(1 waiting in all)');
    expect(mine[0]!.text).toContain(
      "First replies to creators' messages: 2, in 1 h on median (the slowest 1 h 30 min).",
    );
  });
});
