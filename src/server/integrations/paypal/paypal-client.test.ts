import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import payoutsContract from '../../../../tests/contracts/paypal-payouts.schema.json';
import webhooksContract from '../../../../tests/contracts/paypal-webhooks.schema.json';
import {
  type FakePaypal,
  PAYPAL_PAYOUT_EVENTS,
  startFakePaypal,
} from '../../../../tests/support/fake-paypal';
import type { PaypalConfig } from '../../../config/env-services';
import { batchIdFromHref, PaypalApiError } from './paypal-answers';
import { type CreateBatchInput, createPaypalClient } from './paypal-client';
import {
  BATCH_STATUSES,
  batchOutcome,
  ITEM_STATUSES,
  isKnownPayoutEvent,
  itemOutcome,
  PAYOUT_WEBHOOK_EVENTS,
} from './paypal-statuses';

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
    // The retry (the payout job's next attempt) on a client with the usual time limit: 300 ms is only there to make
    // the hang short, and on a loaded machine the retry's own token and POST could pass it (it failed so once in CI).
    const retry = await createPaypalClient(config).createBatchPayout(input);
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

  it('maps every documented item and batch status, and calls anything else unknown', () => {
    expect(itemOutcome('SUCCESS')).toBe('paid');
    for (const open of ['PENDING', 'UNCLAIMED', 'ONHOLD']) expect(itemOutcome(open)).toBe('open');
    for (const failed of ['FAILED', 'BLOCKED', 'DENIED']) expect(itemOutcome(failed)).toBe('failed');
    for (const back of ['RETURNED', 'REFUNDED', 'REVERSED']) expect(itemOutcome(back)).toBe('returned');
    for (const other of ['SOMETHING_NEW', '', 'success']) expect(itemOutcome(other)).toBe('unknown');
    // Every status PayPal's transaction_enum lists has a meaning (DENIED comes from the item webhook events).
    for (const status of payoutsContract.definitions.transactionStatus.enum) {
      expect(itemOutcome(status), status).not.toBe('unknown');
      expect(ITEM_STATUSES).toContain(status);
    }
    expect([...BATCH_STATUSES].sort()).toEqual([...payoutsContract.definitions.batchStatus.enum].sort());
    expect(BATCH_STATUSES.map(batchOutcome)).toEqual(['refused', 'open', 'open', 'done', 'refused']);
    expect(batchOutcome('NEW')).toBe('unknown');
    expect([...PAYOUT_WEBHOOK_EVENTS].sort()).toEqual(
      [...webhooksContract.definitions.payoutEventType.enum].sort(),
    );
    expect(isKnownPayoutEvent('PAYMENT.PAYOUTS-ITEM.REVERSED')).toBe(false);
    expect(batchIdFromHref('https://api.sandbox.paypal.com/v1/payments/payouts/CR9VS2K4X4846')).toBe(
      'CR9VS2K4X4846',
    );
    expect(batchIdFromHref('https://api-m.paypal.com/v1/payments/payouts-item/8AELMXH8UB2P8')).toBeNull();
  });

  it('reads a batch whose items come without a transaction_status (optional in PayPal’s schema) or in any status', async () => {
    const client = createPaypalClient(config);
    const statuses = [...payoutsContract.definitions.transactionStatus.enum, null];
    const prefix = `payout-status-${Date.now()}`;
    const input = batch({
      items: statuses.map((_, i) => ({
        senderItemId: `${prefix}-${i}`,
        receiver: `status${i}@example.com`,
        amount: 50,
        note: 'Mint',
      })),
    });
    const created = await client.createBatchPayout(input);
    statuses.forEach((status, i) => {
      fake.setItemStatus(`${prefix}-${i}`, status);
    });
    const read = await client.getBatch(created.payoutBatchId);
    expect(read.batchStatus).toBe('PROCESSING');
    expect(read.items.map((i) => i.transaction_status)).toEqual(statuses.map((s) => s ?? undefined));
    expect(read.items.find((i) => i.transaction_status === 'FAILED')?.errors).toMatchObject({
      name: 'RECEIVER_ACCOUNT_INVALID',
      debug_id: expect.any(String),
    });
  });

  // Runs last: every exchange of this file (tokens, payouts, duplicates, refusals, 401s, 404s, verifications).
  it('every request our client sent and every answer the fake gave validate against PayPal’s published schemas', async () => {
    const ajv = new Ajv({ allErrors: true, strict: true });
    ajv.addSchema(payoutsContract).addSchema(webhooksContract);
    const schema = (ref: string) => ajv.getSchema(ref) as ValidateFunction;
    const check = (ref: string, value: unknown, what: string) => {
      const validate = schema(ref);
      expect(validate(value) ? [] : validate.errors, `${what} against ${ref}`).toEqual([]);
    };
    const P = 'mintbox:paypal-payouts#/definitions/';
    const W = 'mintbox:paypal-webhooks#/definitions/';
    // Wait for the answer of the call that was left hanging on purpose.
    await expect.poll(() => fake.exchanges.every((e) => e.status !== 0), { timeout: 5_000 }).toBe(true);
    const seen = new Set<string>();
    for (const exchange of fake.exchanges) {
      const what = `${exchange.method} ${exchange.path} → ${exchange.status}`;
      seen.add(
        `${exchange.method} ${exchange.path.replace(/\/payouts\/[^/]+$/, '/payouts/{id}')} ${exchange.status}`,
      );
      if (exchange.path === '/v1/oauth2/token') {
        expect(exchange.headers.authorization, what).toMatch(/^Basic [A-Za-z0-9+/=]+$/);
        expect(exchange.headers['content-type'], what).toBe('application/x-www-form-urlencoded');
        expect(Object.fromEntries(new URLSearchParams(exchange.body)), what).toEqual({
          grant_type: 'client_credentials',
        });
        check(`${P}${exchange.status === 200 ? 'tokenResponse' : 'oauthError'}`, exchange.answer, what);
        continue;
      }
      expect(exchange.headers.authorization, what).toMatch(/^Bearer \S+$/);
      const success = exchange.status >= 200 && exchange.status < 300;
      if (exchange.method === 'POST' && exchange.path === '/v1/payments/payouts') {
        expect(exchange.headers['content-type'], what).toBe('application/json');
        expect(String(exchange.headers['paypal-request-id'] ?? '').length, what).toBeGreaterThan(0);
        check(`${P}createPayoutRequest`, JSON.parse(exchange.body), what);
        check(`${P}${success ? 'createPayoutResponse' : 'error'}`, exchange.answer, what);
      } else if (exchange.method === 'GET' && exchange.path.startsWith('/v1/payments/payouts/')) {
        check(`${P}showPayoutQuery`, exchange.query, what);
        check(`${P}${success ? 'payoutBatch' : 'error'}`, exchange.answer, what);
      } else if (
        exchange.method === 'POST' &&
        exchange.path === '/v1/notifications/verify-webhook-signature'
      ) {
        check(`${W}verifyRequest`, JSON.parse(exchange.body), what);
        check(success ? `${W}verifyResponse` : `${P}error`, exchange.answer, what);
      } else {
        throw new Error(`our client called ${what}, which the contract does not cover`);
      }
    }
    // The run covered each kind of answer, failures included.
    for (const key of [
      'POST /v1/oauth2/token 200',
      'POST /v1/oauth2/token 401',
      'POST /v1/payments/payouts 201',
      'POST /v1/payments/payouts 400',
      'POST /v1/payments/payouts 422',
      'POST /v1/payments/payouts 500',
      'GET /v1/payments/payouts/{id} 401',
      'GET /v1/payments/payouts/{id} 200',
      'GET /v1/payments/payouts/{id} 404',
      'POST /v1/notifications/verify-webhook-signature 200',
    ]) {
      expect(seen, key).toContain(key);
    }

    // The webhook events the fake sends: every documented payout type, each with its resource as PayPal shows it.
    const [anyBatch] = [...fake.batches.values()];
    for (const type of PAYPAL_PAYOUT_EVENTS) {
      const event = type.startsWith('PAYMENT.PAYOUTSBATCH.')
        ? fake.webhookEvent(type, { payoutBatchId: anyBatch!.payoutBatchId })
        : fake.webhookEvent(type, { senderItemId: anyBatch!.items[0]!.senderItemId });
      check(`${W}event`, event, type);
      check(`${W}payoutEventType`, event.event_type, type);
      check(
        `${P}${type.startsWith('PAYMENT.PAYOUTSBATCH.') ? 'payoutBatch' : 'payoutBatchItem'}`,
        event.resource,
        `${type} resource`,
      );
    }
  });
});
