import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePaypal, startFakePaypal } from '../../../tests/support/fake-paypal';
import type { PaypalConfig } from '../../config/env';
import {
  batchIdFromHref,
  type CreateBatchInput,
  createPaypalClient,
  itemOutcome,
  PaypalApiError,
} from './paypal-client';

describe('PayPal Payouts client against a local fake of the API', () => {
  let fake: FakePaypal;
  let config: PaypalConfig;
  let n = 0;

  const batch = (overrides: Partial<CreateBatchInput> = {}): CreateBatchInput => {
    n += 1;
    return {
      senderBatchId: `mintbox-test-${n}-${Date.now()}`,
      requestId: `request-${n}-${Date.now()}`,
      emailSubject: 'You have a payout from Mintbox',
      emailMessage: 'Your Mint, redeemed.',
      items: [{ senderItemId: `payout-${n}`, receiver: `creator${n}@example.com`, amount: 50, note: 'Mint' }],
      ...overrides,
    };
  };

  beforeAll(async () => {
    fake = await startFakePaypal();
    config = {
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      environment: 'sandbox',
      apiBase: fake.url,
      webhookId: fake.webhookId,
    };
  });
  beforeEach(() => {
    fake.honourRequestIds = true;
    fake.tokenTtlSeconds = 32_400;
    fake.outcomeFor = () => 'SUCCESS';
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('signs in once with client credentials, keeps the token until it nearly expires, then gets a new one', async () => {
    const clock = { now: Date.now() };
    const client = createPaypalClient(config, { now: () => clock.now });
    const before = fake.tokensIssued;
    const created = await client.createBatchPayout(batch());
    expect(created.payoutBatchId).toMatch(/^B/);
    await client.getBatch(created.payoutBatchId);
    await client.getBatch(created.payoutBatchId);
    expect(fake.tokensIssued - before).toBe(1);
    // PayPal's token lives 9 hours; a minute before it ends, a new one is fetched.
    clock.now += (32_400 - 59) * 1000;
    await client.getBatch(created.payoutBatchId);
    expect(fake.tokensIssued - before).toBe(2);
  });

  it('gets a new token when PayPal says the cached one is no longer valid (401), once', async () => {
    const client = createPaypalClient(config);
    const created = await client.createBatchPayout(batch());
    const before = fake.tokensIssued;
    fake.revokeTokens();
    const read = await client.getBatch(created.payoutBatchId);
    expect(read.payoutBatchId).toBe(created.payoutBatchId);
    expect(fake.tokensIssued - before).toBe(1);
  });

  it('reports wrong credentials as a sign-in failure', async () => {
    const client = createPaypalClient({ ...config, clientSecret: 'wrong' });
    const error = (await client.createBatchPayout(batch()).catch((e: unknown) => e)) as PaypalApiError;
    expect(error).toBeInstanceOf(PaypalApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('PayPal sign-in failed: invalid_client: Client Authentication failed');
    expect(error.outcomeUnknown).toBe(false);
  });

  it('sends the documented payout request and reads the batch back with every item, over several pages', async () => {
    const client = createPaypalClient(config);
    const items = Array.from({ length: 130 }, (_, i) => ({
      senderItemId: `payout-many-${i}`,
      receiver: `many${i}@example.com`,
      amount: 50 + i,
      note: 'Mint',
    }));
    const input = batch({ items });
    const created = await client.createBatchPayout(input);
    expect(created).toMatchObject({ batchStatus: 'PENDING', duplicate: false });
    const stored = fake.batches.get(created.payoutBatchId)!;
    expect(stored.senderBatchId).toBe(input.senderBatchId);
    expect(stored.items[3]).toMatchObject({ receiver: 'many3@example.com', amount: '53.00' });
    expect(
      fake.calls.find((c) => c.path === '/v1/payments/payouts' && c.requestId === input.requestId),
    ).toBeTruthy();

    const read = await client.getBatch(created.payoutBatchId);
    expect(read.senderBatchId).toBe(input.senderBatchId);
    expect(read.items).toHaveLength(130);
    expect(read.items[129]?.payout_item.sender_item_id).toBe('payout-many-129');
    expect(read.items.every((i) => i.transaction_status === 'SUCCESS' && i.transaction_id)).toBe(true);
  });

  it('a retry after a 5xx (PayPal took the batch) gets the first answer back through PayPal-Request-Id', async () => {
    const client = createPaypalClient(config);
    const input = batch();
    fake.failNextCreate({ kind: 'error-after-taking', status: 500 });
    const first = (await client.createBatchPayout(input).catch((e: unknown) => e)) as PaypalApiError;
    expect(first.status).toBe(500);
    expect(first.outcomeUnknown).toBe(true);
    const retry = await client.createBatchPayout(input);
    expect(retry.duplicate).toBe(false);
    expect([...fake.batches.values()].filter((b) => b.senderBatchId === input.senderBatchId)).toHaveLength(1);
    expect(fake.paidTo(input.items[0]!.receiver)).toBe(50);
    expect(retry.payoutBatchId).toBe(
      [...fake.batches.values()].find((b) => b.senderBatchId === input.senderBatchId)?.payoutBatchId,
    );
  });

  it('a retry that PayPal refuses as a duplicate sender_batch_id learns the original batch from its link', async () => {
    fake.honourRequestIds = false;
    const client = createPaypalClient(config);
    const input = batch();
    fake.failNextCreate({ kind: 'error-after-taking', status: 503 });
    await expect(client.createBatchPayout(input)).rejects.toBeInstanceOf(PaypalApiError);
    const retry = await client.createBatchPayout(input);
    expect(retry.duplicate).toBe(true);
    const original = [...fake.batches.values()].find((b) => b.senderBatchId === input.senderBatchId)!;
    expect(retry.payoutBatchId).toBe(original.payoutBatchId);
    expect(fake.paidTo(input.items[0]!.receiver)).toBe(50);
  });

  it('a call that never answers counts as "no answer", and the retry does not pay twice', async () => {
    const client = createPaypalClient(config, { timeoutMs: 300 });
    const input = batch();
    fake.failNextCreate({ kind: 'hang-after-taking', ms: 2_000 });
    const error = (await client.createBatchPayout(input).catch((e: unknown) => e)) as PaypalApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe('PayPal did not answer within 300 ms');
    expect(error.outcomeUnknown).toBe(true);
    const retry = await client.createBatchPayout(input);
    expect(fake.batches.get(retry.payoutBatchId)?.senderBatchId).toBe(input.senderBatchId);
    expect(fake.paidTo(input.items[0]!.receiver)).toBe(50);
  });

  it('passes definite refusals on with PayPal’s name and message', async () => {
    const client = createPaypalClient(config);
    fake.failNextCreate({
      kind: 'error',
      status: 422,
      name: 'INSUFFICIENT_FUNDS',
      message: 'Sender does not have sufficient funds. Please add funds and retry.',
    });
    const error = (await client.createBatchPayout(batch()).catch((e: unknown) => e)) as PaypalApiError;
    expect(error.status).toBe(422);
    expect(error.paypalName).toBe('INSUFFICIENT_FUNDS');
    expect(error.outcomeUnknown).toBe(false);
    expect(error.message).toBe(
      'PayPal payout failed: INSUFFICIENT_FUNDS: Sender does not have sufficient funds. Please add funds and retry.',
    );
    const invalid = (await client
      .createBatchPayout(
        batch({ items: [{ senderItemId: 'x', receiver: 'not-an-email', amount: 50, note: '' }] }),
      )
      .catch((e: unknown) => e)) as PaypalApiError;
    expect(invalid.status).toBe(400);
    expect(invalid.paypalName).toBe('VALIDATION_ERROR');
  });

  it('answers 404 for a batch PayPal does not know', async () => {
    const client = createPaypalClient(config);
    const error = (await client.getBatch('NOPE').catch((e: unknown) => e)) as PaypalApiError;
    expect(error.status).toBe(404);
    expect(error.paypalName).toBe('INVALID_RESOURCE_ID');
  });

  it('verifies a webhook through PayPal, sending the event back byte for byte', async () => {
    const client = createPaypalClient(config);
    const raw = JSON.stringify({
      id: 'WH-EVENT-1',
      event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
      resource: { payout_batch_id: 'B1', amount: 50.0, note: 'é ü' },
    });
    const headers = new Headers(fake.signWebhook(raw));
    expect(await client.verifyWebhookSignature(headers, raw)).toBe(true);
    // Altered body, wrong signature, missing headers, another webhook id: all refused.
    expect(await client.verifyWebhookSignature(headers, raw.replace('B1', 'B2'))).toBe(false);
    const forged = new Headers(headers);
    forged.set('paypal-transmission-sig', 'forged');
    expect(await client.verifyWebhookSignature(forged, raw)).toBe(false);
    const partial = new Headers(headers);
    partial.delete('paypal-cert-url');
    expect(await client.verifyWebhookSignature(partial, raw)).toBe(false);
    const other = createPaypalClient({ ...config, webhookId: 'WHOTHER' });
    expect(await other.verifyWebhookSignature(headers, raw)).toBe(false);
    expect(await client.verifyWebhookSignature(headers, 'not json')).toBe(false);
  });

  it('maps every documented item status to open, paid, failed or returned', () => {
    expect(itemOutcome('SUCCESS')).toBe('paid');
    for (const open of ['PENDING', 'UNCLAIMED', 'ONHOLD', 'SOMETHING_NEW'])
      expect(itemOutcome(open)).toBe('open');
    for (const failed of ['FAILED', 'BLOCKED']) expect(itemOutcome(failed)).toBe('failed');
    for (const back of ['RETURNED', 'REFUNDED', 'REVERSED']) expect(itemOutcome(back)).toBe('returned');
    expect(batchIdFromHref('https://api.sandbox.paypal.com/v1/payments/payouts/CR9VS2K4X4846')).toBe(
      'CR9VS2K4X4846',
    );
    expect(batchIdFromHref('https://api-m.paypal.com/v1/payments/payouts-item/8AELMXH8UB2P8')).toBeNull();
  });
});
