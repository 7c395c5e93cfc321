import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import webhooksContract from '../contracts/paypal-webhooks.schema.json';
import { closeHttpServer, listen, WAIT_LIMITS } from './bounded';
import { readRequestBody } from './request-body';

/**
 * A local stand-in for PayPal's REST API, started by a test (or by `npm run demo`) on a port of its own. It answers
 * as PayPal's published definitions say, not as our client expects:
 * - Payouts: paypal/paypal-rest-api-specifications `openapi/payments_payouts_batch_v1.json` ("Payouts" 1.9):
 *   POST /v1/payments/payouts answers 201 with `payout` (batch_header: payout_batch_id, batch_status PENDING,
 *   sender_batch_header; links), GET /v1/payments/payouts/{id} answers `payout_batch` with pages of
 *   `payout_batch_items`, whose `transaction_status` is optional (an item may come without one) and whose `errors`
 *   is an `error` (name, message, debug_id). Item statuses are `transaction_enum`, batch statuses `batch_enum`.
 * - Errors: that file's `error` (name, message, debug_id required; information_link, details[{ field, location,
 *   issue, description }], links) with the names the Payouts error pages give (VALIDATION_ERROR, USER_BUSINESS_ERROR
 *   with the HATEOAS link to the batch that has the sender_batch_id already, INSUFFICIENT_FUNDS,
 *   INVALID_RESOURCE_ID, INTERNAL_SERVER_ERROR), and 401 AUTHENTICATION_FAILURE (`error_401`) for a missing,
 *   expired or revoked token.
 * - Token: POST /v1/oauth2/token, client credentials with HTTP Basic (the spec's `Oauth2` security scheme; the body
 *   and the OAuth2 error `{ error, error_description }` as PayPal's REST "Authentication" page shows them).
 * - Webhooks: `openapi/notifications_webhooks_v1.json` ("Webhooks Management" 1.11): verify-webhook-signature
 *   takes `verify_webhook_signature` and answers `verify_webhook_signature_response`; events are `event` (id,
 *   create_time, resource_type, event_type, summary, resource, links), of the types on PayPal's "Payouts webhook
 *   event names" page (PAYMENT.PAYOUTSBATCH.* and PAYMENT.PAYOUTS-ITEM.*).
 * Signatures are an HMAC of our own (PayPal signs with a certificate): only this fake can check them, which is
 * what verify-webhook-signature is for. The fake fails the ways a real integration meets: expired tokens, a 5xx
 * after PayPal took the batch, a call that never answers, the duplicate sender_batch_id refusal, definite
 * refusals, and items that end FAILED, BLOCKED, DENIED, RETURNED, with no status, or with a status PayPal does not
 * document (to see that we never guess).
 */

type Json = Record<string, unknown>;

export interface FakeItemError {
  name: string;
  message: string;
}

export interface FakeItem {
  payoutItemId: string;
  senderItemId: string;
  receiver: string;
  amount: string;
  /** null: the item comes without a transaction_status (the spec allows it). */
  status: string | null;
  transactionId: string | null;
  error: FakeItemError | null;
}

export interface FakeBatch {
  payoutBatchId: string;
  senderBatchId: string;
  emailSubject: string | undefined;
  emailMessage: string | undefined;
  /** Set by setBatchStatus (DENIED, CANCELED, …); otherwise the status follows the items. */
  statusOverride: string | null;
  items: FakeItem[];
  createdAt: string;
}

/** What the next POST /v1/payments/payouts does instead of answering normally. */
export type CreateFault =
  /** Takes the batch, then answers this 5xx (the caller cannot know it was taken). */
  | { kind: 'error-after-taking'; status: number }
  /** Answers this status without taking anything. */
  | { kind: 'error'; status: number; name: string; message: string }
  /** Takes the batch and never answers in time (the caller times out). */
  | { kind: 'hang-after-taking'; ms: number };

/** One request the fake got and what it answered: the contract tests check both against PayPal's schemas. */
export interface FakeExchange {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The raw request body ('' when none). */
  body: string;
  status: number;
  answer: unknown;
}

/** The payout webhook events PayPal documents ("Payouts webhook event names"), as the contract keeps them. */
export const PAYPAL_PAYOUT_EVENTS: readonly string[] = webhooksContract.definitions.payoutEventType.enum;

