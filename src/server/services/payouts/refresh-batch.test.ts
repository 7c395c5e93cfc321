import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getWithCookie, postJson } from '../../../../tests/support/auth-client';
import { balanceAndSum } from '../../../../tests/support/mint';
import { usePaypalPayouts } from '../../../../tests/support/paypal-payouts';
import { TEST_DRIVERS } from '../../../../tests/support/test-database';
import { payoutBatches } from '../../../db/schema/payouts';
import { pollPayouts } from '../../jobs/payment-runs';
import { refreshBatch } from './refresh-batch';

describe.each(TEST_DRIVERS)(
  'Reading PayPal batch results into payouts against a local fake PayPal, on %s',
  (driver) => {
    const t = usePaypalPayouts(driver);
    const {
      mailer,
      ctx,
      pendingPayout,
      processPaypal,
      payoutRow,
      detail,
      reversals,
      alertsAbout,
      sendWebhook,
      later,
    } = t;
    /** The admin settles a payout by hand after checking PayPal: paid with a reference, or failed with a reason. */
    const settleByHand = (payoutId: number, act: 'mark-paid' | 'mark-failed', body: Record<string, string>) =>
      postJson(t.app, `/api/admin/payouts/${payoutId}/${act}`, body, t.admin);

    it('a FAILED item fails the payout and returns the Mint once, however often it is read', async () => {
      t.fake.outcomeFor = () => 'FAILED';
      const c = await pendingPayout(60);
      const result = await processPaypal([c.payout.id]);
      expect(result.body.paypal?.outcome).toBe('submitted');
      const row = await payoutRow(c.payout.id);
      expect(row).toMatchObject({ status: 'failed', paypalStatus: 'FAILED' });
      expect(row.failureReason).toBe('Receiver account is invalid. (PayPal: FAILED)');
      for (let i = 0; i < 3; i++) await refreshBatch(ctx(), row.batchId!);
      expect((await reversals(c.creatorId)).map((r) => r.amount)).toEqual([60]);
      expect(await balanceAndSum(t.database.db, c.creatorId)).toEqual({ balance: 70, sum: 70 });
      const mail = mailer.sent.filter((m) => m.to === c.email).at(-1)!;
      expect(mail.subject).toBe('Payout failed: 60 Mint are back in your wallet');
      expect(mail.text).toContain('Reason: Receiver account is invalid. (PayPal: FAILED)');
    });

    it('UNCLAIMED stays open (polled, with the status shown); RETURNED later returns the Mint', async () => {
      t.fake.outcomeFor = () => 'UNCLAIMED';
      const d = await pendingPayout(55);
      await processPaypal([d.payout.id]);
      let row = await payoutRow(d.payout.id);
      expect(row).toMatchObject({ status: 'processing', paypalStatus: 'UNCLAIMED' });
      const [batch] = await t.database.db
        .select()
        .from(payoutBatches)
        .where(eq(payoutBatches.id, row.batchId!));
      expect(batch?.status).toBe('submitted');
      expect((await detail(d.payout.id)).events.at(-1)).toMatchObject({
        action: 'paypal_status',
        actor: 'PayPal',
        detail:
          'UNCLAIMED: Receiver is unregistered. The payment will be returned if not claimed within 30 days.',
      });
      // Not due yet: the job leaves it alone.
      expect(await pollPayouts(ctx())).toEqual({ submitted: 0, refreshed: 0, errors: 0 });
      t.fake.setItemStatus(`payout-${d.payout.id}`, 'RETURNED');
      later(10);
      const polled = await pollPayouts(ctx());
      expect(polled.refreshed).toBeGreaterThanOrEqual(1);
      row = await payoutRow(d.payout.id);
      expect(row).toMatchObject({ status: 'returned', paypalStatus: 'RETURNED' });
      expect(await balanceAndSum(t.database.db, d.creatorId)).toEqual({ balance: 65, sum: 65 });
      const mail = mailer.sent.filter((m) => m.to === d.email).at(-1)!;
      expect(mail.subject).toBe('Payout returned: 55 Mint are back in your wallet');
      const [closed] = await t.database.db
        .select()
        .from(payoutBatches)
        .where(eq(payoutBatches.id, row.batchId!));
      expect(closed?.status).toBe('closed');
    });

    it('BLOCKED and DENIED items fail their payouts; a batch PayPal DENIED fails the items it left without a result', async () => {
      t.fake.outcomeFor = (receiver) => (receiver.startsWith('blocked') ? 'BLOCKED' : 'DENIED');
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
      expect(await balanceAndSum(t.database.db, blocked.creatorId)).toEqual({ balance: 60, sum: 60 });
      expect(await balanceAndSum(t.database.db, denied.creatorId)).toEqual({ balance: 70, sum: 70 });

      // PayPal took a batch, had not given its item a status yet, then denied the whole batch.
      t.fake.outcomeFor = () => null;
      const open = await pendingPayout(55);
      await processPaypal([open.payout.id]);
      expect(await payoutRow(open.payout.id)).toMatchObject({ status: 'processing', paypalStatus: null });
      const batch = t.fake.setBatchStatus(t.fake.batchOf(`payout-${open.payout.id}`).payoutBatchId, 'DENIED');
      const event = JSON.stringify(
        t.fake.webhookEvent('PAYMENT.PAYOUTSBATCH.DENIED', { payoutBatchId: batch.payoutBatchId }),
      );
      expect(await (await sendWebhook(event, t.fake.signWebhook(event))).json()).toEqual({
        received: true,
        refreshed: true,
      });
      expect(await payoutRow(open.payout.id)).toMatchObject({
        status: 'failed',
        failureReason: 'PayPal denied the payout batch. (PayPal: batch DENIED)',
      });
      expect(await balanceAndSum(t.database.db, open.creatorId)).toEqual({ balance: 65, sum: 65 });
      expect((await reversals(open.creatorId)).map((r) => r.amount)).toEqual([55]);
      // Nothing there needed a person.
      for (const p of [blocked, denied, open]) expect(await alertsAbout(p.payout.id)).toEqual([]);
    });

    it('a status PayPal does not document, or no status in a finished batch: open, the admins alerted once, settled by hand', async () => {
      t.fake.outcomeFor = () => 'PENDING_REVIEW_V2';
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
      const failed = await settleByHand(odd.payout.id, 'mark-failed', {
        reason: 'PayPal shows it as not sent.',
      });
      expect(failed.status).toBe(200);
      expect(await balanceAndSum(t.database.db, odd.creatorId)).toEqual({ balance: 80, sum: 80 });
      expect((await detail(odd.payout.id)).events.map((e) => e.action)).toEqual([
        'requested',
        'sent_to_paypal',
        'paypal_accepted',
        'paypal_status',
        'paypal_unreadable',
        'marked_failed',
      ]);

      // PayPal finished the batch (SUCCESS) but gave this item no transaction_status.
      t.fake.outcomeFor = () => null;
      const silent = await pendingPayout(75);
      await processPaypal([silent.payout.id]);
      expect((await payoutRow(silent.payout.id)).status).toBe('processing');
      expect(await alertsAbout(silent.payout.id)).toEqual([]);
      t.fake.setBatchStatus(t.fake.batchOf(`payout-${silent.payout.id}`).payoutBatchId, 'SUCCESS');
      later(400);
      await pollPayouts(ctx());
      later(400);
      await pollPayouts(ctx());
      expect((await alertsAbout(silent.payout.id)).map((a) => a.body)).toEqual([
        'PayPal answered something we cannot read (no item status in a SUCCESS batch). Check the payout in PayPal, then mark it paid or failed here.',
      ]);
      const paid = await settleByHand(silent.payout.id, 'mark-paid', { reference: '5TY05013RG002845M' });
      expect(paid.status).toBe(200);
      expect(await payoutRow(silent.payout.id)).toMatchObject({
        status: 'completed',
        reference: '5TY05013RG002845M',
      });
      expect(await balanceAndSum(t.database.db, silent.creatorId)).toEqual({ balance: 10, sum: 10 });
    });

    it('reads run at the same time, and again after, settle each payout once: one paid mark, one Mint back', async () => {
      t.fake.outcomeFor = () => null;
      const paid = await pendingPayout(60);
      const back = await pendingPayout(70);
      const open = await pendingPayout(80);
      await processPaypal([paid.payout.id, back.payout.id, open.payout.id]);
      const batchId = (await payoutRow(paid.payout.id)).batchId!;
      expect((await payoutRow(back.payout.id)).batchId).toBe(batchId);
      t.fake.setItemStatus(`payout-${paid.payout.id}`, 'SUCCESS');
      t.fake.setItemStatus(`payout-${back.payout.id}`, 'FAILED');
      t.fake.setItemStatus(`payout-${open.payout.id}`, 'UNCLAIMED');
      const sentBefore = mailer.sent.length;
      // Three reads of the same results at once (the job on two instances and a webhook), then two more.
      await Promise.all([
        refreshBatch(ctx(), batchId),
        refreshBatch(ctx(), batchId),
        refreshBatch(ctx(), batchId),
      ]);
      for (let i = 0; i < 2; i++) await refreshBatch(ctx(), batchId);

      expect(await payoutRow(paid.payout.id)).toMatchObject({ status: 'completed', paypalStatus: 'SUCCESS' });
      expect(await payoutRow(back.payout.id)).toMatchObject({ status: 'failed', paypalStatus: 'FAILED' });
      expect(await payoutRow(open.payout.id)).toMatchObject({
        status: 'processing',
        paypalStatus: 'UNCLAIMED',
      });
      const actions = async (id: number) => (await detail(id)).events.map((e) => e.action);
      expect((await actions(paid.payout.id)).filter((a) => a === 'paid')).toHaveLength(1);
      expect((await actions(back.payout.id)).filter((a) => a === 'failed')).toHaveLength(1);
      expect((await actions(open.payout.id)).filter((a) => a === 'paypal_status')).toHaveLength(1);
      expect((await reversals(back.creatorId)).map((r) => r.amount)).toEqual([70]);
      expect(await balanceAndSum(t.database.db, back.creatorId)).toEqual({ balance: 80, sum: 80 });
      expect(await balanceAndSum(t.database.db, paid.creatorId)).toEqual({ balance: 10, sum: 10 });
      // One mail and one in-app notice each, for the two payouts that ended.
      const mails = mailer.sent.slice(sentBefore);
      expect(mails.filter((m) => m.to === paid.email).map((m) => m.subject)).toHaveLength(1);
      expect(mails.filter((m) => m.to === back.email).map((m) => m.subject)).toHaveLength(1);
      expect(mails.filter((m) => m.to === open.email)).toEqual([]);
      for (const [made, title] of [
        [paid, `PayPal payout #${paid.payout.id} paid`],
        [back, `PayPal payout #${back.payout.id} failed`],
      ] as const) {
        const list = (await (
          await getWithCookie(t.app, '/api/notifications?limit=50', made.cookie)
        ).json()) as {
          items: Array<{ title: string }>;
        };
        expect(
          list.items.filter((item) => item.title === title),
          title,
        ).toHaveLength(1);
      }
    });

    it('a run past its time budget leaves the other due batches to the next run, the oldest read first', async () => {
      // Issue 28: only this test's batches are due.
      await t.database.db
        .update(payoutBatches)
        .set({ nextCheckAt: new Date(t.clock.now.getTime() + 86_400_000) });
      t.fake.outcomeFor = () => null;
      const first = await pendingPayout(60);
      const second = await pendingPayout(70);
      await processPaypal([first.payout.id]);
      await processPaypal([second.payout.id]);
      for (const [made, minutesAgo] of [
        [first, 2],
        [second, 1],
      ] as const) {
        t.fake.setItemStatus(`payout-${made.payout.id}`, 'SUCCESS');
        await t.database.db
          .update(payoutBatches)
          .set({ nextCheckAt: new Date(t.clock.now.getTime() - minutesAgo * 60_000) })
          .where(eq(payoutBatches.id, (await payoutRow(made.payout.id)).batchId!));
      }
      // No time left after one batch: one batch a run.
      expect(await pollPayouts(ctx(), 0)).toEqual({ submitted: 0, refreshed: 1, errors: 0 });
      expect((await payoutRow(first.payout.id)).status).toBe('completed');
      expect((await payoutRow(second.payout.id)).status).toBe('processing');
      expect(await pollPayouts(ctx(), 0)).toEqual({ submitted: 0, refreshed: 1, errors: 0 });
      expect((await payoutRow(second.payout.id)).status).toBe('completed');
    });
  },
);
