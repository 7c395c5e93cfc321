import { z } from 'zod';
import type { PaypalConfig } from '../../../config/env-services';
import { OutboundError, sendOutbound } from '../../http/outbound';

/**
 * A small typed client of PayPal's Payouts REST API (PayPal keeps no maintained SDK for it):
 * - OAuth2 client-credentials token from POST /v1/oauth2/token, cached until shortly before it expires (and fetched
 *   again once when PayPal answers 401, e.g. a token revoked early);
 * - POST /v1/payments/payouts with our `sender_batch_id` and a `PayPal-Request-Id`. PayPal pays a sender_batch_id at
 *   most once in 30 days; a repeated one is refused with USER_BUSINESS_ERROR / SENDER_BATCH_ID and a HATEOAS link to
 *   the original batch, which this client turns back into that batch's id. PayPal documents that after a 5xx the same
 *   request may be retried with the same sender_batch_id, and that a repeated PayPal-Request-Id answers the first
 *   result: so a retry after a timeout or a 5xx either gets the first answer or the duplicate error, and learns the
 *   payout_batch_id either way;
 * - GET /v1/payments/payouts/{payout_batch_id}, every page of items;
 * - POST /v1/notifications/verify-webhook-signature for incoming webhooks.
 */

/**
 * What PayPal's published definitions say (paypal/paypal-rest-api-specifications, openapi/payments_payouts_batch_v1.json
 * "Payouts" 1.9: `transaction_enum`, `batch_enum`; the Payouts webhook event names page): the statuses an item and a
 * batch can have, and the webhook events about them. Anything else is new to us and needs a person.
 */
export const ITEM_STATUSES = [
  'SUCCESS',
  'FAILED',
  'PENDING',
  'UNCLAIMED',
  'RETURNED',
  'ONHOLD',
  'BLOCKED',
  'REFUNDED',
  'REVERSED',
  // Not in transaction_enum, but PayPal sends PAYMENT.PAYOUTS-ITEM.DENIED for items: a denied item was never paid.
  'DENIED',
] as const;
export const BATCH_STATUSES = ['DENIED', 'PENDING', 'PROCESSING', 'SUCCESS', 'CANCELED'] as const;
export const PAYOUT_WEBHOOK_EVENTS = [
  'PAYMENT.PAYOUTSBATCH.DENIED',
  'PAYMENT.PAYOUTSBATCH.PROCESSING',
  'PAYMENT.PAYOUTSBATCH.SUCCESS',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED',
  'PAYMENT.PAYOUTS-ITEM.CANCELED',
  'PAYMENT.PAYOUTS-ITEM.DENIED',
  'PAYMENT.PAYOUTS-ITEM.FAILED',
  'PAYMENT.PAYOUTS-ITEM.HELD',
  'PAYMENT.PAYOUTS-ITEM.REFUNDED',
  'PAYMENT.PAYOUTS-ITEM.RETURNED',
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
  'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
] as const;

/** What an item status means for our payout; `unknown` is a status PayPal does not document (yet). */
export type ItemOutcome = 'paid' | 'open' | 'failed' | 'returned' | 'unknown';

/**
 * SUCCESS: paid. PENDING, ONHOLD (held for review) and UNCLAIMED (no PayPal account yet; PayPal returns it after
 * 30 days) are still open: PayPal moves each of them on by itself. FAILED, BLOCKED and DENIED were never paid.
 * RETURNED (unclaimed and sent back, or an unclaimed item the sender cancelled), REFUNDED and REVERSED took the
 * money back. Any other status is `unknown`: never guess whether money went out.
 */
export function itemOutcome(status: string): ItemOutcome {
  switch (status) {
    case 'SUCCESS':
      return 'paid';
    case 'PENDING':
    case 'ONHOLD':
    case 'UNCLAIMED':
      return 'open';
    case 'FAILED':
    case 'BLOCKED':
    case 'DENIED':
      return 'failed';
    case 'RETURNED':
    case 'REFUNDED':
    case 'REVERSED':
      return 'returned';
    default:
      return 'unknown';
  }
}

/**
 * A batch: PENDING and PROCESSING are still being worked on; SUCCESS is done (each item tells its own result);
 * DENIED (the requests were not processed) and CANCELED (cancelled by the sender) paid nothing that is not shown
 * as paid on its item.
 */