/** The item event PayPal sends when an item reaches a status (statuses without an event: none is sent). */
const EVENT_FOR_STATUS: Record<string, string> = {
  SUCCESS: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
  FAILED: 'PAYMENT.PAYOUTS-ITEM.FAILED',
  BLOCKED: 'PAYMENT.PAYOUTS-ITEM.BLOCKED',
  DENIED: 'PAYMENT.PAYOUTS-ITEM.DENIED',
  ONHOLD: 'PAYMENT.PAYOUTS-ITEM.HELD',
  UNCLAIMED: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
  RETURNED: 'PAYMENT.PAYOUTS-ITEM.RETURNED',
  REFUNDED: 'PAYMENT.PAYOUTS-ITEM.REFUNDED',
};

export interface FakePaypalOptions {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  /** Port to listen on (default: a free one). */
  port?: number;
  host?: string;
  /**
   * Where to deliver webhook events (e.g. http://localhost:3000/api/webhooks/paypal). When set, every item status
   * change (setItemStatus, and the first result of a new batch) is posted there, signed, as PayPal would.
   */
  webhookUrl?: string;
}

export interface FakePaypal {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  batches: Map<string, FakeBatch>;
  /** Every call, in order ("POST /v1/payments/payouts", …). */
  calls: Array<{ method: string; path: string; requestId: string | null }>;
  /** Every request with its answer, in order. */
  exchanges: FakeExchange[];
  /** Tokens issued so far. */
  tokensIssued: number;
  /** Seconds a new token lives (PayPal issues ~9 hours). */
  tokenTtlSeconds: number;
  /** When false, a repeated PayPal-Request-Id is not replayed (the sender_batch_id check still refuses it). */
  honourRequestIds: boolean;
  /** Items of new batches start with this status for a receiver (default SUCCESS; null: no status yet). */
  outcomeFor: (receiver: string) => string | null;
  /** Queue a fault for the next create call(s). */
  failNextCreate(fault: CreateFault): void;
  /** Make every issued token invalid (PayPal answers 401 until a new one is fetched). */
  revokeTokens(): void;
  /** Set an item's status (by our sender_item_id), as PayPal would move it later; null: no status. */
  setItemStatus(senderItemId: string, status: string | null, error?: FakeItemError): FakeBatch;
  /** Set a batch's status (DENIED, CANCELED, …, or null to follow its items again). */
  setBatchStatus(payoutBatchId: string, status: string | null): FakeBatch;
  /** The batch that holds an item of ours. */
  batchOf(senderItemId: string): FakeBatch;
  /** Money paid out per receiver: SUCCESS items only. */
  paidTo(receiver: string): number;
  /**
   * A webhook event as PayPal sends it: an item event carries the item (as GET payouts-item shows it), a batch
   * event the batch header. The target is our sender_item_id, or a payout_batch_id for batch events.
   */
  webhookEvent(eventType: string, target: { senderItemId: string } | { payoutBatchId: string }): Json;
  /** Headers PayPal would send with this webhook body (signed for our webhook id). */
  signWebhook(rawBody: string): Record<string, string>;
  /** Posts an event, signed, to `url` (default options.webhookUrl); resolves with the listener's status. */
  deliver(event: Json, url?: string): Promise<number>;
  /** Called once a new batch is taken (`npm run demo` settles it a little later and delivers the webhook). */
  onBatchCreated: ((batch: FakeBatch) => void) | null;
  close(): Promise<void>;
}

const ERRORS: Record<string, FakeItemError> = {
  FAILED: { name: 'RECEIVER_ACCOUNT_INVALID', message: 'Receiver account is invalid.' },
  BLOCKED: { name: 'RISK_DECLINE', message: 'This payout was blocked.' },
  DENIED: { name: 'TRANSACTION_DECLINED', message: 'This payout was denied.' },
  RETURNED: {
    name: 'RECEIVER_UNREGISTERED',
    message: 'The receiver did not claim the payout within 30 days.',
  },
  REFUNDED: { name: 'REFUNDED', message: 'The payout was refunded.' },
  REVERSED: { name: 'REVERSED', message: 'The payout was reversed.' },
  UNCLAIMED: {
    name: 'RECEIVER_UNREGISTERED',
    message: 'Receiver is unregistered. The payment will be returned if not claimed within 30 days.',
  },
};
const INFO = 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors';

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const debugId = () => randomBytes(6).toString('hex');

