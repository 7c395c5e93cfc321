import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakePaypal } from '../../../tests/support/fake-paypal';
import { usePaypalPayouts } from '../../../tests/support/paypal-payouts';
import { testEnv } from '../../../tests/support/test-app';
import { TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { payoutBatches } from '../../db/schema/payouts';
import { createPaypalClient } from '../integrations/paypal/paypal-client';
import { type Jobs, startJobs } from './jobs';

describe.each(TEST_DRIVERS)('The payout job against a local fake PayPal, on %s', (driver) => {
  const t = usePaypalPayouts(driver);
  const { mailer, logger, pendingPayout, processPaypal, payoutRow } = t;
  let database: TestDatabase;
  let fake: FakePaypal;
  let jobs: Jobs | undefined;
  let bossSchema: string | undefined;
  beforeAll(() => {
    ({ database, fake } = t.ready());
  });
  afterAll(async () => {
    await jobs?.stop();
    if (bossSchema) await database.exec(`DROP SCHEMA IF EXISTS "${bossSchema}" CASCADE`);
  });

  it('the pg-boss job sends a batch PayPal has not confirmed and settles it', async () => {
    const m = await pendingPayout(100);
    fake.failNextCreate({ kind: 'error-after-taking', status: 502 });
    const result = await processPaypal([m.payout.id]);
    expect(result.body.paypal?.outcome).toBe('retrying');
    // Due now for the job (which runs on the real clock).
    await database.db
      .update(payoutBatches)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(payoutBatches.senderBatchId, result.body.paypal!.senderBatchId));
    // On PostgreSQL the queue gets a schema of its own, so other test files' queues never take this job.
    bossSchema = driver === 'postgres' ? `mbtest_${Date.now().toString(36)}_boss` : undefined;
    jobs = await startJobs(database, {
      env: testEnv(driver === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL! } : {}),
      logger,
      mailer,
      // Its own client with a longer timeout: at start-up the batch is resent while the queue starts on the same
      // event loop (PGlite), and on a loaded machine a 1 s timeout let that resend time out and move the batch's
      // next check 5 minutes on (flaky before).
      paypal: createPaypalClient(
        testEnv({
          PAYPAL_CLIENT_ID: fake.clientId,
          PAYPAL_CLIENT_SECRET: fake.clientSecret,
          PAYPAL_API_BASE: fake.url,
          PAYPAL_WEBHOOK_ID: fake.webhookId,
        }).paypal!,
        { timeoutMs: 20_000 },
      ),
      bossSchema,
    });
    await expect
      .poll(async () => (await payoutRow(m.payout.id)).status, { timeout: 30_000, interval: 250 })
      .toBe('completed');
    expect(fake.paidTo(m.paypalEmail)).toBe(100);
  });
});