export type BatchOutcome = 'open' | 'done' | 'refused' | 'unknown';
export function batchOutcome(status: string): BatchOutcome {
  switch (status) {
    case 'PENDING':
    case 'PROCESSING':
      return 'open';
    case 'SUCCESS':
      return 'done';
    case 'DENIED':
    case 'CANCELED':
      return 'refused';
    default:
      return 'unknown';
  }
}

/** Whether a webhook event type is one PayPal documents for payouts. */
export const isKnownPayoutEvent = (type: string) =>
  (PAYOUT_WEBHOOK_EVENTS as readonly string[]).includes(type);

const linkSchema = z.object({ href: z.string(), rel: z.string().optional(), method: z.string().optional() });

const errorBodySchema = z
  .object({
    name: z.string().optional(),
    message: z.string().optional(),
    debug_id: z.string().optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
    details: z
      .array(
        z
          .object({
            field: z.string().optional(),
            issue: z.string().optional(),
            description: z.string().optional(),
            link: z.array(linkSchema).optional(),
            links: z.array(linkSchema).optional(),
          })
          .loose(),
      )
      .optional(),
    links: z.array(linkSchema).optional(),
  })
  .loose();
type ErrorBody = z.infer<typeof errorBodySchema>;

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.coerce.number().positive(),
});

const amountSchema = z.object({ value: z.string(), currency: z.string() });

const batchHeaderSchema = z
  .object({
    payout_batch_id: z.string().min(1),
    batch_status: z.string(),
    sender_batch_header: z.object({ sender_batch_id: z.string().optional() }).loose().optional(),
    time_created: z.string().optional(),
    time_completed: z.string().optional(),
  })
  .loose();

const createdBatchSchema = z.object({ batch_header: batchHeaderSchema }).loose();

const itemSchema = z
  .object({
    payout_item_id: z.string(),
    transaction_id: z.string().optional().nullable(),
    // Optional in PayPal's payout_batch_items (only payout_item_id, payout_batch_id and payout_item are required):
    // an item PayPal has not processed yet may come without one.
    transaction_status: z.string().optional(),
    payout_batch_id: z.string().optional(),
    payout_item: z
      .object({
        sender_item_id: z.string().optional(),
        receiver: z.string().optional(),
        amount: amountSchema.optional(),
      })
      .loose(),
    errors: z
      .object({ name: z.string().optional(), message: z.string().optional() })
      .loose()
      .optional()
      .nullable(),
    time_processed: z.string().optional(),
  })
  .loose();
export type PaypalPayoutItem = z.infer<typeof itemSchema>;

const batchPageSchema = z
  .object({
    batch_header: batchHeaderSchema,
    items: z.array(itemSchema).optional(),
    total_pages: z.number().int().optional(),
    total_items: z.number().int().optional(),
  })
  .loose();

const verifySchema = z.object({ verification_status: z.string() });

export interface PaypalBatch {
  payoutBatchId: string;
  batchStatus: string;
  senderBatchId: string | undefined;
  items: PaypalPayoutItem[];
}

/** A PayPal answer that was not a success, or no answer at all (status 0: network error or timeout). */
export class PaypalApiError extends Error {
  override name = 'PaypalApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null = null,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }

  /** PayPal's error name (VALIDATION_ERROR, INSUFFICIENT_FUNDS, …). */
  get paypalName(): string | undefined {
    return this.body?.name ?? this.body?.error;
  }

