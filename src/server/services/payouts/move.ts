import type { DatabaseOrTransaction } from '../../../db/client';
import {
  completeProcessingPayouts,
  type PaidByPaypal,
  type PayoutMoveChanges,
  readPayoutStatus,
  writePayoutStatus,
} from '../../../db/queries/payout-status-writes';
import type { PayoutRow } from '../../../db/schema/payouts';
import {
  allowedPayoutActions,
  findPayoutMove,
  type PayoutAction,
  type PayoutActor,
} from '../../../shared/payout-moves';
import { type PayoutStatus, payoutLabel } from '../../../shared/payouts';
import { AppError, MoveRefusedError } from '../../http/errors';

const ACTION_WORDS: Record<PayoutAction, string> = {
  start: 'processed again',
  send_to_paypal: 'processed again',
  cancel: 'cancelled',
  paypal_refused: 'put back to pending',
  mark_paid: 'marked paid',
  paypal_paid: 'marked paid',
  mark_failed: 'marked failed',
  paypal_failed: 'marked failed',
  paypal_returned: 'marked returned',
};

/** What a refused move tells the user when its caller has no sentence of its own. */
export function payoutRefusal(id: number, status: PayoutStatus, action: PayoutAction): string {
  return `${payoutLabel(id)} is ${status}, so it cannot be ${ACTION_WORDS[action]}.`;
}

/** A payout as read (under its row lock) for a move: its id and status. */
export type PayoutSubject = Pick<PayoutRow, 'id' | 'status'>;

/** Throws the 409 unless the table lets `actor` take `action` at the payout's status; answers the new status. */
export function checkPayoutMove(
  payout: PayoutSubject,
  action: PayoutAction,
  actor: PayoutActor,
  message?: (status: PayoutStatus) => string,
): PayoutStatus {
  const move = findPayoutMove(payout.status, action, actor);
  if (move) return move.to;
  throw new MoveRefusedError(
    message?.(payout.status) ?? payoutRefusal(payout.id, payout.status, action),
    allowedPayoutActions(payout.status, actor),
  );
}

/**
 * The one way a payout's status changes: checks the move against the table, then writes the new status with
 * `changes` only where the status is still the one read, so two racing requests cannot both move it (the loser gets
 * the same 409 as any refused move, from the status it finds).
 */
export async function movePayout(
  tx: DatabaseOrTransaction,
  payout: PayoutSubject,
  action: PayoutAction,
  actor: PayoutActor,
  changes: PayoutMoveChanges = {},
  message?: (status: PayoutStatus) => string,
): Promise<PayoutRow> {
  const to = checkPayoutMove(payout, action, actor, message);
  const row = await writePayoutStatus(tx, payout.id, payout.status, to, changes);
  if (row) return row;
  const now = await readPayoutStatus(tx, payout.id);
  if (!now) throw new AppError('NOT_FOUND', `${payoutLabel(payout.id)} was not found.`);
  checkPayoutMove({ id: payout.id, status: now }, action, actor, message);
  // Allowed from the status found too (it moved and came back meanwhile): the caller reads and tries again.
  throw new MoveRefusedError(payoutRefusal(payout.id, now, action), allowedPayoutActions(now, actor));
}

/**
 * PayPal paid several payouts (the `paypal_paid` row of the table, from `processing`): marked paid together in one
 * statement; a payout that moved meanwhile is left alone (not in the answer).
 */
export async function movePayoutsPaidByPaypal(
  tx: DatabaseOrTransaction,
  changes: ReadonlyArray<PaidByPaypal>,
  now: Date,
) {
  const move = findPayoutMove('processing', 'paypal_paid', 'paypal');
  if (move?.to !== 'completed')
    throw new Error('The table of payout moves has no paypal_paid from processing');
  return completeProcessingPayouts(tx, changes, now);
}
