import { labelledValues } from './labelled-values';

/**
 * Payouts (a creator's Mint redeemed as cash through PayPal) and the spec §3 transactions, as both the server and
 * the screens name them. READINGS "Mint": a request is pending until an admin processes it; a failed payout returns
 * the Mint.
 */

/** Payouts still waiting for money to move (their Mint is "in payout"). */
export const OPEN_PAYOUT_STATUSES = ['pending', 'processing'] as const satisfies readonly PayoutStatus[];

export function isOpenPayout(status: PayoutStatus): boolean {
  return (OPEN_PAYOUT_STATUSES as readonly PayoutStatus[]).includes(status);
}

/**
 * pending: requested, no admin has started it (the creator can cancel); processing: an admin started it (sent to
 * PayPal, or being paid by hand); completed: paid; failed: not paid, the Mint is back; returned: PayPal paid it but
 * the money came back (unclaimed, refunded, reversed), the Mint is back; cancelled: the creator cancelled it.
 */
export const PAYOUT_STATUS_LABELS = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  returned: 'Returned',
  cancelled: 'Cancelled',
};
export const PAYOUT_STATUSES = labelledValues(PAYOUT_STATUS_LABELS);
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** How a payout is paid: through PayPal's Payouts API, or by an admin by hand (recorded with a reference). */
export const PAYOUT_MODES = ['paypal', 'manual'] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

/** Spec §3 transaction statuses (plus cancelled, which shows grey: spec §4 "else grey"). */
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What a transaction is: a reward credited, a payout (a redemption), or an admin's adjustment. */
export const TRANSACTION_KIND_LABELS = {
  reward: 'Reward',
  payout: 'Payout',
  adjustment: 'Adjustment',
};
export const TRANSACTION_KINDS = labelledValues(TRANSACTION_KIND_LABELS);
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Spec §4: completed green, pending yellow, failed red, anything else grey. */
export function statusColour(status: string): 'green' | 'yellow' | 'red' | 'grey' {
  if (status === 'completed') return 'green';
  if (status === 'pending' || status === 'processing') return 'yellow';
  if (status === 'failed' || status === 'returned') return 'red';
  return 'grey';
}

/** The label a payout carries where a reward shows its campaign's name. */
export function payoutLabel(payoutId: number): string {
  return `PayPal payout #${payoutId}`;
}

/**
 * The Campaign column of a reward: the campaign's name (decision 0024; the spec's 'Campaign #' plus the id shows
 * beneath it), or 'Campaign #' plus the id when the name is not known.
 */
export function campaignLabel(campaignId: number | null, campaignName?: string | null): string {
  if (campaignId === null) return 'Campaign (deleted)';
  return campaignName ?? `Campaign #${campaignId}`;
}

export function adjustmentLabel(reason: string): string {
  return `Adjustment: ${reason}`;
}

/** "3 days 4 hours", "2 hours 5 minutes", "12 minutes", "less than a minute": how long a payout has waited. */
export function waitingTime(since: Date | string, now: Date): string {
  const ms = Math.max(0, now.getTime() - new Date(since).getTime());
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days > 0)
    return hours % 24 ? `${plural(days, 'day')} ${plural(hours % 24, 'hour')}` : plural(days, 'day');
  if (hours > 0)
    return minutes % 60
      ? `${plural(hours, 'hour')} ${plural(minutes % 60, 'minute')}`
      : plural(hours, 'hour');
  if (minutes > 0) return plural(minutes, 'minute');
  return 'less than a minute';
}

/** What each recorded step of a payout is called on screen (the history admins see on the payout). */
export const PAYOUT_EVENT_LABELS: Record<string, string> = {
  requested: 'Requested',
  cancelled: 'Cancelled by the creator',
  started: 'Processing started (paid by hand)',
  sent_to_paypal: 'Sent to PayPal',
  paypal_accepted: 'PayPal took the batch',
  paypal_refused: 'PayPal refused the batch',
  paypal_status: 'PayPal status changed',
  paypal_unreadable: 'PayPal answered something we cannot read: check it in PayPal',
  paypal_unknown_event: 'PayPal sent an event it does not document',
  paid: 'Paid',
  failed: 'Failed',
  returned: 'Returned',
  marked_paid: 'Marked paid',
  marked_failed: 'Marked failed',
};