  /**
   * True when PayPal may have done what was asked anyway: no answer (timeout, network), 5xx, 408 or 429. Such a
   * call is retried with the same identifiers, never with new ones.
   */
  get outcomeUnknown(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

export interface PayoutItemInput {
  /** Ours: the payout this item pays ("payout-12"). */
  senderItemId: string;
  receiver: string;
  /** Whole Mint = whole US dollars. */
  amount: number;
  note: string;
}

export interface CreateBatchInput {
  senderBatchId: string;
  requestId: string;
  emailSubject: string;
  emailMessage: string;
  items: PayoutItemInput[];
}

export interface CreatedBatch {
  payoutBatchId: string;
  batchStatus: string | null;
  /** True when PayPal said it had this sender_batch_id already (the id comes from its link to the original). */
  duplicate: boolean;
}

export interface WebhookHeaders {
  get(name: string): string | null | undefined;
}

export interface PaypalClient {
  readonly environment: PaypalConfig['environment'];
  readonly webhookId: string | undefined;
  createBatchPayout(input: CreateBatchInput): Promise<CreatedBatch>;
  getBatch(payoutBatchId: string): Promise<PaypalBatch>;
  /** Asks PayPal whether this webhook (its raw body and headers) really came from PayPal for our webhook id. */
  verifyWebhookSignature(headers: WebhookHeaders, rawBody: string): Promise<boolean>;
}

export interface PaypalClientOptions {
  fetch?: typeof fetch;
  /** Per call (default 20 s). A call that takes longer counts as "no answer". */
  timeoutMs?: number;
  /** The clock for the token cache (tests move it). */
  now?: () => number;
}

/** Seconds before its expiry that a cached token is replaced. */
const TOKEN_MARGIN_SECONDS = 60;
const PAGE_SIZE = 100;

/** The payout_batch_id in a link to a batch (…/v1/payments/payouts/{id}). */
export function batchIdFromHref(href: string): string | null {
  const match = /\/v1\/payments\/payouts\/([A-Za-z0-9_-]+)\/?(?:[?#]|$)/.exec(href);
  return match?.[1] ?? null;
}

/** For the duplicate-sender_batch_id refusal: the original batch's id from its link, or null for other errors. */
export function duplicateBatchId(error: PaypalApiError): string | null | undefined {
  if (error.status !== 400 || !error.body) return undefined;
  const detail = (error.body.details ?? []).find(
    (d) =>
      d.field?.toUpperCase() === 'SENDER_BATCH_ID' ||
      /sender_batch_id already exists|duplicate batch/i.test(d.issue ?? ''),
  );
  if (!detail) return undefined;
  for (const link of [...(detail.link ?? []), ...(detail.links ?? []), ...(error.body.links ?? [])]) {
    const id = batchIdFromHref(link.href);
    if (id) return id;
  }
  return null;
}

export function createPaypalClient(config: PaypalConfig, options: PaypalClientOptions = {}): PaypalClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const now = options.now ?? Date.now;
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  /**
   * One exchange through the outbound helper (src/server/http/outbound.ts): its time limit, and its retries for
   * the calls that are safe to repeat: the token request and the webhook check (they change nothing) and the batch
   * reads. The payout POST carries its PayPal-Request-Id but is sent once: the payout job is its retry (it records
   * the unknown outcome and sends again with the same ids on its own schedule, batch-schedule.ts).
   */
  async function send(
    url: string,
    init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
    retry: boolean,
  ): Promise<{ status: number; body: unknown }> {
    try {
      const answer = await sendOutbound({
        service: 'PayPal',
        url,
        ...init,
        timeoutMs,
        fetch: doFetch,
        idempotent: retry,
      });
      return { status: answer.status, body: answer.body };
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      throw new PaypalApiError(
        0,
        error.kind === 'timeout'
          ? `PayPal did not answer within ${timeoutMs} ms`
          : 'PayPal could not be reached',
        null,
        error,
      );
    }
  }

  function failure(status: number, body: unknown, what: string): PaypalApiError {
    const parsed = errorBodySchema.safeParse(body);
    const data = parsed.success ? parsed.data : null;
    const detail = data?.details?.[0];
    const reason =
      data?.message ??
      data?.error_description ??
      detail?.issue ??
      detail?.description ??
      (status ? `HTTP ${status}` : 'no answer');
    const name = data?.name ?? data?.error;
    return new PaypalApiError(status, `PayPal ${what} failed: ${name ? `${name}: ` : ''}${reason}`, data);
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const { status, body } = await send(
      `${config.apiBase}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      true,
    );
    if (status !== 200) throw failure(status, body, 'sign-in');
    const token = tokenSchema.safeParse(body);
    if (!token.success) throw new PaypalApiError(status, 'PayPal sign-in answered without a token');
    cached = {
      token: token.data.access_token,
      expiresAt: now() + Math.max(0, token.data.expires_in - TOKEN_MARGIN_SECONDS) * 1000,
    };
    return token.data.access_token;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > now()) return cached.token;
    // Concurrent calls share one token request.
    inFlight ??= fetchToken().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /** An authorised call; a 401 drops the cached token and tries once more with a fresh one. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    { body, requestId, retry }: { body?: string; requestId?: string; retry: boolean },
  ): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken();
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (requestId) headers['paypal-request-id'] = requestId;
      const answer = await send(
        `${config.apiBase}${path}`,
        { method, headers, ...(body !== undefined ? { body } : {}) },
        retry,
      );
      if (answer.status === 401 && attempt === 0) {
        cached = null;
        continue;
      }
      return answer;
    }
  }

  return {
    environment: config.environment,
    webhookId: config.webhookId,

    async createBatchPayout(input) {
      const payload = {
        sender_batch_header: {
          sender_batch_id: input.senderBatchId,
          recipient_type: 'EMAIL',
          email_subject: input.emailSubject,
          email_message: input.emailMessage,
        },
        items: input.items.map((item) => ({
          recipient_type: 'EMAIL',
          receiver: item.receiver,
          amount: { value: item.amount.toFixed(2), currency: 'USD' },
          note: item.note,
          sender_item_id: item.senderItemId,
          recipient_wallet: 'PAYPAL',
        })),
      };
      const { status, body } = await call('POST', '/v1/payments/payouts', {
        body: JSON.stringify(payload),
        requestId: input.requestId,
        retry: false,
      });
      if (status === 200 || status === 201) {
        const created = createdBatchSchema.safeParse(body);
        if (!created.success)
          throw new PaypalApiError(status, 'PayPal accepted the payout without a batch id');
        return {
          payoutBatchId: created.data.batch_header.payout_batch_id,
          batchStatus: created.data.batch_header.batch_status,
          duplicate: false,
        };
      }
      const error = failure(status, body, 'payout');
      const original = duplicateBatchId(error);
      if (original) return { payoutBatchId: original, batchStatus: null, duplicate: true };
      throw error;
    },

    async getBatch(payoutBatchId) {
      const items: PaypalPayoutItem[] = [];
      let header: z.infer<typeof batchHeaderSchema> | null = null;
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({
          page: String(page),
          page_size: String(PAGE_SIZE),
          total_required: 'true',
        });
        const { status, body } = await call(
          'GET',
          `/v1/payments/payouts/${encodeURIComponent(payoutBatchId)}?${query}`,
          { retry: true },
        );
        if (status !== 200) throw failure(status, body, 'payout status');
        const parsed = batchPageSchema.safeParse(body);
        if (!parsed.success)
          throw new PaypalApiError(status, 'PayPal answered the payout status in an unknown shape');
        header ??= parsed.data.batch_header;
        const pageItems = parsed.data.items ?? [];
        items.push(...pageItems);
        const pages = parsed.data.total_pages ?? 1;
        if (page >= pages || pageItems.length === 0) break;
      }
      return {
        payoutBatchId: header!.payout_batch_id,
        batchStatus: header!.batch_status,
        senderBatchId: header!.sender_batch_header?.sender_batch_id,
        items,
      };
    },

    async verifyWebhookSignature(headers, rawBody) {
      if (!config.webhookId) return false;
      const fields = {
        auth_algo: headers.get('paypal-auth-algo'),
        cert_url: headers.get('paypal-cert-url'),
        transmission_id: headers.get('paypal-transmission-id'),
        transmission_sig: headers.get('paypal-transmission-sig'),
        transmission_time: headers.get('paypal-transmission-time'),
        webhook_id: config.webhookId,
      };
      if (Object.values(fields).some((value) => !value)) return false;
      try {
        JSON.parse(rawBody);
      } catch {
        return false;
      }
      // The event goes back exactly as it came (re-serialising it could change the bytes PayPal signed).
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
      const { status, body: answer } = await call('POST', '/v1/notifications/verify-webhook-signature', {
        body,
        retry: true,
      });
      if (status !== 200) throw failure(status, answer, 'webhook verification');
      const parsed = verifySchema.safeParse(answer);
      return parsed.success && parsed.data.verification_status === 'SUCCESS';
    },
  };
}

/** The client PAYPAL_* configures, or null (manual payouts). */
export function paypalClientFromEnv(env: { paypal: PaypalConfig | null }): PaypalClient | null {
  return env.paypal ? createPaypalClient(env.paypal) : null;
}
