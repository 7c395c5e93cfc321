import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureMailer } from '../../../../tests/support/capture-mailer';
import { fakeClock } from '../../../../tests/support/clock';
import { insertApplication, insertCampaign, insertCreator } from '../../../../tests/support/factories';
import { testServices } from '../../../../tests/support/services';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../../tests/support/test-database';
import { applications } from '../../../db/schema/applications';
import { campaigns } from '../../../db/schema/campaigns';
import { sweepDeadlines } from './deadline-sweep';

/**
 * Issue 28: at operator size one deadline makes thousands of applications due at once. The sweep marks them missed a
 * chunk per transaction (row locks held for one chunk) and at most a run's share each run, the lowest ids first, so
 * the next run goes on where this one stopped; nothing is moved or mailed twice.
 */
describe.each(TEST_DRIVERS)('deadline sweep in chunks on %s', (driver) => {
  let database: TestDatabase;
  const mailer = captureMailer();
  const clock = fakeClock('2026-07-10T12:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('marks exactly the due applications missed over several runs, each creator mailed once', async () => {
    // A paid campaign (no box to wait for) whose upload deadline (June 8) has passed, and one still open.
    // The creators applied and were accepted in May, while the campaign was open; it has ended since.
    const past = await insertCampaign(database.db, { type: 'paid', deadline: '2026-06-01' });
    const may = new Date('2026-05-20T12:00:00Z');
    const open = await insertCampaign(database.db, { type: 'paid', deadline: '2030-01-31' });
    const due: number[] = [];
    const emails: string[] = [];
    for (let i = 0; i < 5; i++) {
      const creator = await insertCreator(database.db, { email: `late${i}-${driver}@example.com` });
      const made = await insertApplication(database.db, {
        status: 'accepted',
        campaign: past,
        creator,
        at: may,
      });
      due.push(made.application.id);
      emails.push(creator.email);
    }
    const posted = await insertApplication(database.db, { status: 'approved', campaign: past, at: may });
    await database.db.update(campaigns).set({ status: 'ended' }).where(eq(campaigns.id, past.id));
    const notYet = await insertApplication(database.db, { status: 'accepted', campaign: open });
    const services = testServices({ db: database.db, mailer, now: () => clock.now });
    const limits = { chunk: 2, perRun: 3, mailsAtOnce: 2 };
    const statusOf = async () =>
      new Map(
        (
          await database.db
            .select({ id: applications.id, status: applications.status })
            .from(applications)
            .where(inArray(applications.id, [...due, posted.application.id, notYet.application.id]))
        ).map((row) => [row.id, row.status]),
      );
    const sentBefore = mailer.sent.length;

    // First run: the run's share (3), in two chunks, the lowest ids first.
    expect(await sweepDeadlines(services, limits)).toMatchObject({ missed: 3 });
    let statuses = await statusOf();
    expect(due.map((id) => statuses.get(id))).toEqual(['missed', 'missed', 'missed', 'accepted', 'accepted']);

    // The next run goes on where it stopped; the one after finds nothing.
    expect(await sweepDeadlines(services, limits)).toMatchObject({ missed: 2 });
    expect(await sweepDeadlines(services, limits)).toMatchObject({ missed: 0 });
    statuses = await statusOf();
    expect(due.map((id) => statuses.get(id))).toEqual(Array(5).fill('missed'));
    expect(statuses.get(posted.application.id)).toBe('approved');
    expect(statuses.get(notYet.application.id)).toBe('accepted');

    const missedMails = mailer.sent
      .slice(sentBefore)
      .filter((m) => m.subject === `Upload deadline passed: ${past.name}`);
    expect(missedMails.map((m) => m.to).sort()).toEqual([...emails].sort());
  });
});
