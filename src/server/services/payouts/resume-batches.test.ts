import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAdmin } from '../../../../tests/support/auth-client';
import { captureMailer } from '../../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../../tests/support/creators';
import { type FakePaypal, startFakePaypal } from '../../../../tests/support/fake-paypal';
import { balanceAndSum, giveMint } from '../../../../tests/support/mint';
import { testServices } from '../../../../tests/support/services';
import { testEnv } from '../../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../../tests/support/test-database';
import type { Env } from '../../../config/env';
import { creatorProfiles } from '../../../db/schema/onboarding';
import { payoutBatches, payoutEvents, payouts } from '../../../db/schema/payouts';
import type { Payout } from '../../../shared/schemas/payout';
import { createAuth } from '../../auth/auth';
import { createApp } from '../../http/app';
import { createPaypalClient, type PaypalClient } from '../../integrations/paypal/paypal-client';
import { type Jobs, startJobs } from '../../jobs/jobs';
import { resumeInterruptedBatches } from '../../jobs/payment-runs';
import { silentLogger } from '../../process/logger';
import { upsertAdmin } from '../admin-accounts';
import type { ServiceContext } from '../service-context';

/**
 * A crash while a PayPal batch is being sent leaves it `submitting` with no answer recorded. The crash is played
 * through the public path: the admin's Process Payment and then the payout job send the batch to the local fake
 * PayPal, which takes it, but the answers never come back (the process is gone). The next start sends it again at
 * once, with the same ids, and the creator is paid exactly once.
 */
const ADMIN_PASSWORD = 'admin password 2026!';

