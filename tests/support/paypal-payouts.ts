import { tmpdir } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { DatabaseDriver } from '../../src/db/client';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { creatorProfiles } from '../../src/db/schema/onboarding';
import { payouts } from '../../src/db/schema/payouts';
import { createAuth } from '../../src/server/auth/auth';
import { createApp } from '../../src/server/http/app';
import { localFileStore } from '../../src/server/integrations/file-storage/local-file-store';
import { createPaypalClient, type PaypalClient } from '../../src/server/integrations/paypal/paypal-client';
import { inProcessPaymentRuns } from '../../src/server/jobs/payment-runs';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { createServiceContext, type ServiceContext } from '../../src/server/services/service-context';
import type { PaymentRun } from '../../src/shared/schemas/payment-run';
import type { AdminPayout, Payout } from '../../src/shared/schemas/payout';
import { getWithCookie, postJson, signInAdmin } from './auth-client';
import { captureMailer } from './capture-mailer';
import { createReadyCreator } from './creators';
import { type FakePaypal, startFakePaypal } from './fake-paypal';
import { giveMint } from './mint';
import { testEnv } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

const ADMIN_PASSWORD = 'admin password 2026!';

export type ProcessAnswer = {
  ids: number[];
  paypal: { runId: number; senderBatchId: string; outcome: string; message: string } | null;
  error?: string;
};

/**
 * The app against a local fake PayPal (tests/support/fake-paypal.ts), with a signed-in admin and a clock the tests
 * move, for the payout use-case tests in src/server/services/payouts/. It registers its own beforeAll, beforeEach and
 * afterAll; the database, the fake, the app and the admin's cookie are there (`ready()`) once its beforeAll ran.
 */
export function usePaypalPayouts(driver: DatabaseDriver) {
  let database: TestDatabase;
  let fake: FakePaypal;
  let paypal: PaypalClient;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  const mailer = captureMailer();
  const logger = silentLogger();
  const clock = { now: new Date('2026-06-08T10:00:00Z') };
  let n = 0;
  let keys = 0;

  /** The service context a job run gets, on the test's clock. */
  const ctx = (): ServiceContext =>
    createServiceContext({
      db: database.db,
      now: () => clock.now,
      mailer,
      appUrl: 'http://localhost:3000',
      logger,
      paypal,
      files: localFileStore(tmpdir()),
    });
  /** A creator with Mint and a pending payout of `amount` to `receiver`. */
  const pendingPayout = async (amount: number, receiver?: string) => {
    n += 1;
    const made = await createReadyCreator(app, database.db, { email: `pp${n}-${driver}@example.com` });
    const paypalEmail = receiver ?? `receiver${n}-${driver}@example.com`;
    await database.db
      .update(creatorProfiles)
      .set({ paypalEmail })
      .where(eq(creatorProfiles.creatorId, made.creatorId));
    await giveMint(database.db, made.creatorId, amount + 10);
    keys += 1;
    const response = await postJson(app, '/api/me/payouts', { amount }, made.cookie, {
      'idempotency-key': `paypal-test-${keys}`,
    });
    expect(response.status).toBe(201);
    return { ...made, paypalEmail, payout: (await response.json()) as Payout };
  };
  /** The runs Process Payment starts in this app, in the background as in the server (src/server/jobs/payment-runs.ts). */
  const runs = inProcessPaymentRuns(ctx, logger);
  /** The admin's GET of a payment run, as the Payments page watches it. */
  const watchRun = async (runId: number) =>
    (await (await getWithCookie(app, `/api/admin/payment-runs/${runId}`, admin)).json()) as PaymentRun;
  /**
   * Process Payment as the admin sees it: the click answers at once with the run it started; the admin then watches
   * the run until it rests (PayPal's answer, every item read). `started` is the click's own answer.
   */
  const processPaypal = async (ids: number[]) => {
    const response = await postJson(app, '/api/admin/payouts/process', { ids, mode: 'paypal' }, admin);
    const started = (await response.json()) as ProcessAnswer;
    if (response.status !== 200 || !started.paypal)
      return { status: response.status, body: started, started };
    await runs.idle();
    const run = await watchRun(started.paypal.runId);
    const paypal = { ...started.paypal, outcome: run.outcome, message: run.message };
    return { status: response.status, body: { ...started, paypal }, started, run };
  };
  const payoutRow = async (id: number) =>
    (await database.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
  const detail = async (id: number) =>
    (await (await getWithCookie(app, `/api/admin/payouts/${id}`, admin)).json()) as AdminPayout;
  const reversals = async (creatorId: number) =>
    database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.creatorId, creatorId), eq(ledgerEntries.kind, 'reversal')));
  /** The admin's "check in PayPal" notifications about one payout (read through the notifications API). */
  const alertsAbout = async (payoutId: number) => {
    const list = (await (await getWithCookie(app, '/api/notifications?limit=50', admin)).json()) as {
      items: Array<{ kind: string; title: string; body: string }>;
    };
    return list.items.filter(
      (item) => item.kind === 'payout_needs_attention' && item.title.endsWith(`#${payoutId}`),
    );
  };
  const sendWebhook = (body: string, headers: Record<string, string>) =>
    app.request('/api/webhooks/paypal', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const later = (minutes: number) => {
    clock.now = new Date(clock.now.getTime() + minutes * 60_000);
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    fake = await startFakePaypal();
    const env = testEnv({
      TRUST_PROXY: 'true',
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_API_BASE: fake.url,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
    });
    paypal = createPaypalClient(env.paypal!, { timeoutMs: 1_000 });
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({
      db: database.db,
      env,
      logger,
      auth,
      mailer,
      paypal,
      now: () => clock.now,
      paymentRuns: runs,
    });
    await upsertAdmin(database.db, auth, { email: 'ops@mintbox.test', password: ADMIN_PASSWORD });
    admin = await signInAdmin(app, 'ops@mintbox.test', ADMIN_PASSWORD);
  });
  beforeEach(() => {
    fake.honourRequestIds = true;
    fake.outcomeFor = () => 'SUCCESS';
  });
  afterAll(async () => {
    await fake?.close();
    await database?.destroy();
  });

  return {
    ready: () => ({ database, fake, app, admin }),
    /** The same four, read in a test (after the beforeAll) without copying them out first. */
    get database() {
      return database;
    },
    get fake() {
      return fake;
    },
    get app() {
      return app;
    },
    get admin() {
      return admin;
    },
    mailer,
    logger,
    clock,
    ctx,
    pendingPayout,
    processPaypal,
    runs,
    watchRun,
    payoutRow,
    detail,
    reversals,
    alertsAbout,
    sendWebhook,
    later,
  };
}
