import { eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { type LedgerKind, ledgerEntries, mintBalances, transactions } from '../../../db/schema/ledger';
import { adjustmentLabel, payoutLabel } from '../../../shared/payouts';
import { AppError } from '../../http/errors';

/**
 * The ledger rules, in one place (decision 0005): every Mint movement is a `ledger_entries` row written with its
 * balance change and its `transactions` row (spec §3), in the caller's transaction. Nothing else writes those tables.
 */

export interface LedgerChange {
  creatorId: number;
  /** Positive: credit. Negative: debit. Whole Mint. */
  amount: number;
  kind: LedgerKind;
  /** Unique: the same change can never be written twice (e.g. "reward:application:42"). */
  reference: string;
  description: string;
  campaignId?: number | null;
  /** When it happened: the use case's clock (`ctx.now`), never the wall clock or the database's. */
  at: Date;
}

/**
 * Writes one ledger entry and moves the balance with it; call inside the transaction that causes the change.
 * Returns false (and changes nothing) when an entry with this reference already exists. A debit larger than the
 * balance fails on the balance's CHECK constraint, rolling the whole transaction back.
 */
export async function postLedgerEntry(tx: DatabaseOrTransaction, change: LedgerChange): Promise<boolean> {
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      creatorId: change.creatorId,
      amount: change.amount,
      kind: change.kind,
      reference: change.reference,
      description: change.description,
      campaignId: change.campaignId ?? null,
      createdAt: change.at,
    })
    .onConflictDoNothing({ target: ledgerEntries.reference })
    .returning({ id: ledgerEntries.id });
  if (inserted.length === 0) return false;
  if (change.amount > 0) {
    await tx
      .insert(mintBalances)
      .values({ creatorId: change.creatorId, balance: change.amount, updatedAt: change.at })
      .onConflictDoUpdate({
        target: mintBalances.creatorId,
        set: { balance: sql`${mintBalances.balance} + ${change.amount}`, updatedAt: change.at },
      });
  } else {
    // A debit only updates an existing row (PostgreSQL checks an upsert's proposed row, here negative, before the
    // conflict); the CHECK refuses a result below zero, and no row means a balance of 0.
    const updated = await tx
      .update(mintBalances)
      .set({ balance: sql`${mintBalances.balance} + ${change.amount}`, updatedAt: change.at })
      .where(eq(mintBalances.creatorId, change.creatorId))
      .returning({ balance: mintBalances.balance });
    if (updated.length === 0) throw new AppError('BAD_REQUEST', 'The Mint balance cannot go below zero.');
  }
  return true;
}

/** A creator's available Mint (their balance row; no row is 0). */
export async function balanceOf(tx: DatabaseOrTransaction, creatorId: number): Promise<number> {
  const [row] = await tx
    .select({ balance: mintBalances.balance })
    .from(mintBalances)
    .where(eq(mintBalances.creatorId, creatorId));
  return row?.balance ?? 0;
}

/** Credits a reward and records it as a completed transaction (spec §3 transactions). */
export async function creditReward(
  tx: DatabaseOrTransaction,
  reward: {
    creatorId: number;
    amount: number;
    reference: string;
    description: string;
    campaignId: number;
    /** When it happened: the use case's clock (`ctx.now`). */
    at: Date;
  },
): Promise<boolean> {
  if (reward.amount <= 0) return false;
  const { at } = reward;
  const posted = await postLedgerEntry(tx, { ...reward, kind: 'reward' });
  if (!posted) return false;
  await tx.insert(transactions).values({
    creatorId: reward.creatorId,
    campaignId: reward.campaignId,
    amount: reward.amount.toFixed(2),
    kind: 'reward',
    status: 'completed',
    ledgerReference: reward.reference,
    createdAt: at,
    updatedAt: at,
  });
  return true;
}

/** A redemption: the Mint of a new payout leaves the balance (a `redemption` entry) and its transaction is pending. */
export async function debitRedemption(
  tx: DatabaseOrTransaction,
  payout: { id: number; creatorId: number; amount: number },
  now: Date,
): Promise<void> {
  const reference = `redemption:payout:${payout.id}`;
  await postLedgerEntry(tx, {
    creatorId: payout.creatorId,
    amount: -payout.amount,
    kind: 'redemption',
    reference,
    description: `Redeemed: ${payoutLabel(payout.id)}`,
    at: now,
  });
  await tx.insert(transactions).values({
    creatorId: payout.creatorId,
    amount: payout.amount.toFixed(2),
    kind: 'redemption',
    status: 'pending',
    ledgerReference: reference,
    payoutId: payout.id,
    createdAt: now,
    updatedAt: now,
  });
}

/** A payout reached the creator: its transaction is completed (the Mint left with the redemption). */
export async function completeRedemption(
  tx: DatabaseOrTransaction,
  payoutId: number,
  now: Date,
): Promise<void> {
  await tx
    .update(transactions)
    .set({ status: 'completed', updatedAt: now })
    .where(eq(transactions.payoutId, payoutId));
}

/** Several payouts reached their creators: their transactions are completed, in one statement. */
export async function completeRedemptions(
  tx: DatabaseOrTransaction,
  payoutIds: readonly number[],
  now: Date,
): Promise<void> {
  if (payoutIds.length === 0) return;
  await tx
    .update(transactions)
    .set({ status: 'completed', updatedAt: now })
    .where(inArray(transactions.payoutId, [...payoutIds]));
}

/**
 * A payout that did not reach the creator (cancelled by them, failed, or returned by PayPal): the Mint comes back with
 * a `reversal` entry whose reference `reversal:payout:{id}` makes it happen once, whatever calls this twice, and its
 * transaction ends cancelled or failed.
 */
export async function returnPayoutMint(
  tx: DatabaseOrTransaction,
  payout: { id: number; creatorId: number; amount: number },
  outcome: 'cancelled' | 'failed' | 'returned',
  now: Date,
): Promise<void> {
  await postLedgerEntry(tx, {
    creatorId: payout.creatorId,
    amount: payout.amount,
    kind: 'reversal',
    reference: `reversal:payout:${payout.id}`,
    description: `${payoutLabel(payout.id)} ${outcome}: Mint returned`,
    at: now,
  });
  await tx
    .update(transactions)
    .set({ status: outcome === 'cancelled' ? 'cancelled' : 'failed', updatedAt: now })
    .where(eq(transactions.payoutId, payout.id));
}

/** An admin adjustment (its `mint_adjustments` row is written first): an `adjustment` entry, a completed transaction. */
export async function postAdjustment(
  tx: DatabaseOrTransaction,
  adjustment: { id: number; creatorId: number; amount: number; reason: string },
  now: Date,
): Promise<void> {
  const reference = `adjustment:${adjustment.id}`;
  await postLedgerEntry(tx, {
    creatorId: adjustment.creatorId,
    amount: adjustment.amount,
    kind: 'adjustment',
    reference,
    description: adjustmentLabel(adjustment.reason),
    at: now,
  });
  await tx.insert(transactions).values({
    creatorId: adjustment.creatorId,
    amount: adjustment.amount.toFixed(2),
    kind: 'adjustment',
    status: 'completed',
    ledgerReference: reference,
    adjustmentId: adjustment.id,
    createdAt: now,
    updatedAt: now,
  });
}