describe.each(TEST_DRIVERS)('PayPal batches a crash left submitting, on %s', (driver) => {
  let database: TestDatabase;
  let fake: FakePaypal;
  let env: Env;
  /** The crashed process's PayPal client: its batch calls reach PayPal, their answers never come back. */
  let lost: PaypalClient;
  /** The restarted process's client. */
  let paypal: PaypalClient;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  let jobs: Jobs | undefined;
  let bossSchema: string | undefined;
  const mailer = captureMailer();
  const logger = silentLogger();
  let n = 0;

  const ctx = (client: PaypalClient): ServiceContext =>
    testServices({ db: database.db, mailer, appUrl: 'http://localhost:3000', logger, paypal: client });
  const pendingPayout = async (amount: number) => {
    n += 1;
    const made = await createReadyCreator(app, database.db, { email: `resume${n}-${driver}@example.com` });
    const paypalEmail = `resume-receiver${n}-${driver}@example.com`;
    await database.db
      .update(creatorProfiles)
      .set({ paypalEmail })
      .where(eq(creatorProfiles.creatorId, made.creatorId));
    await giveMint(database.db, made.creatorId, amount + 10);
    const response = await postJson(app, '/api/me/payouts', { amount }, made.cookie, {
      'idempotency-key': `resume-test-${n}`,
    });
    expect(response.status).toBe(201);
    return { ...made, paypalEmail, payout: (await response.json()) as Payout };
  };
  const posts = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payments/payouts');
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  /** Process Payment (PayPal) by the crashed process: PayPal takes the batch, the answer never comes. */
  const processThenCrash = async (ids: number[]) => {
    const before = posts().length;
    void postJson(app, '/api/admin/payouts/process', { ids, mode: 'paypal' }, admin).catch(() => undefined);
    await until(() => posts().length === before + 1, 'the batch to reach PayPal');
    const [batch] = await database.db
      .select()
      .from(payoutBatches)
      .innerJoin(payouts, eq(payouts.batchId, payoutBatches.id))
      .where(eq(payouts.id, ids[0]!));
    return batch!.payout_batches;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    fake = await startFakePaypal();
    env = testEnv({
      TRUST_PROXY: 'true',
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_API_BASE: fake.url,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
      ...(driver === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL! } : {}),
    });
    paypal = createPaypalClient(env.paypal!, { timeoutMs: 2_000 });
    lost = createPaypalClient(env.paypal!, {
      timeoutMs: 3_600_000,
      fetch: (async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST' && String(url).endsWith('/v1/payments/payouts')) {
          void fetch(url, init).catch(() => undefined);
          return new Promise<Response>(() => undefined);
        }
        return fetch(url, init);
      }) as typeof fetch,
    });
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth, mailer, paypal: lost });
    await upsertAdmin(database.db, auth, { email: 'resume@mintbox.test', password: ADMIN_PASSWORD });
    admin = await signInAdmin(app, 'resume@mintbox.test', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await jobs?.stop();
    if (bossSchema) await database.exec(`DROP SCHEMA IF EXISTS "${bossSchema}" CASCADE`);
    await fake?.close();
    await database?.destroy();
  });

  it('two instances starting together claim each batch once; a batch begun after the start is left alone', async () => {
    const a = await pendingPayout(55);
    const stuck = await processThenCrash([a.payout.id]);
    const startedAt = new Date();
    const b = await pendingPayout(60);
    const current = await processThenCrash([b.payout.id]);
    const sent = posts().length;

    const [first, second] = await Promise.all([
      resumeInterruptedBatches(ctx(paypal), startedAt),
      resumeInterruptedBatches(ctx(paypal), startedAt),
    ]);
    expect(first.resumed + second.resumed).toBe(1);
    expect(first.submitted + second.submitted).toBe(1);
    expect(posts()).toHaveLength(sent + 1);
    expect(posts().at(-1)?.requestId).toBe(stuck.requestId);
    expect(fake.paidTo(a.paypalEmail)).toBe(55);
    const [after] = await database.db.select().from(payoutBatches).where(eq(payoutBatches.id, current.id));
    expect(after).toMatchObject({ status: 'submitting', attempts: 0 });
    // The start after that one takes it.
    expect(await resumeInterruptedBatches(ctx(paypal), new Date())).toEqual({
      resumed: 1,
      submitted: 1,
      errors: 0,
    });
    expect(fake.paidTo(b.paypalEmail)).toBe(60);
  });

  it('sends again at start-up, at once, a batch the crash left submitting, and it is paid exactly once', async () => {
    const c = await pendingPayout(80);
    const batch = await processThenCrash([c.payout.id]);
    // The crashed process's payment run (src/server/jobs/payment-runs.ts) sent it: it holds the run for 5 minutes,
    // so the payout job leaves it alone. Without the start-up resend, nothing looked at it for those 5 minutes.
    const [claimed] = await database.db.select().from(payoutBatches).where(eq(payoutBatches.id, batch.id));
    expect(claimed).toMatchObject({ status: 'submitting', paypalBatchId: null });
    expect(claimed!.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(fake.paidTo(c.paypalEmail)).toBe(80);

    // The restart: the jobs start (as index.ts starts them, with the process's start time).
    const startedAt = new Date();
    bossSchema = driver === 'postgres' ? `mbtest_${Date.now().toString(36)}_resume` : undefined;
    jobs = await startJobs(database, { env, logger, mailer, paypal, bossSchema, startedAt });
    const payoutStatus = async () =>
      (await database.db.select().from(payouts).where(eq(payouts.id, c.payout.id)))[0]!.status;
    await expect.poll(payoutStatus, { timeout: 10_000, interval: 50 }).toBe('completed');
    expect(Date.now() - startedAt.getTime()).toBeLessThan(10_000);

    // Sent once more with the same ids: PayPal took it once and paid once.
    const same = posts().filter((p) => p.requestId === batch.requestId);
    expect(same).toHaveLength(2);
    const taken = [...fake.batches.values()].filter((b) => b.senderBatchId === batch.senderBatchId);
    expect(taken).toHaveLength(1);
    expect(fake.paidTo(c.paypalEmail)).toBe(80);
    const [after] = await database.db.select().from(payoutBatches).where(eq(payoutBatches.id, batch.id));
    expect(after).toMatchObject({ status: 'closed', paypalBatchId: taken[0]!.payoutBatchId, attempts: 1 });
    const events = await database.db
      .select({ action: payoutEvents.action })
      .from(payoutEvents)
      .where(and(eq(payoutEvents.payoutId, c.payout.id)));
    expect(events.map((e) => e.action).filter((a) => a === 'paypal_accepted' || a === 'paid')).toEqual([
      'paypal_accepted',
      'paid',
    ]);
    expect(await balanceAndSum(database.db, c.creatorId)).toEqual({ balance: 10, sum: 10 });
  });
});
