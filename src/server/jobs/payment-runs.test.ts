import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postJson } from '../../../tests/support/auth-client';
import { balanceAndSum } from '../../../tests/support/mint';
import { type ProcessAnswer, usePaypalPayouts } from '../../../tests/support/paypal-payouts';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { payoutBatches, payoutEvents } from '../../db/schema/payouts';
import { processPayouts } from '../services/payouts/process-payouts';
import { advancePaymentRun, PAYMENT_RUN_STEPS, pollPayouts } from './payment-runs';

const FINANCE = { userId: null, name: 'Finance <finance@mintbox.test>', ipAddress: null };

describe.each(TEST_DRIVERS)(
  'Payment runs (Process Payment as a job) against a local fake PayPal, on %s',
  (driver) => {
    const t = usePaypalPayouts(driver);
    const { ctx, pendingPayout, processPaypal, payoutRow, later } = t;
    const posts = (senderBatchId: string) =>
      [...t.fake.batches.values()].filter((b) => b.senderBatchId === senderBatchId);
    const paidEvents = async (payoutId: number) =>
      (await t.database.db.select().from(payoutEvents).where(eq(payoutEvents.payoutId, payoutId))).filter(
        (e) => e.action === 'paid',
      );

    it('answers at once with the run it started; the admin watches it reach paid', async () => {
      const a = await pendingPayout(55);
      const b = await pendingPayout(60);
      // PayPal takes the batch and answers after 1.5 s, past the client's 1 s limit: the click does not wait for it.
      t.fake.failNextCreate({ kind: 'hang-after-taking', ms: 1_500 });
      const clicked = performance.now();
      const response = await postJson(
        t.app,
        '/api/admin/payouts/process',
        { ids: [a.payout.id, b.payout.id], mode: 'paypal' },
        t.admin,
      );
      const answeredMs = performance.now() - clicked;
      const started = (await response.json()) as ProcessAnswer;
      expect(response.status).toBe(200);
      expect(started.paypal).toMatchObject({ outcome: 'started', message: 'Sending the batch to PayPal…' });
      expect(answeredMs).toBeLessThan(1_000);
      // The run goes on: PayPal's answer does not come in time, so it is sent again later with the same ids.
      await t.runs.idle();
      const runId = started.paypal!.runId;
      expect(await t.watchRun(runId)).toMatchObject({
        outcome: 'retrying',
        over: false,
        payouts: { open: 2 },
      });
      later(2);
      await pollPayouts(ctx());
      expect(await t.watchRun(runId)).toMatchObject({
        outcome: 'submitted',
        over: true,
        payouts: { total: 2, paid: 2, failed: 0, open: 0 },
      });
      expect((await payoutRow(a.payout.id)).status).toBe('completed');
      expect(posts(started.paypal!.senderBatchId)).toHaveLength(1);
      expect(t.fake.paidTo(a.paypalEmail)).toBe(55);
      expect(t.fake.paidTo(b.paypalEmail)).toBe(60);
    });

    it('concurrent Process Payment clicks on the same payouts make one run, paid once', async () => {
      const c = await pendingPayout(70);
      const d = await pendingPayout(50);
      const clicks = await Promise.all(
        Array.from({ length: 5 }, () => processPaypal([c.payout.id, d.payout.id])),
      );
      expect(clicks.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = clicks.filter((r) => r.status === 409);
      expect(refused).toHaveLength(4);
      const batches = await t.database.db
        .select()
        .from(payoutBatches)
        .where(inArray(payoutBatches.id, [(await payoutRow(c.payout.id)).batchId!]));
      expect(batches).toHaveLength(1);
      expect(posts(batches[0]!.senderBatchId)).toHaveLength(1);
      expect(t.fake.paidTo(c.paypalEmail)).toBe(70);
      expect(t.fake.paidTo(d.paypalEmail)).toBe(50);
      expect(await paidEvents(c.payout.id)).toHaveLength(1);
      expect(await balanceAndSum(t.database.db, c.creatorId)).toEqual({ balance: 10, sum: 10 });
    });

    it('a crash between submitting and settling resumes without paying twice; no Mint lost or made', async () => {
      const e = await pendingPayout(90);
      const services = ctx();
      // The process that started the run stops after its first step (PayPal took the batch, nothing read yet).
      const firstSteps: Promise<unknown>[] = [];
      const crashAfterSubmit = {
        start(id: number) {
          firstSteps.push(PAYMENT_RUN_STEPS[0]!.run(services, id));
        },
      };
      const started = await processPayouts(
        { ...services, paymentRuns: crashAfterSubmit },
        { ids: [e.payout.id], mode: 'paypal' },
        FINANCE,
      );
      await Promise.all(firstSteps);
      const runId = started.paypal!.runId;
      expect(await t.watchRun(runId)).toMatchObject({ outcome: 'submitted', over: false });
      expect((await payoutRow(e.payout.id)).status).toBe('processing');
      expect(await balanceAndSum(t.database.db, e.creatorId)).toEqual({ balance: 10, sum: 10 });

      // Any process takes the run up again: the payout job when it is due, and a second start of the same run.
      later(10);
      await Promise.all([
        pollPayouts(ctx()),
        advancePaymentRun(ctx(), runId),
        advancePaymentRun(ctx(), runId),
      ]);
      await advancePaymentRun(ctx(), runId);
      expect(await t.watchRun(runId)).toMatchObject({ over: true, payouts: { paid: 1, open: 0 } });
      expect((await payoutRow(e.payout.id)).status).toBe('completed');
      expect(posts(started.paypal!.senderBatchId)).toHaveLength(1);
      expect(t.fake.paidTo(e.paypalEmail)).toBe(90);
      expect(await paidEvents(e.payout.id)).toHaveLength(1);
      // The Mint left the balance with the redemption (a ledger entry); paying it moves no Mint.
      expect(await balanceAndSum(t.database.db, e.creatorId)).toEqual({ balance: 10, sum: 10 });
    });
  },
);
