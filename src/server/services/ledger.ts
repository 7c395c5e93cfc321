import { eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { walletFigures } from '../../db/queries/payouts';
import { type LedgerKind, ledgerEntries, mintBalances, transactions } from '../../db/schema/ledger';
import { AppError } from '../errors';

export interface LedgerChange {
  influencerId: number;
  /** Positive: credit. Negative: debit. Whole Mint. */
  amount: number;
  kind: LedgerKind;
  /** Unique: the same change can never be written twice (e.g. "reward:application:42"). */
  reference: string;
  description: string;
  campaignId?: number | null;
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
      influencerId: change.influencerId,
      amount: change.amount,
      kind: change.kind,
      reference: change.reference,
      description: change.description,
      campaignId: change.campaignId ?? null,
    })
    .onConflictDoNothing({ target: ledgerEntries.reference })
    .returning({ id: ledgerEntries.id });
  if (inserted.length === 0) return false;
  if (change.amount > 0) {
    await tx
      .insert(mintBalances)
      .values({ influencerId: change.influencerId, balance: change.amount })
      .onConflictDoUpdate({
        target: mintBalances.influencerId,
        set: { balance: sql`${mintBalances.balance} + ${change.amount}`, updatedAt: new Date() },
      });
  } else {
    // A debit only updates an existing row (PostgreSQL checks an upsert's proposed row, here negative, before the
    // conflict); the CHECK refuses a result below zero, and no row means a balance of 0.
    const updated = await tx
      .update(mintBalances)
      .set({ balance: sql`${mintBalances.balance} + ${change.amount}`, updatedAt: new Date() })
      .where(eq(mintBalances.influencerId, change.influencerId))
      .returning({ balance: mintBalances.balance });
    if (updated.length === 0) throw new AppError('BAD_REQUEST', 'The Mint balance cannot go below zero.');
  }
  return true;
}

/** Credits a reward and records it as a completed transaction (spec §3 transactions). */
export async function creditReward(
  tx: DatabaseOrTransaction,
  reward: {
    influencerId: number;
    amount: number;
    reference: string;
    description: string;
    campaignId: number;
    /** When it happened (default: the database's clock). */
    at?: Date;
  },
): Promise<boolean> {
  if (reward.amount <= 0) return false;
  const { at, ...entry } = reward;
  const posted = await postLedgerEntry(tx, { ...entry, kind: 'reward' });
  if (!posted) return false;
  await tx.insert(transactions).values({
    influencerId: reward.influencerId,
    campaignId: reward.campaignId,
    amount: reward.amount.toFixed(2),
    kind: 'reward',
    status: 'completed',
    ledgerReference: reward.reference,
    ...(at ? { createdAt: at, updatedAt: at } : {}),
  });
  return true;
}

/**
 * The creator's wallet: available balance (the sum of their entries, kept in mint_balances), Mint on its way
 * (rewards of content awaiting review), Mint in open payouts, total earned, and a page of entries, newest first.
 */
export async function getWallet(
  db: DatabaseOrTransaction,
  influencerId: number,
  page: { limit: number; offset: number } = { limit: 50, offset: 0 },
  now: Date = new Date(),
) {
  return walletFigures(db, influencerId, page, now);
}
