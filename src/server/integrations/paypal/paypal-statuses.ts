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
