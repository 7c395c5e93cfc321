import type { DatabaseOrTransaction } from '../../../db/client';
import { recordPayoutEvent, recordPayoutEvents } from '../../../db/queries/payout-records';
import type { PayoutRow } from '../../../db/schema/payouts';
import type { PayoutActor } from '../../../shared/payout-moves';
import { creatorNotice, notifyCreator, notifyCreatorUsers } from '../notifications';
import { balanceOf, completeRedemption, completeRedemptions, returnPayoutMint } from './ledger';
import { movePayout, movePayoutsPaidByPaypal } from './move';
import type { PayoutNoticeFor } from './notices';

/** Who did something to a payout: an admin, the creator, or PayPal (no user). */
export interface Actor {
  userId: string | null;
  name: string;
}

export const PAYPAL_ACTOR: Actor = { userId: null, name: 'PayPal' };

/** Who moves the payout in the table of moves: PayPal (no user) or an admin (settling is never the creator's). */
const moverOf = (actor: Actor): PayoutActor => (actor.userId === null ? 'paypal' : 'admin');

export type PaidChange = {
  reference: string | null;
  paypalStatus?: string;
  paypalItemId?: string;
  action: string;
  detail: string;
};

const paidColumns = (change: PaidChange, now: Date) => ({
  completedAt: now,
  reference: change.reference,
  ...(change.paypalStatus ? { paypalStatus: change.paypalStatus } : {}),
  ...(change.paypalItemId ? { paypalItemId: change.paypalItemId } : {}),
  updatedAt: now,
});

/** Marks a locked payout paid, with its transaction, and records who did it. */
export async function settlePaid(
  tx: DatabaseOrTransaction,
  payout: PayoutRow,
  change: PaidChange,
  actor: Actor,
  now: Date,
): Promise<PayoutNoticeFor> {
  await movePayout(tx, payout, moverOf(actor) === 'paypal' ? 'paypal_paid' : 'mark_paid', moverOf(actor), {
    ...paidColumns(change, now),
  });
  await completeRedemption(tx, payout.id, now);
  await recordPayoutEvent(tx, {
    payoutId: payout.id,
    action: change.action,
    actorUserId: actor.userId,
    actorName: actor.name,
    detail: change.detail,
    at: now,
  });
  await notifyCreator(tx, payout.creatorId, creatorNotice.payoutPaid(payout.id, payout.amount), now);
  return {
    creatorId: payout.creatorId,
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
 * Marks paid, together, those of several payouts that are still being paid (`processing`): one transaction, their
 * rows locked in id order and changed by one statement, then their transactions, their events and the creators'
 * notices by one statement each. A payout paid, failed or cancelled meanwhile is left alone (not in the answer).
 * No Mint moves when a payout is paid (it left the balance with the redemption), so no ledger entry is written here.
 * The payout job's path (./refresh-batch.ts): a batch of 100 paid items is 7 statements instead of 800.
 */
export async function settlePaidTogether(
  tx: DatabaseOrTransaction,
  changes: ReadonlyArray<{ payoutId: number; change: PaidChange }>,
  actor: Actor,
  now: Date,
): Promise<PayoutNoticeFor[]> {
  const byId = new Map(changes.map((c) => [c.payoutId, c.change]));
  const paid = await movePayoutsPaidByPaypal(
    tx,
    changes.map(({ payoutId, change }) => ({
      id: payoutId,
      reference: change.reference,
      paypalStatus: change.paypalStatus ?? null,
      paypalItemId: change.paypalItemId ?? null,
    })),
    now,
  );
  if (paid.length === 0) return [];
  await completeRedemptions(
    tx,
    paid.map((p) => p.id),
    now,
  );
  await recordPayoutEvents(
    tx,
    paid.map((p) => ({
      payoutId: p.id,
      action: byId.get(p.id)!.action,
      actorUserId: actor.userId,
      actorName: actor.name,
      detail: byId.get(p.id)!.detail,
      at: now,
    })),
  );
  await notifyCreatorUsers(
    tx,
    paid.map((p) => ({ userId: p.userId, notice: creatorNotice.payoutPaid(p.id, p.amount) })),
    now,
  );
  return paid.map((p) => ({
    creatorId: p.creatorId,
    notice: {
      kind: 'paid',
      payoutId: p.id,
      amount: p.amount,
      paypalEmail: p.paypalEmail,
      reference: byId.get(p.id)!.reference,
    },
  }));
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
  const by = moverOf(actor);
  const action =
    by === 'admin' ? 'mark_failed' : change.status === 'failed' ? 'paypal_failed' : 'paypal_returned';
  await movePayout(tx, payout, action, by, {
    failedAt: now,
    failureReason: change.reason,
    ...(change.paypalStatus ? { paypalStatus: change.paypalStatus } : {}),
    updatedAt: now,
  });
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
    payout.creatorId,
    creatorNotice.payoutBack(payout.id, payout.amount, change.status, change.reason),
    now,
  );
  return {
    creatorId: payout.creatorId,
    notice: {
      kind: change.status,
      payoutId: payout.id,
      amount: payout.amount,
      paypalEmail: payout.paypalEmail,
      reason: change.reason,
      balance: await balanceOf(tx, payout.creatorId),
    },
  };
}
