import { actionsOf, findTableMove, movesFrom, statusesFromIn, type TableMove } from './move-table';
import type { PayoutStatus } from './payouts';

/**
 * Money's table of moves (issue 43), like the applications' LIFECYCLE_MOVES (./lifecycle/moves.ts): every status a payout
 * can take, from which status, by which action and actor. The server changes a payout's status only along a row of it
 * (services/payouts/move.ts, the one writer; src/server/services/payouts/move.test.ts fails on any other).
 */
export const PAYOUT_ACTIONS = [
  'start',
  'send_to_paypal',
  'cancel',
  'paypal_refused',
  'mark_paid',
  'paypal_paid',
  'mark_failed',
  'paypal_failed',
  'paypal_returned',
] as const;
export type PayoutAction = (typeof PAYOUT_ACTIONS)[number];

/** Who moves a payout: an admin of the team, the creator who asked for it, or PayPal (its answers and webhooks). */
export type PayoutActor = 'admin' | 'creator' | 'paypal';

export type PayoutMove = TableMove<PayoutStatus, PayoutAction, PayoutActor>;

/** The one table of payout moves (READINGS "Mint"; the statuses are described in ./payouts.ts). */
export const PAYOUT_MOVES: readonly PayoutMove[] = [
  // Process Payment: by hand, or in a PayPal batch. From here the creator can no longer cancel.
  { from: 'pending', action: 'start', to: 'processing', by: 'admin' },
  { from: 'pending', action: 'send_to_paypal', to: 'processing', by: 'admin' },
  // The creator changes their mind before anyone started it: the Mint comes back.
  { from: 'pending', action: 'cancel', to: 'cancelled', by: 'creator' },
  // PayPal answered a definite no to the batch (nothing was paid): the payout waits again.
  { from: 'processing', action: 'paypal_refused', to: 'pending', by: 'paypal' },
  { from: 'processing', action: 'mark_paid', to: 'completed', by: 'admin' },
  { from: 'processing', action: 'paypal_paid', to: 'completed', by: 'paypal' },
  // Not paid: the Mint comes back (an admin may fail a payout nobody started yet).
  { from: 'pending', action: 'mark_failed', to: 'failed', by: 'admin' },
  { from: 'processing', action: 'mark_failed', to: 'failed', by: 'admin' },
  { from: 'processing', action: 'paypal_failed', to: 'failed', by: 'paypal' },
  // Paid, then the money came back (unclaimed, refunded, reversed): the Mint comes back.
  { from: 'processing', action: 'paypal_returned', to: 'returned', by: 'paypal' },
  { from: 'completed', action: 'paypal_returned', to: 'returned', by: 'paypal' },
];

/** The move `actor` may make with `action` from `status`, or null. */
export function findPayoutMove(
  status: PayoutStatus,
  action: PayoutAction,
  actor: PayoutActor,
): PayoutMove | null {
  return findTableMove(PAYOUT_MOVES, status, action, actor);
}

/** The actions `actor` may take on a payout at `status`, in the table's order (a refused move answers them). */
export function allowedPayoutActions(status: PayoutStatus, actor: PayoutActor): PayoutAction[] {
  return actionsOf(movesFrom(PAYOUT_MOVES, status, actor));
}

/** The statuses an action starts from (for any actor). */
export function payoutStatusesFrom(action: PayoutAction): PayoutStatus[] {
  return statusesFromIn(PAYOUT_MOVES, action);
}
