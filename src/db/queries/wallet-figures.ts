import { and, eq, gt, gte, inArray, or, sql } from 'drizzle-orm';
import { MIN_REDEMPTION_MINT } from '../../shared/constants';
import { decodeCursor } from '../../shared/page-cursor';
import { OPEN_PAYOUT_STATUSES } from '../../shared/payouts';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { ledgerEntries, mintBalances } from '../schema/ledger';
import { creatorProfiles } from '../schema/onboarding';
import { payouts } from '../schema/payouts';
import { keyset, keysetPage } from './keyset';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Locks a creator's balance row (null when they never had Mint): serialises every change of their Mint. */
export async function lockBalance(tx: DatabaseOrTransaction, creatorId: number): Promise<number | null> {
  const rows = await tx
    .select({ balance: mintBalances.balance })
    .from(mintBalances)
    .where(eq(mintBalances.creatorId, creatorId))
    .for('update');
  return rows[0]?.balance ?? null;
}

/** The ledger entries that count as earned: rewards for approved content and the team's credits (adjustments up). */
const earnedEntry = or(
  eq(ledgerEntries.kind, 'reward'),
  and(eq(ledgerEntries.kind, 'adjustment'), gt(ledgerEntries.amount, 0)),
);

/** The wallet figures of one creator (balance, Mint on its way, in payout, earned) and a page of entries. */
export async function walletFigures(
  db: DatabaseOrTransaction,
  creatorId: number,
  page: { limit: number; cursor?: string | undefined },
  now: Date = new Date(),
) {
  const cursor = page.cursor ? decodeCursor(page.cursor) : null;
  const entryPage = keyset(ledgerEntries.createdAt, ledgerEntries.id, cursor);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [balanceRow, entries, count, onItsWay, inPayout, earned, earnedThisMonth, profile] =
    await Promise.all([
      db
        .select({ balance: mintBalances.balance })
        .from(mintBalances)
        .where(eq(mintBalances.creatorId, creatorId)),
      db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.creatorId, creatorId), entryPage.where))
        .orderBy(...entryPage.orderBy)
        .limit(page.limit + 1),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.creatorId, creatorId)),
      // Mint on its way: the rewards of content the creator submitted and that awaits review.
      db
        .select({ total: sql<number>`coalesce(sum(${campaigns.reward}), 0)::int` })
        .from(applications)
        .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
        .where(and(eq(applications.creatorId, creatorId), eq(applications.status, 'content_submitted'))),
      db
        .select({ total: sql<number>`coalesce(sum(${payouts.amount}), 0)::int` })
        .from(payouts)
        .where(and(eq(payouts.creatorId, creatorId), inArray(payouts.status, [...OPEN_PAYOUT_STATUSES]))),
      // Earned: the Mint credited to the creator, rewards and the team's credits (issue 41: a creator credited 120
      // Mint read "Total earned 0 Mint"); debits and returned payouts are not earnings.
      db
        .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.creatorId, creatorId), earnedEntry)),
      // Earned this month: the same since the 1st (UTC), not only the entries on the page.
      db
        .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
        .from(ledgerEntries)
        .where(
          and(eq(ledgerEntries.creatorId, creatorId), earnedEntry, gte(ledgerEntries.createdAt, monthStart)),
        ),
      db
        .select({
          paypalEmail: creatorProfiles.paypalEmail,
          paypalEmailChangedAt: creatorProfiles.paypalEmailChangedAt,
        })
        .from(creatorProfiles)
        .where(eq(creatorProfiles.creatorId, creatorId)),
    ]);
  const entryRows = keysetPage(entries, page.limit, cursor, (e) => e);
  return {
    balance: balanceRow[0]?.balance ?? 0,
    pending: onItsWay[0]?.total ?? 0,
    inPayout: inPayout[0]?.total ?? 0,
    totalEarned: earned[0]?.total ?? 0,
    earnedThisMonth: earnedThisMonth[0]?.total ?? 0,
    minimum: MIN_REDEMPTION_MINT,
    paypalEmail: profile[0]?.paypalEmail ?? null,
    paypalEmailChangedAt: iso(profile[0]?.paypalEmailChangedAt ?? null),
    entriesTotal: count[0]?.n ?? 0,
    entriesNextCursor: entryRows.nextCursor,
    entries: entryRows.rows.map((e) => ({
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
