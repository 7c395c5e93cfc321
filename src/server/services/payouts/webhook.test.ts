import { describe, expect, it } from 'vitest';
import { getWithCookie } from '../../../../tests/support/auth-client';
import { balanceAndSum } from '../../../../tests/support/mint';
import { usePaypalPayouts } from '../../../../tests/support/paypal-payouts';
import { testEnv } from '../../../../tests/support/test-app';
import { TEST_DRIVERS } from '../../../../tests/support/test-database';
import { createApp } from '../../http/app';

describe.each(TEST_DRIVERS)('PayPal webhooks against a local fake PayPal, on %s', (driver) => {
  const t = usePaypalPayouts(driver);
  const { mailer, logger, pendingPayout, processPaypal, payoutRow, reversals, sendWebhook } = t;

  it('webhooks are verified with PayPal and only trigger a refresh: a REFUNDED payment returns the Mint', async () => {
    const k = await pendingPayout(50);
    await processPaypal([k.payout.id]);
    expect((await payoutRow(k.payout.id)).status).toBe('completed');
    const paypalBatchId = [...t.fake.batches.values()].find((b) =>
      b.items.some((i) => i.senderItemId === `payout-${k.payout.id}`),
    )!.payoutBatchId;
    t.fake.setItemStatus(`payout-${k.payout.id}`, 'REFUNDED');
    const event = JSON.stringify({
      ...t.fake.webhookEvent('PAYMENT.PAYOUTS-ITEM.REFUNDED', { senderItemId: `payout-${k.payout.id}` }),
      // The body claims SUCCESS: it is not trusted, PayPal's own record (REFUNDED) is.
      resource: { payout_batch_id: paypalBatchId, transaction_status: 'SUCCESS' },
    });
    const send = (body: string, headers: Record<string, string>) =>
      t.app.request('/api/webhooks/paypal', {
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
    const tampered = await send(event.replace('REFUNDED', 'DENIED'), t.fake.signWebhook(event));
    expect(tampered.status).toBe(400);
    expect((await payoutRow(k.payout.id)).status).toBe('completed');

    const signed = await send(event, t.fake.signWebhook(event));
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ received: true, refreshed: true });
    expect(await payoutRow(k.payout.id)).toMatchObject({ status: 'returned', paypalStatus: 'REFUNDED' });
    expect(await balanceAndSum(t.database.db, k.creatorId)).toEqual({ balance: 60, sum: 60 });
    // PayPal retries webhooks: the same event again changes nothing.
    expect((await send(event, t.fake.signWebhook(event))).status).toBe(200);
    expect((await reversals(k.creatorId)).map((r) => r.amount)).toEqual([50]);
    // Events about batches that are not ours are acknowledged and ignored.
    const foreign = JSON.stringify({
      event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
      resource: { payout_batch_id: 'NOTOURS' },
    });
    const ignored = await send(foreign, t.fake.signWebhook(foreign));
    expect(await ignored.json()).toEqual({ received: true, refreshed: false });
  });

  it('a verified payout event PayPal does not document still refreshes, and tells the admins once', async () => {
    t.fake.outcomeFor = () => 'PENDING';
    const q = await pendingPayout(50);
    await processPaypal([q.payout.id]);
    t.fake.setItemStatus(`payout-${q.payout.id}`, 'SUCCESS');
    const event = JSON.stringify(
      t.fake.webhookEvent('PAYMENT.PAYOUTS-ITEM.CLAWED_BACK', { senderItemId: `payout-${q.payout.id}` }),
    );
    for (let i = 0; i < 2; i++) {
      const answer = await sendWebhook(event, t.fake.signWebhook(event));
      expect(await answer.json()).toEqual({ received: true, refreshed: true });
    }
    expect((await payoutRow(q.payout.id)).status).toBe('completed');
    const notices = (await (await getWithCookie(t.app, '/api/notifications?limit=50', t.admin)).json()) as {
      items: Array<{ title: string; body: string }>;
    };
    expect(
      notices.items.filter((n) => n.title === `Unknown PayPal event: PayPal payout #${q.payout.id}`),
    ).toHaveLength(1);
    // Events about other things than payouts are acknowledged and left alone.
    const other = JSON.stringify({ id: 'WH-X', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} });
    expect(await (await sendWebhook(other, t.fake.signWebhook(other))).json()).toEqual({
      received: true,
      refreshed: false,
    });
  });

  it('without PayPal configured, webhooks answer 503', async () => {
    const manual = createApp({ db: t.database.db, env: testEnv(), logger, mailer, paypal: null });
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
});
