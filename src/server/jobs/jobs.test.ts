import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { insertCampaign } from '../../../tests/support/factories';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { applications } from '../../db/schema/applications';
import { campaigns } from '../../db/schema/campaigns';
import { creators } from '../../db/schema/creators';
import { silentLogger } from '../process/logger';
import { type Jobs, startJobs } from './jobs';

describe.each(TEST_DRIVERS)('job queue on %s', (driver) => {
  let database: TestDatabase;
  let jobs: Jobs | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.destroy();
  });

  it('runs the lifecycle sweep at start: overdue work becomes missed and the campaign ends', async () => {
    const campaign = await insertCampaign(database.db, {
      name: 'Long Over',
      deadline: '2020-01-01',
      status: 'active',
    });
    const [creator] = await database.db
      .insert(creators)
      .values({ username: 'late', name: 'Late Creator', email: 'late@example.com', emailVerified: true })
      .returning();
    const [application] = await database.db
      .insert(applications)
      // The box arrived long ago (a box still on its way would pause the creator's deadline: issue 13).
      .values({
        campaignId: campaign.id,
        creatorId: creator!.id,
        status: 'delivered',
        deliveredAt: new Date('2020-01-02T00:00:00Z'),
      })
      .returning();
    const mailer = captureMailer();
    jobs = await startJobs(database, {
      env: testEnv(driver === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL! } : {}),
      logger: silentLogger(),
      mailer,
    });
    await expect
      .poll(
        async () =>
          (await database.db.select().from(applications).where(eq(applications.id, application!.id)))[0]
            ?.status,
        { timeout: 20_000, interval: 250 },
      )
      .toBe('missed');
    // The sweep ends the campaign and mails after marking the work missed (its later steps): wait for them too.
    await expect
      .poll(
        async () =>
          (await database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)))[0]?.status,
        { timeout: 20_000, interval: 250 },
      )
      .toBe('ended');
    await expect
      .poll(() => mailer.sent.map((m) => m.subject), { timeout: 20_000, interval: 250 })
      .toContain('Upload deadline passed: Long Over');
  });
});
