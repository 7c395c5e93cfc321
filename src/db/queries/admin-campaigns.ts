import { and, eq, like, type SQL, sql } from 'drizzle-orm';
import type { CampaignStatus } from '../../shared/constants';
import { decodeCursor } from '../../shared/page-cursor';
import type { AdminCampaign, AdminCampaignStats } from '../../shared/schemas/campaign';
import type { DatabaseOrTransaction } from '../client';
import { campaignCounts, campaigns } from '../schema/campaigns';
import { paymentTotals } from '../schema/ledger';
import { acceptedCount, acceptedCounts } from './applications';
import { toCampaign } from './campaigns';
import { readRow } from './first-row';
import { keyset, keysetPage, type PageCursors } from './keyset';

/** Every campaign (drafts included) for the admin table, newest first, searchable and filterable by status. */
export async function listAdminCampaigns(
  db: DatabaseOrTransaction,
  params: {
    q?: string | undefined;
    status?: CampaignStatus | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ items: AdminCampaign[]; total: number } & PageCursors> {
  const cursor = params.cursor ? decodeCursor(params.cursor) : null;
  const page = keyset(campaigns.createdAt, campaigns.id, cursor);
  const filters: SQL[] = [];
  if (params.status) filters.push(eq(campaigns.status, params.status));
  for (const term of (params.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    filters.push(sql`${campaigns.searchText} like ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [read, totals] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(and(where, page.where))
      .orderBy(...page.orderBy)
      .limit(params.limit + 1),
    // Without a keyword: the kept count per status (campaign_counts, decision 0020).
    params.q?.trim()
      ? db.select({ total: sql<number>`count(*)::int` }).from(campaigns).where(where)
      : db
          .select({ total: sql<number>`coalesce(sum(${campaignCounts.total}), 0)::int` })
          .from(campaignCounts)
          .where(params.status ? eq(campaignCounts.status, params.status) : undefined),
  ]);
  const { rows, nextCursor, prevCursor } = keysetPage(read, params.limit, cursor, (row) => row);
  const accepted = await acceptedCounts(
    db,
    rows.map((campaign) => campaign.id),
  );
  return {
    items: rows.map((campaign) => ({
      ...toCampaign(campaign, accepted.get(campaign.id) ?? 0),
      acceptedCount: accepted.get(campaign.id) ?? 0,
    })),
    total: totals[0]?.total ?? 0,
    nextCursor,
    prevCursor,
  };
}

export async function getAdminCampaign(db: DatabaseOrTransaction, id: number): Promise<AdminCampaign | null> {
  const campaign = await readRow(db, campaigns, eq(campaigns.id, id));
  if (!campaign) return null;
  const accepted = await acceptedCount(db, campaign.id);
  return { ...toCampaign(campaign, accepted), acceptedCount: accepted };
}

/** A campaign (any status) locked for an admin's change to it or to its products, or null. */
export async function lockCampaign(tx: DatabaseOrTransaction, id: number) {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).limit(1).for('update');
  return row ?? null;
}

/** Whether the campaign exists (any status): the 404 check of reads that need none of its figures. */
export async function adminCampaignExists(db: DatabaseOrTransaction, id: number): Promise<boolean> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return row !== undefined;
}

/** The four stat cards of Campaign Management, from the data. */
export async function adminCampaignStats(db: DatabaseOrTransaction): Promise<AdminCampaignStats> {
  const [counts, spent] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`count(*) filter (where ${campaigns.status} = 'active')::int`,
        reach: sql<string>`coalesce(sum(${campaigns.reach}), 0)::text`,
      })
      .from(campaigns),
    // Mint paid as rewards: the ledger's reward entries, summed by the writes into payment_totals (issue 28; the
    // sum over ledger_entries read a million rows at operator size).
    db
      .select({ spent: sql<string>`coalesce(sum(${paymentTotals.amount}), 0)::text` })
      .from(paymentTotals)
      .where(like(paymentTotals.figure, 'ledger:reward:%')),
  ]);
  return {
    totalCampaigns: counts[0]?.total ?? 0,
    activeCampaigns: counts[0]?.active ?? 0,
    totalReach: Number(counts[0]?.reach ?? 0),
    totalSpent: Number(spent[0]?.spent ?? 0),
  };
}
