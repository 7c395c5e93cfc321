import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getWithCookie, postJson, signInAdmin } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { type FakePaypal, startFakePaypal } from '../../../tests/support/fake-paypal';
import { balanceAndSum, giveMint } from '../../../tests/support/mint';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { ledgerEntries } from '../../db/schema/ledger';
import { influencerProfiles } from '../../db/schema/onboarding';
import { payoutBatches, payouts } from '../../db/schema/payouts';
import type { AdminPayout, Payout } from '../../shared/schemas/payout';
import { createApp } from '../app';
import { createAuth } from '../auth';
import { type Jobs, startJobs } from '../jobs/jobs';
import { silentLogger } from '../logger';
import { createPaypalClient, type PaypalClient } from '../payouts/paypal-client';
import { upsertAdmin } from './admin-accounts';
import { type PayoutContext, pollPayouts, refreshBatch } from './payouts';

const ADMIN_PASSWORD = 'admin password 2026!';
type ProcessAnswer = {
  ids: number[];
  paypal: { senderBatchId: string; outcome: string; message: string } | null;
  error?: string;
};

describe.each(TEST_DRIVERS)('PayPal payouts against a local fake PayPal, on %s', (driver) => {
  let database: TestDatabase;
  let fake: FakePaypal;
  let paypal: PaypalClient;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  let jobs: Jobs | undefined;
  let bossSchema: string | undefined;
  const mailer = captureMailer();
  const logger = silentLogger();
  const clock = { now: new Date('2026-06-08T10:00:00Z') };
  let n = 0;
  let keys = 0;

  const ctx = (): PayoutContext => ({
    db: database.db,
    now: clock.now,
    mailer,
    appUrl: 'http://localhost:3000',
    logger,
    paypal,
  });
  /** A creator with Mint and a pending payout of `amount` to `receiver`. */
  const pendingPayout = async (amount: number, receiver?: string) => {
    n += 1;
    const made = await createReadyCreator(app, database.db, { email: `pp${n}-${driver}@example.com` });
    const paypalEmail = receiver ?? `receiver${n}-${driver}@example.com`;
    await database.db
      .update(influencerProfiles)
      .set({ paypalEmail })
      .where(eq(influencerProfiles.influencerId, made.influencerId));
    await giveMint(database.db, made.influencerId, amount + 10);
    keys += 1;
    const response = await postJson(app, '/api/me/redemptions', { amount }, made.cookie, {
      'idempotency-key': `paypal-test-${keys}`,
    });
    expect(response.status).toBe(201);
    return { ...made, paypalEmail, payout: (await response.json()) as Payout };
  };
  const processPaypal = async (ids: number[]) => {
    const response = await postJson(app, '/api/admin/payouts/process', { ids, mode: 'paypal' }, admin);
    return { status: response.status, body: (await response.json()) as ProcessAnswer };
  };
  const payoutRow = async (id: number) =>
    (await database.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
  const detail = async (id: number) =>
    (await (await getWithCookie(app, `/api/admin/payouts/${id}`, admin)).json()) as AdminPayout;
  const reversals = async (influencerId: number) =>
    database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.influencerId, influencerId), eq(ledgerEntries.kind, 'reversal')));
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
    app = createApp({ db: database.db, env, logger, auth, mailer, paypal, now: () => clock.now });
    await upsertAdmin(database.db, auth, { email: 'ops@mintbox.test', password: ADMIN_PASSWORD });
    admin = await signInAdmin(app, 'ops@mintbox.test', ADMIN_PASSWORD);
  });
  beforeEach(() => {
    fake.honourRequestIds = true;
    fake.outcomeFor = () => 'SUCCESS';
  });
  afterAll(async () => {
    await jobs?.stop();
    if (bossSchema) await database.exec(`DROP SCHEMA IF EXISTS "${bossSchema}" CASCADE`);
    await fake?.close();
    await database?.destroy();
  });

  it('pays through PayPal: one batch with our sender_batch_id, completed with PayPal’s transaction id, mailed', async () => {
    const a = await pendingPayout(50);
    const b = await pendingPayout(75);
    const result = await processPaypal([a.payout.id, b.payout.id]);
    expect(result.status).toBe(200);
    expect(result.body.paypal).toMatchObject({ outcome: 'submitted' });
    const batch = [...fake.batches.values()].find(
      (x) => x.senderBatchId === result.body.paypal!.senderBatchId,
    )!;
    expect(batch.items.map((i) => [i.senderItemId, i.receiver, i.amount])).toEqual([
      [`payout-${a.payout.id}`, a.paypalEmail, '50.00'],
      [`payout-${b.payout.id}`, b.paypalEmail, '75.00'],
    ]);
    for (const { payout, email } of [a, b].map((x) => ({ payout: x.payout, email: x.email }))) {
      const row = await payoutRow(payout.id);
      expect(row).toMatchObject({ status: 'completed', mode: 'paypal', paypalStatus: 'SUCCESS' });
      expect(row.reference).toMatch(/^TX/);
      const mail = mailer.sent.find((m) => m.to === email && m.subject.startsWith('Paid:'))!;
      expect(mail.text).toContain(`PayPal transaction id: ${row.reference}`);
    }
    const history = await detail(a.payout.id);
    expect(history.batch).toMatchObject({ paypalBatchId: batch.payoutBatchId, status: 'closed' });
    expect(history.events.map((e) => [e.action, e.actor])).toEqual([
      ['requested', 'Ready Creator (creator)'],
      ['sent_to_paypal', 'Admin <ops@mintbox.test>'],
      ['paypal_accepted', 'PayPal'],
      ['paid', 'PayPal'],
    ]);
    expect(fake.paidTo(a.paypalEmail)).toBe(50);
    // A payout PayPal has can no longer be marked by hand, or cancelled.
    expect(
      (await postJson(app, `/api/admin/payouts/${a.payout.id}/mark-failed`, { reason: 'No way' }, admin))
        .status,
    ).toBe(409);
    expect((await processPaypal([a.payout.id])).status).toBe(409);
  });

  it('a FAILED item fails the payout and returns the Mint once, however often it is read', async () => {
    fake.outcomeFor = () => 'FAILED';
    const c = await pendingPayout(60);
    const result = await processPaypal([c.payout.id]);
    expect(result.body.paypal?.outcome).toBe('submitted');
    const row = await payoutRow(c.payout.id);
    expect(row).toMatchObject({ status: 'failed', paypalStatus: 'FAILED' });
    expect(row.failureReason).toBe('Receiver account is invalid. (PayPal: FAILED)');
    for (let i = 0; i < 3; i++) await refreshBatch(ctx(), row.batchId!);
    expect((await reversals(c.influencerId)).map((r) => r.amount)).toEqual([60]);
    expect(await balanceAndSum(database.db, c.influencerId)).toEqual({ balance: 70, sum: 70 });
    const mail = mailer.sent.filter((m) => m.to === c.email).at(-1)!;
    expect(mail.subject).toBe('Payout failed: 60 Mint are back in your wallet');
    expect(mail.text).toContain('Reason: Receiver account is invalid. (PayPal: FAILED)');
  });

  it('UNCLAIMED stays open (polled, with the status shown); RETURNED later returns the Mint', async () => {
    fake.outcomeFor = () => 'UNCLAIMED';
    const d = await pendingPayout(55);
    await processPaypal([d.payout.id]);
    let row = await payoutRow(d.payout.id);
    expect(row).toMatchObject({ status: 'processing', paypalStatus: 'UNCLAIMED' });
    const [batch] = await database.db.select().from(payoutBatches).where(eq(payoutBatches.id, row.batchId!));
    expect(batch?.status).toBe('submitted');
    expect((await detail(d.payout.id)).events.at(-1)).toMatchObject({
      action: 'paypal_status',
      actor: 'PayPal',
      detail:
        'UNCLAIMED: Receiver is unregistered. The payment will be returned if not claimed within 30 days.',
    });
    // Not due yet: the job leaves it alone.
    expect(await pollPayouts(ctx())).toEqual({ submitted: 0, refreshed: 0, errors: 0 });
    fake.setItemStatus(`payout-${d.payout.id}`, 'RETURNED');
    later(10);
    const polled = await pollPayouts(ctx());
    expect(polled.refreshed).toBeGreaterThanOrEqual(1);
    row = await payoutRow(d.payout.id);
    expect(row).toMatchObject({ status: 'returned', paypalStatus: 'RETURNED' });
    expect(await balanceAndSum(database.db, d.influencerId)).toEqual({ balance: 65, sum: 65 });
    const mail = mailer.sent.filter((m) => m.to === d.email).at(-1)!;
    expect(mail.subject).toBe('Payout returned: 55 Mint are back in your wallet');
    const [closed] = await database.db.select().from(payoutBatches).where(eq(payoutBatches.id, row.batchId!));
    expect(closed?.status).toBe('closed');
  });

  it('a 5xx after PayPal took the batch: retried with the same ids, paid once, and it still completes', async () => {
    const e = await pendingPayout(80);
    fake.failNextCreate({ kind: 'error-after-taking', status: 500 });
    const result = await processPaypal([e.payout.id]);
    expect(result.status).toBe(200);
    expect(result.body.paypal?.outcome).toBe('retrying');
    expect(result.body.paypal?.message).toMatch(/cannot be paid twice/);
    expect((await payoutRow(e.payout.id)).status).toBe('processing');
    // Being processed: the creator can no longer cancel it.
    expect((await postJson(app, `/api/me/redemptions/${e.payout.id}/cancel`, {}, e.cookie)).status).toBe(409);
    later(2);
    expect((await pollPayouts(ctx())).submitted).toBe(1);
    const sent = [...fake.batches.values()].filter(
      (b) => b.senderBatchId === result.body.paypal!.senderBatchId,
    );
    expect(sent).toHaveLength(1);
    expect(fake.paidTo(e.paypalEmail)).toBe(80);
    // Both attempts carried the same PayPal-Request-Id (and the same sender_batch_id).
    const [batch] = await database.db
      .select()
      .from(payoutBatches)
      .where(eq(payoutBatches.senderBatchId, result.body.paypal!.senderBatchId));
    expect(fake.calls.filter((c) => c.method === 'POST' && c.requestId === batch!.requestId)).toHaveLength(2);
    expect(batch).toMatchObject({ attempts: 2, status: 'closed', lastError: null });
    expect((await payoutRow(e.payout.id)).status).toBe('completed');
    expect(await balanceAndSum(database.db, e.influencerId)).toEqual({ balance: 10, sum: 10 });
  });

  it('when PayPal answers the retry with the duplicate sender_batch_id error, the original batch is adopted', async () => {
    fake.honourRequestIds = false;
    const f = await pendingPayout(90);
    fake.failNextCreate({ kind: 'error-after-taking', status: 503 });
    const result = await processPaypal([f.payout.id]);
    expect(result.body.paypal?.outcome).toBe('retrying');
    later(2);
    await pollPayouts(ctx());
    const original = [...fake.batches.values()].find(
      (b) => b.senderBatchId === result.body.paypal!.senderBatchId,
    )!;
    const [batch] = await database.db
      .select()
      .from(payoutBatches)
      .where(eq(payoutBatches.senderBatchId, result.body.paypal!.senderBatchId));
    expect(batch).toMatchObject({ paypalBatchId: original.payoutBatchId, status: 'closed' });
    expect(fake.paidTo(f.paypalEmail)).toBe(90);
    expect((await payoutRow(f.payout.id)).status).toBe('completed');
  });

  it('a call that never answers is retried the same way', async () => {
    const g = await pendingPayout(65);
    fake.failNextCreate({ kind: 'hang-after-taking', ms: 3_000 });
    const result = await processPaypal([g.payout.id]);
    expect(result.body.paypal).toMatchObject({ outcome: 'retrying' });
    expect(result.body.paypal?.message).toMatch(/did not answer within 1000 ms/);
    later(2);
    await pollPayouts(ctx());
    expect(fake.paidTo(g.paypalEmail)).toBe(65);
    expect((await payoutRow(g.payout.id)).status).toBe('completed');
  });

  it('a definite refusal (INSUFFICIENT_FUNDS) pays nothing and puts the payouts back to pending', async () => {
    const h = await pendingPayout(70);
    fake.failNextCreate({
      kind: 'error',
      status: 422,
      name: 'INSUFFICIENT_FUNDS',
      message: 'Sender does not have sufficient funds. Please add funds and retry.',
    });
    const result = await processPaypal([h.payout.id]);
    expect(result.body.paypal).toMatchObject({
      outcome: 'refused',
      message:
        'PayPal payout failed: INSUFFICIENT_FUNDS: Sender does not have sufficient funds. Please add funds and retry.',
    });
    expect(await payoutRow(h.payout.id)).toMatchObject({ status: 'pending', batchId: null, mode: null });
    expect((await detail(h.payout.id)).events.at(-1)).toMatchObject({
      action: 'paypal_refused',
      actor: 'PayPal',
    });
    expect(fake.paidTo(h.paypalEmail)).toBe(0);
    // After funds are added, processing again works (a new batch).
    const again = await processPaypal([h.payout.id]);
    expect(again.body.paypal?.outcome).toBe('submitted');
    expect(fake.paidTo(h.paypalEmail)).toBe(70);
  });

  it('webhooks are verified with PayPal and only trigger a refresh: a REFUNDED payment returns the Mint', async () => {
    const k = await pendingPayout(50);
    await processPaypal([k.payout.id]);
    expect((await payoutRow(k.payout.id)).status).toBe('completed');
    const paypalBatchId = [...fake.batches.values()].find((b) =>
      b.items.some((i) => i.senderItemId === `payout-${k.payout.id}`),
    )!.payoutBatchId;
    fake.setItemStatus(`payout-${k.payout.id}`, 'REFUNDED');
    const event = JSON.stringify({
      ...fake.webhookEvent('PAYMENT.PAYOUTS-ITEM.REFUNDED', { senderItemId: `payout-${k.payout.id}` }),
      // The body claims SUCCESS: it is not trusted, PayPal's own record (REFUNDED) is.
      resource: { payout_batch_id: paypalBatchId, transaction_status: 'SUCCESS' },
    });
    const send = (body: string, headers: Record<string, string>) =>
      app.request('/api/webhooks/paypal', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const unsigned = await send(event, {});
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({
      error: 'The webhook signature could not be verified.',
      code: 'BAD_REQUEST',
    });
    const tampered = await send(event.replace('REFUNDED', 'DENIED'), fake.signWebhook(event));
    expect(tampered.status).toBe(400);
    expect((await payoutRow(k.payout.id)).status).toBe('completed');

    const signed = await send(event, fake.signWebhook(event));
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ received: true, refreshed: true });
    expect(await payoutRow(k.payout.id)).toMatchObject({ status: 'returned', paypalStatus: 'REFUNDED' });
    expect(await balanceAndSum(database.db, k.influencerId)).toEqual({ balance: 60, sum: 60 });
    // PayPal retries webhooks: the same event again changes nothing.
    expect((await send(event, fake.signWebhook(event))).status).toBe(200);
    expect((await reversals(k.influencerId)).map((r) => r.amount)).toEqual([50]);
    // Events about batches that are not ours are acknowledged and ignored.
    const foreign = JSON.stringify({
      event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
      resource: { payout_batch_id: 'NOTOURS' },
    });
    const ignored = await send(foreign, fake.signWebhook(foreign));
    expect(await ignored.json()).toEqual({ received: true, refreshed: false });
  });

  it('BLOCKED and DENIED items fail their payouts; a batch PayPal DENIED fails the items it left without a result', async () => {
    fake.outcomeFor = (receiver) => (receiver.startsWith('blocked') ? 'BLOCKED' : 'DENIED');
    const blocked = await pendingPayout(50, `blocked-${driver}@example.com`);
    const denied = await pendingPayout(60, `denied-${driver}@example.com`);
    expect((await processPaypal([blocked.payout.id, denied.payout.id])).body.paypal?.outcome).toBe(
      'submitted',
    );
    expect(await payoutRow(blocked.payout.id)).toMatchObject({
      status: 'failed',
      paypalStatus: 'BLOCKED',
      failureReason: 'This payout was blocked. (PayPal: BLOCKED)',
    });
    expect(await payoutRow(denied.payout.id)).toMatchObject({ status: 'failed', paypalStatus: 'DENIED' });
    expect(await balanceAndSum(database.db, blocked.influencerId)).toEqual({ balance: 60, sum: 60 });
    expect(await balanceAndSum(database.db, denied.influencerId)).toEqual({ balance: 70, sum: 70 });

    // PayPal took a batch, had not given its item a status yet, then denied the whole batch.
    fake.outcomeFor = () => null;
    const open = await pendingPayout(55);
    await processPaypal([open.payout.id]);
    expect(await payoutRow(open.payout.id)).toMatchObject({ status: 'processing', paypalStatus: null });
    const batch = fake.setBatchStatus(fake.batchOf(`payout-${open.payout.id}`).payoutBatchId, 'DENIED');
    const event = JSON.stringify(
      fake.webhookEvent('PAYMENT.PAYOUTSBATCH.DENIED', { payoutBatchId: batch.payoutBatchId }),
    );
    expect(await (await sendWebhook(event, fake.signWebhook(event))).json()).toEqual({
      received: true,
      refreshed: true,
    });
    expect(await payoutRow(open.payout.id)).toMatchObject({
      status: 'failed',
      failureReason: 'PayPal denied the payout batch. (PayPal: batch DENIED)',
    });
    expect(await balanceAndSum(database.db, open.influencerId)).toEqual({ balance: 65, sum: 65 });
    expect((await reversals(open.influencerId)).map((r) => r.amount)).toEqual([55]);
    // Nothing there needed a person.
    for (const p of [blocked, denied, open]) expect(await alertsAbout(p.payout.id)).toEqual([]);
  });

  it('a status PayPal does not document, or no status in a finished batch: open, the admins alerted once, settled by hand', async () => {
    fake.outcomeFor = () => 'PENDING_REVIEW_V2';
    const odd = await pendingPayout(70);
    await processPaypal([odd.payout.id]);
    // Never guessed: still being paid, with PayPal's word shown.
    expect(await payoutRow(odd.payout.id)).toMatchObject({
      status: 'processing',
      paypalStatus: 'PENDING_REVIEW_V2',
    });
    const alerts = await alertsAbout(odd.payout.id);
    expect(alerts).toEqual([
      {
        kind: 'payout_needs_attention',
        title: `Check in PayPal: PayPal payout #${odd.payout.id}`,
        body: 'PayPal answered something we cannot read (PayPal item status PENDING_REVIEW_V2, which PayPal does not document). Check the payout in PayPal, then mark it paid or failed here.',
        link: '/admin/payments',
        id: expect.any(Number),
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
    // The job reads it again and again: one alert, not one per read.
    for (let i = 0; i < 3; i++) {
      later(400);
      await pollPayouts(ctx());
    }
    expect(await alertsAbout(odd.payout.id)).toHaveLength(1);
    expect((await payoutRow(odd.payout.id)).status).toBe('processing');
    // The admin checked PayPal: the money did not go out.
    const failed = await postJson(
      app,
      `/api/admin/payouts/${odd.payout.id}/mark-failed`,
      { reason: 'PayPal shows it as not sent.' },
      admin,
    );
    expect(failed.status).toBe(200);
    expect(await balanceAndSum(database.db, odd.influencerId)).toEqual({ balance: 80, sum: 80 });
    expect((await detail(odd.payout.id)).events.map((e) => e.action)).toEqual([
      'requested',
      'sent_to_paypal',
      'paypal_accepted',
      'paypal_status',
      'paypal_unreadable',
      'marked_failed',
    ]);

    // PayPal finished the batch (SUCCESS) but gave this item no transaction_status.
    fake.outcomeFor = () => null;
    const silent = await pendingPayout(75);
    await processPaypal([silent.payout.id]);
    expect((await payoutRow(silent.payout.id)).status).toBe('processing');
    expect(await alertsAbout(silent.payout.id)).toEqual([]);
    fake.setBatchStatus(fake.batchOf(`payout-${silent.payout.id}`).payoutBatchId, 'SUCCESS');
    later(400);
    await pollPayouts(ctx());
    later(400);
    await pollPayouts(ctx());
    expect((await alertsAbout(silent.payout.id)).map((a) => a.body)).toEqual([
      'PayPal answered something we cannot read (no item status in a SUCCESS batch). Check the payout in PayPal, then mark it paid or failed here.',
    ]);
    const paid = await postJson(
      app,
      `/api/admin/payouts/${silent.payout.id}/mark-paid`,
      { reference: '5TY05013RG002845M' },
      admin,
    );
    expect(paid.status).toBe(200);
    expect(await payoutRow(silent.payout.id)).toMatchObject({
      status: 'completed',
      reference: '5TY05013RG002845M',
    });
    expect(await balanceAndSum(database.db, silent.influencerId)).toEqual({ balance: 10, sum: 10 });
  });

  it('a verified payout event PayPal does not document still refreshes, and tells the admins once', async () => {
    fake.outcomeFor = () => 'PENDING';
    const q = await pendingPayout(50);
    await processPaypal([q.payout.id]);
    fake.setItemStatus(`payout-${q.payout.id}`, 'SUCCESS');
    const event = JSON.stringify(
      fake.webhookEvent('PAYMENT.PAYOUTS-ITEM.CLAWED_BACK', { senderItemId: `payout-${q.payout.id}` }),
    );
    for (let i = 0; i < 2; i++) {
      const answer = await sendWebhook(event, fake.signWebhook(event));
      expect(await answer.json()).toEqual({ received: true, refreshed: true });
    }
    expect((await payoutRow(q.payout.id)).status).toBe('completed');
    const notices = (await (await getWithCookie(app, '/api/notifications?limit=50', admin)).json()) as {
      items: Array<{ title: string; body: string }>;
    };
    expect(
      notices.items.filter((n) => n.title === `Unknown PayPal event: PayPal payout #${q.payout.id}`),
    ).toHaveLength(1);
    // Events about other things than payouts are acknowledged and left alone.
    const other = JSON.stringify({ id: 'WH-X', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} });
    expect(await (await sendWebhook(other, fake.signWebhook(other))).json()).toEqual({
      received: true,
      refreshed: false,
    });
  });

  it('without PayPal configured, webhooks answer 503', async () => {
    const manual = createApp({ db: database.db, env: testEnv(), logger, mailer, paypal: null });
    const body = JSON.stringify({ event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED' });
    const response = await manual.request('/api/webhooks/paypal', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: 'PayPal webhooks are not configured on this server.',
      code: 'UNAVAILABLE',
    });
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
