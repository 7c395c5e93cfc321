import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for PayPal's REST API, started by a test on a free port: the documented request and response
 * shapes of the OAuth2 token, Payouts (create, show with pages) and webhook signature verification, and the failure
 * cases a real integration meets: expired or revoked tokens (401), a 5xx after PayPal took the batch, a call that
 * never answers, the duplicate `sender_batch_id` refusal with its link to the original, definite refusals (4xx),
 * and items that end FAILED, RETURNED (after UNCLAIMED) and so on.
 */

type Json = Record<string, unknown>;

export interface FakeItem {
  payoutItemId: string;
  senderItemId: string;
  receiver: string;
  amount: string;
  status: string;
  transactionId: string | null;
  error: { name: string; message: string } | null;
}

export interface FakeBatch {
  payoutBatchId: string;
  senderBatchId: string;
  status: string;
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

export interface FakePaypal {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  batches: Map<string, FakeBatch>;
  /** Every call, in order ("POST /v1/payments/payouts", …). */
  calls: Array<{ method: string; path: string; requestId: string | null }>;
  /** Tokens issued so far. */
  tokensIssued: number;
  /** Seconds a new token lives (PayPal issues ~9 hours). */
  tokenTtlSeconds: number;
  /** When false, a repeated PayPal-Request-Id is not replayed (the sender_batch_id check still refuses it). */
  honourRequestIds: boolean;
  /** Items of new batches start with this status for a receiver (default SUCCESS). */
  outcomeFor: (receiver: string) => string;
  /** Queue a fault for the next create call(s). */
  failNextCreate(fault: CreateFault): void;
  /** Make every issued token invalid (PayPal answers 401 until a new one is fetched). */
  revokeTokens(): void;
  /** Set an item's status (by our sender_item_id), as PayPal would move it later. */
  setItemStatus(senderItemId: string, status: string, error?: { name: string; message: string }): FakeBatch;
  /** Money paid out per receiver: SUCCESS items only. */
  paidTo(receiver: string): number;
  /** Headers PayPal would send with this webhook body (signed for our webhook id). */
  signWebhook(rawBody: string): Record<string, string>;
  /** Called once a new batch is taken (`npm run demo` settles it a little later and delivers the webhook). */
  onBatchCreated: ((batch: FakeBatch) => void) | null;
  /**
   * Delivers to `url`, as PayPal does to a registered webhook listener, the PAYMENT.PAYOUTS-ITEM.* event of the
   * item's current status (developer.paypal.com/docs/payouts/standard/reference/webhooks/: SUCCEEDED, FAILED,
   * BLOCKED, DENIED, HELD, REFUNDED, RETURNED, UNCLAIMED, CANCELED), in PayPal's event envelope (id, event_version,
   * create_time, resource_type `payouts_item`, event_type, summary, resource: the item as "Show payout item details"
   * answers it, links) with the signature headers. Answers the listener's status and body.
   */
  deliverItemWebhook(
    senderItemId: string,
    url: string,
  ): Promise<{ eventType: string; status: number; body: string }>;
  close(): Promise<void>;
}

/** Item status -> the PAYMENT.PAYOUTS-ITEM.* event PayPal sends when an item reaches it. */
const ITEM_EVENTS: Record<string, string> = {
  SUCCESS: 'SUCCEEDED',
  FAILED: 'FAILED',
  BLOCKED: 'BLOCKED',
  DENIED: 'DENIED',
  ONHOLD: 'HELD',
  REFUNDED: 'REFUNDED',
  RETURNED: 'RETURNED',
  UNCLAIMED: 'UNCLAIMED',
  CANCELED: 'CANCELED',
};

const ERROR_MESSAGES: Record<string, string> = {
  FAILED: 'Receiver account is invalid.',
  BLOCKED: 'This payout was blocked.',
  RETURNED: 'The receiver did not claim the payout within 30 days.',
  REFUNDED: 'The payout was refunded.',
  REVERSED: 'The payout was reversed.',
};
const ERROR_NAMES: Record<string, string> = {
  FAILED: 'RECEIVER_ACCOUNT_INVALID',
  BLOCKED: 'RISK_DECLINE',
  RETURNED: 'RECEIVER_UNREGISTERED',
  REFUNDED: 'REFUNDED',
  REVERSED: 'REVERSED',
};
const UNCLAIMED_ERROR = {
  name: 'RECEIVER_UNREGISTERED',
  message: 'Receiver is unregistered. The payment will be returned if not claimed within 30 days.',
};

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePaypal(
  options: { clientId?: string; clientSecret?: string; webhookId?: string } = {},
): Promise<FakePaypal> {
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
      transaction_id: item.transactionId ?? undefined,
      transaction_status: item.status,
      payout_item_fee: { currency: 'USD', value: '0.25' },
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
      ...(item.error ? { errors: item.error } : {}),
      links: [{ href: `${base}/v1/payments/payouts-item/${item.payoutItemId}`, rel: 'item', method: 'GET' }],
    };
  }

  function batchStatusOf(batch: FakeBatch): string {
    if (batch.items.every((i) => i.status === 'FAILED' || i.status === 'BLOCKED')) return 'DENIED';
    if (batch.items.some((i) => i.status === 'PENDING' || i.status === 'ONHOLD')) return 'PROCESSING';
    return 'SUCCESS';
  }

  function header(batch: FakeBatch) {
    const total = batch.items.reduce((sum, i) => sum + Number(i.amount), 0);
    return {
      payout_batch_id: batch.payoutBatchId,
      batch_status: batchStatusOf(batch),
      time_created: batch.createdAt,
      sender_batch_header: { sender_batch_id: batch.senderBatchId, recipient_type: 'EMAIL' },
      amount: { currency: 'USD', value: total.toFixed(2) },
      fees: { currency: 'USD', value: (0.25 * batch.items.length).toFixed(2) },
    };
  }

  function setStatus(item: FakeItem, status: string, error?: { name: string; message: string }) {
    item.status = status;
    item.transactionId = status === 'SUCCESS' ? id('TX') : item.transactionId;
    item.error =
      error ??
      (status === 'UNCLAIMED'
        ? UNCLAIMED_ERROR
        : ERROR_NAMES[status]
          ? { name: ERROR_NAMES[status]!, message: ERROR_MESSAGES[status]! }
          : null);
  }

  const fake: FakePaypal = {
    url: '',
    clientId,
    clientSecret,
    webhookId,
    batches,
    calls: [],
    tokensIssued: 0,
    tokenTtlSeconds: 32_400,
    honourRequestIds: true,
    outcomeFor: () => 'SUCCESS',
    failNextCreate: (fault) => {
      faults.push(fault);
    },
    revokeTokens: () => tokens.clear(),
    setItemStatus(senderItemId, status, error) {
      for (const batch of batches.values()) {
        const item = batch.items.find((i) => i.senderItemId === senderItemId);
        if (item) {
          setStatus(item, status, error);
          return batch;
        }
      }
      throw new Error(`no item ${senderItemId}`);
    },
    paidTo: (receiver) =>
      [...batches.values()]
        .flatMap((b) => b.items)
        .filter((i) => i.receiver === receiver && i.status === 'SUCCESS')
        .reduce((sum, i) => sum + Number(i.amount), 0),
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
    async deliverItemWebhook(senderItemId, url) {
      const batch = [...batches.values()].find((b) => b.items.some((i) => i.senderItemId === senderItemId));
      const item = batch?.items.find((i) => i.senderItemId === senderItemId);
      if (!batch || !item) throw new Error(`no item ${senderItemId}`);
      const kind = ITEM_EVENTS[item.status];
      if (!kind) throw new Error(`PayPal sends no webhook for an item ${item.status}`);
      const eventType = `PAYMENT.PAYOUTS-ITEM.${kind}`;
      const raw = JSON.stringify({
        id: id('WH-'),
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'payouts_item',
        event_type: eventType,
        summary: `A payout item is ${kind.toLowerCase()}`,
        resource: itemJson(batch, item),
        links: [
          { href: `${base}/v1/notifications/webhooks-events/WH-FAKE`, rel: 'self', method: 'GET' },
          { href: `${base}/v1/notifications/webhooks-events/WH-FAKE/resend`, rel: 'resend', method: 'POST' },
        ],
      });
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...fake.signWebhook(raw) },
        body: raw,
      });
      return { eventType, status: answer.status, body: await answer.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const send = (response: ServerResponse, status: number, body: Json) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'paypal-debug-id': randomBytes(6).toString('hex'),
    });
    response.end(JSON.stringify(body));
  };
  const authorised = (request: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expires = token ? tokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  };

  async function createPayout(request: IncomingMessage, response: ServerResponse) {
    const requestId = (request.headers['paypal-request-id'] as string | undefined) ?? null;
    const raw = await readBody(request);
    let body: Json;
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      return send(response, 400, {
        name: 'MALFORMED_REQUEST',
        message: 'The request JSON is not well formed.',
      });
    }
    if (requestId && fake.honourRequestIds && requestIds.has(requestId)) {
      const first = requestIds.get(requestId)!;
      return send(response, first.status, first.body);
    }
    const senderHeader = body.sender_batch_header as Json | undefined;
    const items = body.items as Json[] | undefined;
    const problems: Json[] = [];
    if (!Array.isArray(items) || items.length === 0) {
      problems.push({ field: 'items', location: 'body', issue: 'Items must not be empty' });
    }
    for (const [index, item] of (items ?? []).entries()) {
      const amount = item.amount as Json | undefined;
      if (!/^\d+(\.\d{1,2})?$/.test(String(amount?.value ?? '')) || amount?.currency !== 'USD') {
        problems.push({ field: `items[${index}].amount`, location: 'body', issue: 'Amount is invalid' });
      }
      if (typeof item.receiver !== 'string' || !item.receiver.includes('@')) {
        problems.push({
          field: `items[${index}].receiver`,
          location: 'body',
          issue: 'Receiver is invalid or does not match with type',
        });
      }
    }
    if (problems.length > 0) {
      return send(response, 400, {
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        debug_id: randomBytes(6).toString('hex'),
        information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
        details: problems,
        links: [],
      });
    }
    const fault = faults.shift();
    if (fault?.kind === 'error') {
      return send(response, fault.status, {
        name: fault.name,
        message: fault.message,
        debug_id: randomBytes(6).toString('hex'),
        information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
        links: [],
      });
    }
    const senderBatchId = String(senderHeader?.sender_batch_id ?? '');
    const existing = senderBatchId ? bySender.get(senderBatchId) : undefined;
    if (existing) {
      return send(response, 400, {
        name: 'USER_BUSINESS_ERROR',
        message: 'User business error.',
        debug_id: randomBytes(6).toString('hex'),
        information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
        details: [
          {
            field: 'SENDER_BATCH_ID',
            location: 'body',
            issue: 'Batch with given sender_batch_id already exists',
            link: [{ href: `${base}/v1/payments/payouts/${existing}`, rel: 'self', method: 'GET' }],
          },
        ],
        links: [],
      });
    }
    const batch: FakeBatch = {
      payoutBatchId: id('B'),
      senderBatchId: senderBatchId || id('S'),
      status: 'PENDING',
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
    for (const item of batch.items) setStatus(item, fake.outcomeFor(item.receiver));
    batches.set(batch.payoutBatchId, batch);
    bySender.set(batch.senderBatchId, batch.payoutBatchId);
    fake.onBatchCreated?.(batch);
    const created = {
      batch_header: { ...header(batch), batch_status: 'PENDING' },
      links: [{ href: `${base}/v1/payments/payouts/${batch.payoutBatchId}`, rel: 'self', method: 'GET' }],
    };
    if (requestId) requestIds.set(requestId, { status: 201, body: created });
    if (fault?.kind === 'error-after-taking') {
      return send(response, fault.status, {
        name: 'INTERNAL_SERVER_ERROR',
        message: 'An internal server error has occurred.',
        debug_id: randomBytes(6).toString('hex'),
      });
    }
    if (fault?.kind === 'hang-after-taking') {
      setTimeout(() => send(response, 201, created), fault.ms).unref();
      return;
    }
    return send(response, 201, created);
  }

  function showPayout(path: string, query: URLSearchParams, response: ServerResponse) {
    const batchId = path.split('/').at(-1)!;
    const batch = batches.get(batchId);
    if (!batch) {
      return send(response, 404, {
        name: 'INVALID_RESOURCE_ID',
        message: 'The requested resource ID was not found',
        debug_id: randomBytes(6).toString('hex'),
      });
    }
    const pageSize = Math.min(1000, Number(query.get('page_size') ?? 1000));
    const page = Math.max(1, Number(query.get('page') ?? 1));
    const items = batch.items.slice((page - 1) * pageSize, page * pageSize);
    return send(response, 200, {
      ...(query.get('total_required') === 'true'
        ? {
            total_items: batch.items.length,
            total_pages: Math.max(1, Math.ceil(batch.items.length / pageSize)),
          }
        : {}),
      batch_header: header(batch),
      items: items.map((item) => itemJson(batch, item)),
      links: [{ href: `${base}/v1/payments/payouts/${batch.payoutBatchId}`, rel: 'self', method: 'GET' }],
    });
  }

  async function verifyWebhook(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    // The event must come back as it was sent: find its raw text inside the request.
    const at = raw.indexOf('"webhook_event":');
    let body: Json;
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      return send(response, 400, {
        name: 'MALFORMED_REQUEST',
        message: 'The request JSON is not well formed.',
      });
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
      return send(response, 400, {
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        details: missing.map((field) => ({ field, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' })),
      });
    }
    const eventText = raw.slice(at + '"webhook_event":'.length, -1);
    const expected = signature(String(body.transmission_id), String(body.transmission_time), eventText);
    const ok = body.webhook_id === webhookId && body.transmission_sig === expected;
    return send(response, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    fake.calls.push({
      method,
      path: url.pathname,
      requestId: (request.headers['paypal-request-id'] as string | undefined) ?? null,
    });
    void (async () => {
      if (method === 'POST' && url.pathname === '/v1/oauth2/token') {
        const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const [user, pass] = Buffer.from(basic ?? '', 'base64')
          .toString('utf8')
          .split(':');
        const form = new URLSearchParams(await readBody(request));
        if (user !== clientId || pass !== clientSecret) {
          return send(response, 401, {
            error: 'invalid_client',
            error_description: 'Client Authentication failed',
          });
        }
        if (form.get('grant_type') !== 'client_credentials') {
          return send(response, 400, {
            error: 'unsupported_grant_type',
            error_description: 'Grant Type is NULL',
          });
        }
        const token = `A21AA${randomBytes(16).toString('hex')}`;
        tokens.set(token, Date.now() + fake.tokenTtlSeconds * 1000);
        fake.tokensIssued += 1;
        return send(response, 200, {
          scope: 'https://uri.paypal.com/services/payments/payouts',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: fake.tokenTtlSeconds,
          nonce: `${new Date().toISOString()}${randomBytes(4).toString('hex')}`,
        });
      }
      if (!authorised(request)) {
        return send(response, 401, {
          error: 'invalid_token',
          error_description: 'Token signature verification failed',
        });
      }
      if (method === 'POST' && url.pathname === '/v1/payments/payouts')
        return createPayout(request, response);
      if (method === 'GET' && /^\/v1\/payments\/payouts\/[^/]+$/.test(url.pathname)) {
        return showPayout(url.pathname, url.searchParams, response);
      }
      if (method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
        return verifyWebhook(request, response);
      }
      return send(response, 404, { name: 'NOT_FOUND', message: `No route for ${method} ${url.pathname}` });
    })().catch((error: unknown) =>
      send(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}
