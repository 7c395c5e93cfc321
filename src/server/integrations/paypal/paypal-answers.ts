import { z } from 'zod';

const linkSchema = z.object({ href: z.string(), rel: z.string().optional(), method: z.string().optional() });

export const errorBodySchema = z
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

export const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.coerce.number().positive(),
});

const amountSchema = z.object({ value: z.string(), currency: z.string() });

export const batchHeaderSchema = z
  .object({
    payout_batch_id: z.string().min(1),
    batch_status: z.string(),
    sender_batch_header: z.object({ sender_batch_id: z.string().optional() }).loose().optional(),
    time_created: z.string().optional(),
    time_completed: z.string().optional(),
  })
  .loose();

export const createdBatchSchema = z.object({ batch_header: batchHeaderSchema }).loose();

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

export const batchPageSchema = z
  .object({
    batch_header: batchHeaderSchema,
    items: z.array(itemSchema).optional(),
    total_pages: z.number().int().optional(),
    total_items: z.number().int().optional(),
  })
  .loose();

export const verifySchema = z.object({ verification_status: z.string() });

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

/** The error of a refused call: PayPal's own name and reason when its body says them. */
export function paypalError(status: number, body: unknown, what: string): PaypalApiError {
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
