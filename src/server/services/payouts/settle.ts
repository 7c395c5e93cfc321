import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { recordPayoutEvent } from '../../../db/queries/payouts';
import { type PayoutRow, payouts } from '../../../db/schema/payouts';
import { creatorNotice, notifyCreator } from '../notifications';
import { balanceOf, completeRedemption, returnPayoutMint } from './ledger';
import type { PayoutNoticeFor } from './notices';

/** Who did something to a payout: an admin, the creator, or PayPal (no user). */
export interface Actor {
  userId: string | null;
  name: string;
}

export const PAYPAL_ACTOR: Actor = { userId: null, name: 'PayPal' };

/** Marks a locked payout paid, with its transaction, and records who did it. */
export async function settlePaid(
  tx: DatabaseOrTransaction,
  payout: PayoutRow,
  change: {
    reference: string | null;
    paypalStatus?: string;
    paypalItemId?: string;
    action: string;
    detail: string;
  },
  actor: Actor,
  now: Date,
): Promise<PayoutNoticeFor> {
  await tx
    .update(payouts)
    .set({
      status: 'completed',
      completedAt: now,
      reference: change.reference,
      ...(change.paypalStatus ? { paypalStatus: change.paypalStatus } : {}),
      ...(change.paypalItemId ? { paypalItemId: change.paypalItemId } : {}),
      updatedAt: now,
    })
    .where(eq(payouts.id, payout.id));
  await completeRedemption(tx, payout.id, now);
  await recordPayoutEvent(tx, {
    payoutId: payout.id,
    action: change.action,
    actorUserId: actor.userId,
    actorName: actor.name,
    detail: change.detail,
    at: now,
  });
  await notifyCreator(tx, payout.influencerId, creatorNotice.payoutPaid(payout.id, payout.amount), now);
  return {
    influencerId: payout.influencerId,
    notice: {
      kind: 'paid',
      payoutId: payout.id,
      amount: payout.amount,
      paypalEmail: payout.paypalEmail,
      reference: change.reference,
    },
  };
}

/**
 * A locked payout did not reach the creator (failed, returned, or an admin marked it failed): the Mint comes back
 * once (`returnPayoutMint`), whatever calls this twice.
 */
export async function settleBack(
  tx: DatabaseOrTransaction,
  payout: PayoutRow,
  change: { status: 'failed' | 'returned'; reason: string; paypalStatus?: string; action: string },
  actor: Actor,
  now: Date,
): Promise<PayoutNoticeFor> {
  await tx
    .update(payouts)
    .set({
      status: change.status,
      failedAt: now,
      failureReason: change.reason,
      ...(change.paypalStatus ? { paypalStatus: change.paypalStatus } : {}),
      updatedAt: now,
    })
    .where(eq(payouts.id, payout.id));
  await returnPayoutMint(tx, payout, change.status, now);
  await recordPayoutEvent(tx, {
    payoutId: payout.id,
    action: change.action,
    actorUserId: actor.userId,
    actorName: actor.name,
    detail: change.reason,
    at: now,
  });
  await notifyCreator(
    tx,
    payout.influencerId,
    creatorNotice.payoutBack(payout.id, payout.amount, change.status, change.reason),
    now,
  );
  return {
    influencerId: payout.influencerId,
    notice: {
      kind: change.status,
      payoutId: payout.id,
      amount: payout.amount,
      paypalEmail: payout.paypalEmail,
      reason: change.reason,
      balance: await balanceOf(tx, payout.influencerId),
    },
  };
}
