import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { ledgerEntries, mintBalances } from '../../src/db/schema/ledger';
import { creditReward, postLedgerEntry } from '../../src/server/services/payouts/ledger';

/**
 * Credits Mint to a creator as a ledger entry (a test stand-in for an approved reward), dated `at`: the test's clock
 * when the test reads the entries' order or month beside ones the app dates by its clock, else the machine's.
 */
export async function giveMint(db: Database, creatorId: number, amount: number, at = new Date()) {
  await db.transaction((tx) =>
    postLedgerEntry(tx, {
      creatorId,
      amount,
      kind: 'adjustment',
      reference: `test:${randomUUID()}`,
      description: 'Test credit',
      at,
    }),
  );
}

/**
 * Credits a campaign's reward to a creator as an approval does (`creditReward`: the ledger entry and the completed
 * reward transaction), dated `at` as `giveMint` says.
 */
export async function giveReward(
  db: Database,
  reward: { creatorId: number; campaignId: number; amount: number; description?: string; at?: Date },
) {
  const { description = 'Reward', at = new Date(), ...ids } = reward;
  await db.transaction((tx) =>
    creditReward(tx, { ...ids, reference: `reward:test:${randomUUID()}`, description, at }),
  );
}

/** The balance row and the sum of the creator's entries: they must always be equal. */
export async function balanceAndSum(db: Database, creatorId: number) {
  const [balance] = await db
    .select({ balance: mintBalances.balance })
    .from(mintBalances)
    .where(eq(mintBalances.creatorId, creatorId));
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.creatorId, creatorId));
  return { balance: balance?.balance ?? 0, sum: sum?.total ?? 0 };
}
