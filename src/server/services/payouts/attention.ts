import { and, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { recordPayoutEvent } from '../../../db/queries/payout-records';
import { type PayoutRow, payoutEvents } from '../../../db/schema/payouts';
import { adminNotice, notifyAdmins } from '../notifications';
import type { AtInstant } from '../service-context';
import { PAYPAL_ACTOR } from './settle';

/** The payout event that marks a payout whose PayPal result we cannot read: admins were told, and may settle it. */
export const NEEDS_ADMIN_ACTION = 'paypal_unreadable';

/** Whether admins were told to check this payout in PayPal (then they may mark it paid or failed by hand). */
export async function needsAdmin(tx: DatabaseOrTransaction, payoutId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payoutEvents.id })
    .from(payoutEvents)
    .where(and(eq(payoutEvents.payoutId, payoutId), eq(payoutEvents.action, NEEDS_ADMIN_ACTION)))
    .limit(1);
  return row !== undefined;
}

/**
 * PayPal told us something about a locked payout that we cannot read (a status it does not document, or no status
 * for an item of a finished batch): the payout is left as it is, and the admins are told once (however often the
 * job reads it), with what to do. From then on an admin may mark it paid or failed by hand.
 */
export async function flagForAdmins(
  ctx: AtInstant,
  tx: DatabaseOrTransaction,
  payout: PayoutRow,
  what: string,
): Promise<void> {
  ctx.logger.warn({ payoutId: payout.id, paypal: what }, 'PayPal answered a payout status we cannot read');
  if (await needsAdmin(tx, payout.id)) return;
  await recordPayoutEvent(tx, {
    payoutId: payout.id,
    action: NEEDS_ADMIN_ACTION,
    actorUserId: null,
    actorName: PAYPAL_ACTOR.name,
    detail: what,
    at: ctx.now,
  });
  await notifyAdmins(tx, adminNotice.payoutNeedsAttention(payout.id, what), ctx.now);
}
