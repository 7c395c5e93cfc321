import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { TransactionKind } from '../../shared/payouts';
import type { TransactionListQuery, TransactionRow } from '../../shared/schemas/payout';
import type { DatabaseOrTransaction } from '../client';
import { transactions } from '../schema/ledger';
import { transactionFilters, transactionLabel } from './transactions-list';

/** One row of the transactions CSV: only the columns the file shows (services/transactions-csv.ts). */
export interface TransactionExportRow {
  id: number;
  createdAt: Date;
  kind: TransactionKind;
  status: TransactionRow['status'];
  amount: string;
  creatorName: string | null;
  creatorUsername: string | null;
  label: string;
}

/**
 * Every transaction matching the filters, newest first, a chunk at a time (keyset paging), for the CSV export: a
 * large export never sits in memory whole. One statement per chunk, reading only what the file shows: the chunk's
 * transactions first, from the top of the list's index below the last row sent (`(created_at, id) < (…)`), then the
 * name of each one's creator, campaign and adjustment by primary key. 200 rows first (the first byte), then chunks of
 * 500: the old reads of 500 rows with the page's four joins (payouts too) hashed the whole creators table for every
 * chunk, 257 s for 982,000 rows at load ~7; this reads them in 22.5 s at load ~9 (issue 28). Chunks of 2,000 or
 * 5,000 were no faster.
 */
export async function* eachTransaction(
  db: DatabaseOrTransaction,
  query: Pick<TransactionListQuery, 'kind' | 'status' | 'q'>,
  chunk = 500,
): AsyncGenerator<TransactionExportRow[]> {
  const filters = transactionFilters(query);
  let after: TransactionExportRow | null = null;
  for (;;) {
    const size = after ? chunk : Math.min(chunk, FIRST_EXPORT_CHUNK);
    const rows = await transactionExportChunk(db, filters, after, size);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!;
    if (rows.length < size) return;
  }
}

/** The first chunk is small, so the download starts at once; the rest are larger, for fewer round trips. */
const FIRST_EXPORT_CHUNK = 200;

async function transactionExportChunk(
  db: DatabaseOrTransaction,
  filters: SQL | undefined,
  after: { createdAt: Date; id: number } | null,
  chunk: number,
): Promise<TransactionExportRow[]> {
  const cursor = after
    ? sql`(${transactions.createdAt}, ${transactions.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::int)`
    : undefined;
  const page = db
    .select({
      id: transactions.id,
      createdAt: transactions.createdAt,
      kind: transactions.kind,
      status: transactions.status,
      amount: transactions.amount,
      creatorId: transactions.creatorId,
      campaignId: transactions.campaignId,
      payoutId: transactions.payoutId,
      adjustmentId: transactions.adjustmentId,
    })
    .from(transactions)
    .where(and(...[filters, cursor].filter((c): c is SQL => c !== undefined)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(chunk)
    .as('page');
  // Each name by its primary key (a scalar subquery per row): joined, the planner hashed the whole creators table
  // (a sequential scan of 100,000 rows) for every chunk.
  const rows = await db
    .select({
      id: page.id,
      createdAt: page.createdAt,
      kind: page.kind,
      status: page.status,
      amount: page.amount,
      campaignId: page.campaignId,
      payoutId: page.payoutId,
      creatorName: sql<string | null>`(select i.name from influencers i where i.id = ${page.creatorId})`,
      creatorUsername: sql<
        string | null
      >`(select i.username from influencers i where i.id = ${page.creatorId})`,
      campaignName: sql<string | null>`(select c.name from campaigns c where c.id = ${page.campaignId})`,
      adjustmentReason: sql<
        string | null
      >`(select m.reason from mint_adjustments m where m.id = ${page.adjustmentId})`,
    })
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id));
  return rows.map((r) => {
    const kind: TransactionKind = r.kind === 'redemption' ? 'payout' : (r.kind as TransactionKind);
    return {
      id: r.id,
      createdAt: r.createdAt,
      kind,
      status: r.status,
      amount: r.amount,
      creatorName: r.creatorName,
      creatorUsername: r.creatorUsername,
      // The same label as the payments table's.
      label: transactionLabel(kind, r),
    };
  });
}
