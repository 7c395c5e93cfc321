import { desc, eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { type LedgerKind, ledgerEntries, mintBalances, transactions } from '../../db/schema/ledger';

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
  await tx
    .insert(mintBalances)
    .values({ influencerId: change.influencerId, balance: change.amount })
    .onConflictDoUpdate({
      target: mintBalances.influencerId,
      set: { balance: sql`${mintBalances.balance} + ${change.amount}`, updatedAt: new Date() },
    });
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
  },
): Promise<boolean> {
  if (reward.amount <= 0) return false;
  const posted = await postLedgerEntry(tx, { ...reward, kind: 'reward' });
  if (!posted) return false;
  await tx.insert(transactions).values({
    influencerId: reward.influencerId,
    campaignId: reward.campaignId,
    amount: reward.amount.toFixed(2),
    kind: 'reward',
    status: 'completed',
    ledgerReference: reward.reference,
  });
  return true;
}

/** The creator's balance (the sum of their entries, kept in mint_balances) and latest entries. */
export async function getWallet(db: DatabaseOrTransaction, influencerId: number, limit = 50) {
  const [balanceRow, entries, pending, earned] = await Promise.all([
    db
      .select({ balance: mintBalances.balance })
      .from(mintBalances)
      .where(eq(mintBalances.influencerId, influencerId)),
    db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.influencerId, influencerId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(limit),
    db
      .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
      .from(transactions)
      .where(sql`${transactions.influencerId} = ${influencerId} and ${transactions.status} = 'pending'`),
    db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.influencerId} = ${influencerId} and ${ledgerEntries.kind} = 'reward'`),
  ]);
  return {
    balance: balanceRow[0]?.balance ?? 0,
    pending: Number(pending[0]?.total ?? 0),
    totalEarned: earned[0]?.total ?? 0,
    entries: entries.map((e) => ({
      id: e.id,
      amount: e.amount,
      kind: e.kind,
      reference: e.reference,
      description: e.description,
      campaignId: e.campaignId,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
