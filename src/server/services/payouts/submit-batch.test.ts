import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postJson } from '../../../../tests/support/auth-client';
import { balanceAndSum } from '../../../../tests/support/mint';
import { usePaypalPayouts } from '../../../../tests/support/paypal-payouts';
import { TEST_DRIVERS } from '../../../../tests/support/test-database';
import { payoutBatches } from '../../../db/schema/payouts';
import { pollPayouts } from '../../jobs/payment-runs';

describe.each(TEST_DRIVERS)(
  'Sending payouts to PayPal (Process Payment, retries, refusals) against a local fake PayPal, on %s',
  (driver) => {
    const t = usePaypalPayouts(driver);
    const { mailer, ctx, pendingPayout, processPaypal, payoutRow, detail, later } = t;

    it('pays through PayPal: one batch with our sender_batch_id, completed with PayPal’s transaction id, mailed', async () => {
      const a = await pendingPayout(50);
      const b = await pendingPayout(75);
      const result = await processPaypal([a.payout.id, b.payout.id]);
      expect(result.status).toBe(200);
      expect(result.body.paypal).toMatchObject({ outcome: 'submitted' });
      const batch = [...t.fake.batches.values()].find(
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
      expect(t.fake.paidTo(a.paypalEmail)).toBe(50);
      // A payout PayPal has can no longer be marked by hand, or cancelled.
      expect(
        (
          await postJson(
            t.app,
            `/api/admin/payouts/${a.payout.id}/mark-failed`,
            { reason: 'No way' },
            t.admin,
          )
        ).status,
      ).toBe(409);
      expect((await processPaypal([a.payout.id])).status).toBe(409);
    });

    it('a 5xx after PayPal took the batch: retried with the same ids, paid once, and it still completes', async () => {
      const e = await pendingPayout(80);
      t.fake.failNextCreate({ kind: 'error-after-taking', status: 500 });
      const result = await processPaypal([e.payout.id]);
      expect(result.status).toBe(200);
      expect(result.body.paypal?.outcome).toBe('retrying');
      expect(result.body.paypal?.message).toMatch(/cannot be paid twice/);
      expect((await payoutRow(e.payout.id)).status).toBe('processing');
      // Being processed: the creator can no longer cancel it.
      expect((await postJson(t.app, `/api/me/payouts/${e.payout.id}/cancel`, {}, e.cookie)).status).toBe(409);
      later(2);
      expect((await pollPayouts(ctx())).submitted).toBe(1);
      const sent = [...t.fake.batches.values()].filter(
        (b) => b.senderBatchId === result.body.paypal!.senderBatchId,
      );
      expect(sent).toHaveLength(1);
      expect(t.fake.paidTo(e.paypalEmail)).toBe(80);
      // Both attempts carried the same PayPal-Request-Id (and the same sender_batch_id).
      const [batch] = await t.database.db
        .select()
        .from(payoutBatches)
        .where(eq(payoutBatches.senderBatchId, result.body.paypal!.senderBatchId));
      expect(
        t.fake.calls.filter((c) => c.method === 'POST' && c.requestId === batch!.requestId),
      ).toHaveLength(2);
      expect(batch).toMatchObject({ attempts: 2, status: 'closed', lastError: null });
      expect((await payoutRow(e.payout.id)).status).toBe('completed');
      expect(await balanceAndSum(t.database.db, e.creatorId)).toEqual({ balance: 10, sum: 10 });
    });

    it('when PayPal answers the retry with the duplicate sender_batch_id error, the original batch is adopted', async () => {
      t.fake.honourRequestIds = false;
      const f = await pendingPayout(90);
      t.fake.failNextCreate({ kind: 'error-after-taking', status: 503 });
      const result = await processPaypal([f.payout.id]);
      expect(result.body.paypal?.outcome).toBe('retrying');
      later(2);
      await pollPayouts(ctx());
      const original = [...t.fake.batches.values()].find(
        (b) => b.senderBatchId === result.body.paypal!.senderBatchId,
      )!;
      const [batch] = await t.database.db
        .select()
        .from(payoutBatches)
        .where(eq(payoutBatches.senderBatchId, result.body.paypal!.senderBatchId));
      expect(batch).toMatchObject({ paypalBatchId: original.payoutBatchId, status: 'closed' });
      expect(t.fake.paidTo(f.paypalEmail)).toBe(90);
      expect((await payoutRow(f.payout.id)).status).toBe('completed');
    });

    it('a call that never answers is retried the same way', async () => {
      const g = await pendingPayout(65);
      t.fake.failNextCreate({ kind: 'hang-after-taking', ms: 3_000 });
      const result = await processPaypal([g.payout.id]);
      expect(result.body.paypal).toMatchObject({ outcome: 'retrying' });
      expect(result.body.paypal?.message).toMatch(/did not answer within 1000 ms/);
      later(2);
      await pollPayouts(ctx());
      expect(t.fake.paidTo(g.paypalEmail)).toBe(65);
      expect((await payoutRow(g.payout.id)).status).toBe('completed');
    });

    it('a definite refusal (INSUFFICIENT_FUNDS) pays nothing and puts the payouts back to pending', async () => {
      const h = await pendingPayout(70);
      t.fake.failNextCreate({
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
      expect(t.fake.paidTo(h.paypalEmail)).toBe(0);
      // After funds are added, processing again works (a new batch).
      const again = await processPaypal([h.payout.id]);
      expect(again.body.paypal?.outcome).toBe('submitted');
      expect(t.fake.paidTo(h.paypalEmail)).toBe(70);
    });
  },
);