/** PayPal's `error` body. */
function errorBody(name: string, message: string, extra: Json = {}): Json {
  return { name, message, debug_id: debugId(), information_link: INFO, ...extra, links: [] };
}

export async function startFakePaypal(options: FakePaypalOptions = {}): Promise<FakePaypal> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const webhookId = options.webhookId ?? 'WH1FAKE0000001';
  const signingKey = randomBytes(32);
  const tokens = new Map<string, number>();
  const requestIds = new Map<string, { status: number; body: Json }>();
  const faults: CreateFault[] = [];
  const batches = new Map<string, FakeBatch>();
  const bySender = new Map<string, string>();
  let sequence = 0;
  let base = '';

  const id = (prefix: string) => {
    sequence += 1;
    return `${prefix}${sequence.toString(36).toUpperCase().padStart(8, '0')}`;
  };
  const signature = (transmissionId: string, time: string, rawBody: string) =>
    createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${crc32(rawBody)}`)
      .digest('base64');

  function itemJson(batch: FakeBatch, item: FakeItem) {
    return {
      payout_item_id: item.payoutItemId,
      ...(item.transactionId ? { transaction_id: item.transactionId } : {}),
      ...(item.status ? { transaction_status: item.status } : {}),
      payout_item_fee: { currency: 'USD', value: item.status === 'SUCCESS' ? '0.25' : '0.00' },
      payout_batch_id: batch.payoutBatchId,
      payout_item: {
        recipient_type: 'EMAIL',
        amount: { currency: 'USD', value: item.amount },
        note: 'Mint',
        receiver: item.receiver,
        sender_item_id: item.senderItemId,
        recipient_wallet: 'PAYPAL',
      },
      time_processed: batch.createdAt,
      ...(item.error ? { errors: errorBody(item.error.name, item.error.message) } : {}),
      links: [{ href: `${base}/v1/payments/payouts-item/${item.payoutItemId}`, rel: 'item', method: 'GET' }],
    };
  }

  function batchStatusOf(batch: FakeBatch): string {
    if (batch.statusOverride) return batch.statusOverride;
    if (batch.items.some((i) => i.status === null || i.status === 'PENDING')) return 'PROCESSING';
    return 'SUCCESS';
  }

  function senderHeader(batch: FakeBatch) {
    return {
      sender_batch_id: batch.senderBatchId,
      ...(batch.emailSubject !== undefined ? { email_subject: batch.emailSubject } : {}),
      ...(batch.emailMessage !== undefined ? { email_message: batch.emailMessage } : {}),
    };
  }

  function header(batch: FakeBatch) {
    const total = batch.items.reduce((sum, i) => sum + Number(i.amount), 0);
    return {
      payout_batch_id: batch.payoutBatchId,
      batch_status: batchStatusOf(batch),
      time_created: batch.createdAt,
      sender_batch_header: senderHeader(batch),
      amount: { currency: 'USD', value: total.toFixed(2) },
      fees: { currency: 'USD', value: (0.25 * batch.items.length).toFixed(2) },
    };
  }

  const batchLink = (batch: FakeBatch) => ({
    href: `${base}/v1/payments/payouts/${batch.payoutBatchId}`,
    rel: 'self',
    method: 'GET',
  });

  function setStatus(item: FakeItem, status: string | null, error?: FakeItemError) {
    item.status = status;
    item.transactionId = status === 'SUCCESS' ? id('TX') : item.transactionId;
    item.error = error ?? (status ? (ERRORS[status] ?? null) : null);
  }

  function findItem(senderItemId: string): { batch: FakeBatch; item: FakeItem } {
    for (const batch of batches.values()) {
      const item = batch.items.find((i) => i.senderItemId === senderItemId);
      if (item) return { batch, item };
    }
    throw new Error(`no item ${senderItemId}`);
  }

  /**
   * Posts the event for an item's new status when a webhook URL is set (none for PENDING or REVERSED, which have
   * no event). A new batch's first results go out a moment after the answer, as PayPal's do.
   */
  function announce(item: FakeItem, delayMs = 0) {
    const type = item.status ? EVENT_FOR_STATUS[item.status] : undefined;
    if (!options.webhookUrl || !type) return;
    const event = fake.webhookEvent(type, { senderItemId: item.senderItemId });
    setTimeout(() => void fake.deliver(event).catch(() => undefined), delayMs).unref();
  }

  const summaries: Record<string, string> = {
    'PAYMENT.PAYOUTSBATCH.DENIED': 'Payouts batch was denied.',
    'PAYMENT.PAYOUTSBATCH.PROCESSING': 'Payouts batch is being processed.',
    'PAYMENT.PAYOUTSBATCH.SUCCESS': 'Payouts batch completed.',
  };

  const fake: FakePaypal = {
    url: '',
    clientId,
    clientSecret,
    webhookId,
    batches,
    calls: [],
    exchanges: [],
    tokensIssued: 0,
    tokenTtlSeconds: 32_400,
    honourRequestIds: true,
    outcomeFor: () => 'SUCCESS',
    failNextCreate: (fault) => {
      faults.push(fault);
    },
    revokeTokens: () => tokens.clear(),
    setItemStatus(senderItemId, status, error) {
      const { batch, item } = findItem(senderItemId);
      setStatus(item, status, error);
      announce(item);
      return batch;
    },
    setBatchStatus(payoutBatchId, status) {
      const batch = batches.get(payoutBatchId);
      if (!batch) throw new Error(`no batch ${payoutBatchId}`);
      batch.statusOverride = status;
      return batch;
    },
    batchOf: (senderItemId) => findItem(senderItemId).batch,
    paidTo: (receiver) =>
      [...batches.values()]
        .flatMap((b) => b.items)
        .filter((i) => i.receiver === receiver && i.status === 'SUCCESS')
        .reduce((sum, i) => sum + Number(i.amount), 0),
    webhookEvent(eventType, target) {
      const eventId = `WH-${randomBytes(8).toString('hex').toUpperCase()}`;
      let resourceType: string;
      let resource: Json;
      let summary: string;
      if ('senderItemId' in target) {
        const { batch, item } = findItem(target.senderItemId);
        resourceType = 'payouts_item';
        resource = { ...itemJson(batch, item), sender_batch_id: batch.senderBatchId };
        summary = `A payout item is now ${item.status ?? 'being processed'}.`;
      } else {
        const batch = batches.get(target.payoutBatchId);
        if (!batch) throw new Error(`no batch ${target.payoutBatchId}`);
        resourceType = 'payouts';
        resource = { batch_header: header(batch), links: [batchLink(batch)] };
        summary = summaries[eventType] ?? `Payouts batch event ${eventType}.`;
      }
      return {
        id: eventId,
        create_time: new Date().toISOString(),
        resource_type: resourceType,
        event_version: '1.0',
        event_type: eventType,
        summary,
        resource_version: '1.0',
        resource,
        links: [
          { href: `${base}/v1/notifications/webhooks-events/${eventId}`, rel: 'self', method: 'GET' },
          {
            href: `${base}/v1/notifications/webhooks-events/${eventId}/resend`,
            rel: 'resend',
            method: 'POST',
          },
        ],
      };
    },
    signWebhook(rawBody) {
      const transmissionId = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${base}/v1/notifications/certs/CERT-FAKE`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature(transmissionId, time, rawBody),
        'paypal-transmission-time': time,
      };
    },
    onBatchCreated: null,
    async deliver(event, url = options.webhookUrl) {
      if (!url) throw new Error('no webhookUrl to deliver to');
      const body = JSON.stringify(event);
      const response = await fetch(url, {
        signal: AbortSignal.timeout(WAIT_LIMITS.request),
        method: 'POST',
        headers: { 'content-type': 'application/json', ...fake.signWebhook(body) },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => closeHttpServer(server, 'the PayPal stand-in'),
  };

  type Reply = (status: number, body: Json) => void;

  function createPayout(raw: string, headers: IncomingHttpHeaders, reply: Reply, later: Reply) {
    const requestId = (headers['paypal-request-id'] as string | undefined) ?? null;
    let body: Json;
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      return reply(400, errorBody('MALFORMED_REQUEST', 'The request JSON is not well formed.'));
    }
    if (requestId && fake.honourRequestIds && requestIds.has(requestId)) {
      const first = requestIds.get(requestId)!;
      return reply(first.status, first.body);
    }
    const batchHeader = body.sender_batch_header as Json | undefined;
    const items = body.items as Json[] | undefined;
    const problems: Json[] = [];
    if (!batchHeader || typeof batchHeader !== 'object') {
      problems.push({ field: '/sender_batch_header', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' });
    }
    if (!Array.isArray(items) || items.length === 0) {
      problems.push({
        field: '/items',
        location: 'body',
        issue: 'MISSING_REQUIRED_PARAMETER',
        description: 'Items must not be empty.',
      });
    }
    for (const [index, item] of (items ?? []).entries()) {
      const amount = item.amount as Json | undefined;
      if (!/^\d+(\.\d{1,2})?$/.test(String(amount?.value ?? '')) || amount?.currency !== 'USD') {
        problems.push({
          field: `/items/${index}/amount`,
          location: 'body',
          issue: 'INVALID_PARAMETER_VALUE',
          description: 'Amount is invalid.',
        });
      }
      if (typeof item.receiver !== 'string' || !item.receiver.includes('@')) {
        problems.push({
          field: `/items/${index}/receiver`,
          location: 'body',
          issue: 'INVALID_PARAMETER_VALUE',
          description: 'Receiver is invalid or does not match with type.',
        });
      }
    }
    if (problems.length > 0) {
      return reply(
        400,
        errorBody('VALIDATION_ERROR', 'Invalid request - see details.', { details: problems }),
      );
    }
    const fault = faults.shift();
    if (fault?.kind === 'error') return reply(fault.status, errorBody(fault.name, fault.message));
    const senderBatchId = String(batchHeader?.sender_batch_id ?? '');
    const existing = senderBatchId ? bySender.get(senderBatchId) : undefined;
    if (existing) {
      return reply(
        400,
        errorBody('USER_BUSINESS_ERROR', 'User business error.', {
          details: [
            {
              field: 'SENDER_BATCH_ID',
              location: 'body',
              issue: 'Batch with given sender_batch_id already exists',
              link: [{ href: `${base}/v1/payments/payouts/${existing}`, rel: 'self', method: 'GET' }],
            },
          ],
        }),
      );
    }
    const batch: FakeBatch = {
      payoutBatchId: id('B'),
      senderBatchId: senderBatchId || id('S'),
      emailSubject: batchHeader?.email_subject as string | undefined,
      emailMessage: batchHeader?.email_message as string | undefined,
      statusOverride: null,
      createdAt: new Date().toISOString(),
      items: (items ?? []).map((item) => ({
        payoutItemId: id('I'),
        senderItemId: String(item.sender_item_id ?? ''),
        receiver: String(item.receiver),
        amount: String((item.amount as Json).value),
        status: 'PENDING',
        transactionId: null,
        error: null,
      })),
    };
    batches.set(batch.payoutBatchId, batch);
    bySender.set(batch.senderBatchId, batch.payoutBatchId);
    for (const item of batch.items) {
      setStatus(item, fake.outcomeFor(item.receiver));
      announce(item, 1_000);
    }
    fake.onBatchCreated?.(batch);
    const created = {
      batch_header: {
        payout_batch_id: batch.payoutBatchId,
        batch_status: 'PENDING',
        time_created: batch.createdAt,
        sender_batch_header: senderHeader(batch),
      },
      links: [batchLink(batch)],
    };
    if (requestId) requestIds.set(requestId, { status: 201, body: created });
    if (fault?.kind === 'error-after-taking') {
      return reply(
        fault.status,
        errorBody('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'),
      );
    }
    if (fault?.kind === 'hang-after-taking') {
      setTimeout(() => later(201, created), fault.ms).unref();
      return;
    }
    return reply(201, created);
  }

  function showPayout(path: string, query: URLSearchParams, reply: Reply) {
    const batch = batches.get(decodeURIComponent(path.split('/').at(-1)!));
    if (!batch) {
      return reply(404, errorBody('INVALID_RESOURCE_ID', 'Requested resource ID was not found.'));
    }
    const pageSize = Math.min(1000, Number(query.get('page_size') ?? 1000));
    const page = Math.max(1, Number(query.get('page') ?? 1));
    const items = batch.items.slice((page - 1) * pageSize, page * pageSize);
    return reply(200, {
      ...(query.get('total_required') === 'true'
        ? {
            total_items: batch.items.length,
            total_pages: Math.max(1, Math.ceil(batch.items.length / pageSize)),
          }
        : {}),
      batch_header: header(batch),
      items: items.map((item) => itemJson(batch, item)),
      links: [batchLink(batch)],
    });
  }

  function verifyWebhook(raw: string, reply: Reply) {
    // The event must come back as it was sent: find its raw text inside the request.
    const at = raw.indexOf('"webhook_event":');
    let body: Json;
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      return reply(400, errorBody('MALFORMED_REQUEST', 'The request JSON is not well formed.'));
    }
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    const missing = required.filter((field) => typeof body[field] !== 'string' || !body[field]);
    if (missing.length > 0 || at < 0 || typeof body.webhook_event !== 'object') {
      return reply(
        400,
        errorBody('VALIDATION_ERROR', 'Invalid request - see details.', {
          details: (missing.length > 0 ? missing : ['webhook_event']).map((field) => ({
            field: `/${field}`,
            location: 'body',
            issue: 'MISSING_REQUIRED_PARAMETER',
          })),
        }),
      );
    }
    const eventText = raw.slice(at + '"webhook_event":'.length, -1);
    const expected = signature(String(body.transmission_id), String(body.transmission_time), eventText);
    const ok = body.webhook_id === webhookId && body.transmission_sig === expected;
    return reply(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }

  function token(raw: string, headers: IncomingHttpHeaders, reply: Reply) {
    const basic = /^Basic (.+)$/.exec(headers.authorization ?? '')?.[1];
    const [user, pass] = Buffer.from(basic ?? '', 'base64')
      .toString('utf8')
      .split(':');
    const form = new URLSearchParams(raw);
    if (user !== clientId || pass !== clientSecret) {
      return reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return reply(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const issued = `A21AA${randomBytes(16).toString('hex')}`;
    tokens.set(issued, Date.now() + fake.tokenTtlSeconds * 1000);
    fake.tokensIssued += 1;
    return reply(200, {
      scope: 'https://uri.paypal.com/services/payments/payouts',
      access_token: issued,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: fake.tokenTtlSeconds,
      nonce: `${new Date().toISOString()}${randomBytes(4).toString('hex')}`,
    });
  }

  const authorised = (headers: IncomingHttpHeaders) => {
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    const expires = bearer ? tokens.get(bearer) : undefined;
    return expires !== undefined && expires > Date.now();
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    fake.calls.push({
      method,
      path: url.pathname,
      requestId: (request.headers['paypal-request-id'] as string | undefined) ?? null,
    });
    const exchange: FakeExchange = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: '',
      status: 0,
      answer: null,
    };
    fake.exchanges.push(exchange);
    const reply: Reply = (status, body) => {
      exchange.status = status;
      exchange.answer = body;
      if (response.writableEnded || response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': debugId() });
      response.end(JSON.stringify(body));
    };
    void (async () => {
      exchange.body = await readRequestBody(request);
      const { headers } = request;
      if (method === 'POST' && url.pathname === '/v1/oauth2/token')
        return token(exchange.body, headers, reply);
      if (!authorised(headers)) {
        return reply(401, {
          name: 'AUTHENTICATION_FAILURE',
          message:
            'Authentication failed due to missing authorization header, or invalid authentication credentials.',
          debug_id: debugId(),
          information_link: 'https://developer.paypal.com/api/rest/authentication/',
          links: [],
        });
      }
      if (method === 'POST' && url.pathname === '/v1/payments/payouts')
        return createPayout(exchange.body, headers, reply, reply);
      if (method === 'GET' && /^\/v1\/payments\/payouts\/[^/]+$/.test(url.pathname)) {
        return showPayout(url.pathname, url.searchParams, reply);
      }
      if (method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
        return verifyWebhook(exchange.body, reply);
      }
      return reply(404, errorBody('NOT_FOUND', `No route for ${method} ${url.pathname}.`));
    })().catch((error: unknown) =>
      reply(
        500,
        errorBody('INTERNAL_SERVER_ERROR', `An internal server error has occurred: ${String(error)}`),
      ),
    );
  });
  await listen(server, 'the PayPal stand-in', options.port, options.host);
  base = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}
