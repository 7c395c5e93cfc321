import type { z } from 'zod';
import type { PaypalConfig } from '../../../config/env-services';
import {
  type batchHeaderSchema,
  batchPageSchema,
  createdBatchSchema,
  duplicateBatchId,
  PaypalApiError,
  type PaypalBatch,
  type PaypalPayoutItem,
  paypalError,
  verifySchema,
} from './paypal-answers';
import { createPaypalTransport, type PaypalCall, type PaypalClientOptions } from './paypal-transport';

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

const PAGE_SIZE = 100;

export function createPaypalClient(config: PaypalConfig, options: PaypalClientOptions = {}): PaypalClient {
  const call = createPaypalTransport(config, options);
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
      const error = paypalError(status, body, 'payout');
      const original = duplicateBatchId(error);
      if (original) return { payoutBatchId: original, batchStatus: null, duplicate: true };
      throw error;
    },

    getBatch: (payoutBatchId) => readBatch(call, payoutBatchId),
    verifyWebhookSignature: (headers, rawBody) => verifyWebhook(call, config.webhookId, headers, rawBody),
  };
}

/** Every page of a payout batch's items. */
async function readBatch(call: PaypalCall, payoutBatchId: string): Promise<PaypalBatch> {
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
    if (status !== 200) throw paypalError(status, body, 'payout status');
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
}

/** Asks PayPal whether this webhook really came from PayPal for our webhook id. */
async function verifyWebhook(
  call: PaypalCall,
  webhookId: string | undefined,
  headers: WebhookHeaders,
  rawBody: string,
): Promise<boolean> {
  if (!webhookId) return false;
  const fields = {
    auth_algo: headers.get('paypal-auth-algo'),
    cert_url: headers.get('paypal-cert-url'),
    transmission_id: headers.get('paypal-transmission-id'),
    transmission_sig: headers.get('paypal-transmission-sig'),
    transmission_time: headers.get('paypal-transmission-time'),
    webhook_id: webhookId,
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
  if (status !== 200) throw paypalError(status, answer, 'webhook verification');
  const parsed = verifySchema.safeParse(answer);
  return parsed.success && parsed.data.verification_status === 'SUCCESS';
}

/** The client PAYPAL_* configures, or null (manual payouts). */
export function paypalClientFromEnv(env: { paypal: PaypalConfig | null }): PaypalClient | null {
  return env.paypal ? createPaypalClient(env.paypal) : null;
}
