import { and, eq, type SQL, sql } from 'drizzle-orm';
import { decodeCursor } from '../../shared/page-cursor';
import { adjustmentLabel, campaignLabel, payoutLabel, type TransactionKind } from '../../shared/payouts';
import type { TransactionListQuery, TransactionRow } from '../../shared/schemas/payout';
import type { DatabaseOrTransaction } from '../client';
import { campaigns } from '../schema/campaigns';
import { creators } from '../schema/creators';
import { transactionCounts, transactions } from '../schema/ledger';
import { mintAdjustments, payouts } from '../schema/payouts';
import { keyset, keysetPage } from './keyset';

const KIND_IN_DB: Record<TransactionKind, 'reward' | 'redemption' | 'adjustment'> = {
  reward: 'reward',
  payout: 'redemption',
  adjustment: 'adjustment',
};

export function transactionFilters(
  query: Pick<TransactionListQuery, 'kind' | 'status' | 'q'>,
): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(transactions.kind, KIND_IN_DB[query.kind]));
  if (query.status) conditions.push(eq(transactions.status, query.status));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const number = /^#?(\d{1,9})$/.exec(query.q)?.[1];
    // The matches are found per table first (trigram indexes on the creators' names, usernames and emails, the
    // payouts' PayPal emails, the adjustments' reasons), then their transactions through each key's index: a search
    // reads what it finds, not every transaction (issue 28).
    // Each key is compared with an array computed once (`= any(array(…))`), which the planner answers with a
    // BitmapOr of the transactions' key indexes instead of hashing the matches against every transaction.
    const matches: SQL[] = [
      sql`${transactions.creatorId} = any(array(select i.id from influencers i
        where i.name ilike ${like} or i.username ilike ${like} or i.email ilike ${like}))`,
      sql`${transactions.payoutId} = any(array(select p.id from payouts p where p.paypal_email ilike ${like}))`,
      sql`${transactions.adjustmentId} = any(array(select a.id from mint_adjustments a where a.reason ilike ${like}))`,
      sql`${transactions.campaignId} = any(array(select c.id from campaigns c where c.name ilike ${like}))`,
    ];
    if (number) {
      matches.push(eq(transactions.campaignId, Number(number)), eq(transactions.payoutId, Number(number)));
    }
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const transactionColumns = {
  id: transactions.id,
  createdAt: transactions.createdAt,
  kind: transactions.kind,
  status: transactions.status,
  amount: transactions.amount,
  campaignId: transactions.campaignId,
  campaignName: campaigns.name,
  creatorId: creators.id,
  creatorName: creators.name,
  creatorUsername: creators.username,
  payoutId: payouts.id,
  payoutStatus: payouts.status,
  payoutMode: payouts.mode,
  payoutEmail: payouts.paypalEmail,
  payoutPaypalStatus: payouts.paypalStatus,
  payoutExpectedBy: payouts.expectedBy,
  payoutHeldForTaxForm: payouts.heldForTaxForm,
  adjustmentReason: mintAdjustments.reason,
};

type TransactionRecord = {
  [K in keyof typeof transactionColumns]: (typeof transactionColumns)[K]['_']['data'] | null;
};

/** What a transaction is about, as the payments table and its CSV both name it. */
export function transactionLabel(
  kind: TransactionKind,
  r: {
    payoutId: number | null;
    campaignId: number | null;
    campaignName: string | null;
    adjustmentReason: string | null;
  },
): string {
  if (kind === 'payout' && r.payoutId !== null) return payoutLabel(r.payoutId);
  if (kind === 'adjustment') return adjustmentLabel(r.adjustmentReason ?? '');
  return campaignLabel(r.campaignId, r.campaignName);
}

function transactionRow(r: TransactionRecord): TransactionRow {
  const kind: TransactionKind = r.kind === 'redemption' ? 'payout' : (r.kind as TransactionKind);
  const label = transactionLabel(kind, r);
  return {
    id: r.id!,
    createdAt: r.createdAt!.toISOString(),
    kind,
    status: r.status!,
    amount: r.amount!,
    creator:
      r.creatorId !== null ? { id: r.creatorId, name: r.creatorName!, username: r.creatorUsername! } : null,
    campaignId: r.campaignId,
    label,
    payout:
      r.payoutId !== null
        ? {
            id: r.payoutId,
            status: r.payoutStatus!,
            mode: r.payoutMode,
            paypalEmail: r.payoutEmail!,
            paypalStatus: r.payoutPaypalStatus,
            expectedBy: r.payoutExpectedBy!,
            heldForTaxForm: Boolean(r.payoutHeldForTaxForm) && r.payoutStatus === 'pending',
          }
        : null,
  };
}

function transactionQuery(db: DatabaseOrTransaction, where: SQL | undefined) {
  return db
    .select(transactionColumns)
    .from(transactions)
    .leftJoin(creators, eq(creators.id, transactions.creatorId))
    .leftJoin(campaigns, eq(campaigns.id, transactions.campaignId))
    .leftJoin(payouts, eq(payouts.id, transactions.payoutId))
    .leftJoin(mintAdjustments, eq(mintAdjustments.id, transactions.adjustmentId))
    .where(where);
}

/** A search's total stops here ("1,000+"): counting every match of a broad term grows with the ledger (issue 28). */
export const SEARCH_COUNT_CAP = 1000;

/** Spec §3 transactions for /admin/payments: newest first, filtered, one page, and how many match. */
export async function listTransactions(db: DatabaseOrTransaction, query: TransactionListQuery) {
  const where = transactionFilters(query);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const page = keyset(transactions.createdAt, transactions.id, cursor);
  const [rows, count] = await Promise.all([
    transactionQuery(db, and(...[where, page.where].filter((c): c is SQL => c !== undefined)))
      .orderBy(...page.orderBy)
      .limit(query.limit + 1),
    // Without a search the total is the kept count per kind and status (transaction_counts, exact in the writes'
    // transactions: issue 28), a few rows whatever the size of the ledger; a search counts its matches.
    // A search counts its matches up to SEARCH_COUNT_CAP + 1 (a broad term matches a tenth of the ledger).
    query.q
      ? db.select({ n: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1`.as('one') })
            .from(transactions)
            .where(where)
            .limit(SEARCH_COUNT_CAP + 1)
            .as('matches'),
        )
      : db
          .select({ n: sql<number>`coalesce(sum(${transactionCounts.total}), 0)::int` })
          .from(transactionCounts)
          .where(
            and(
              query.kind ? eq(transactionCounts.kind, KIND_IN_DB[query.kind]) : undefined,
              query.status ? eq(transactionCounts.status, query.status) : undefined,
            ),
          ),
  ]);
  const shown = keysetPage(rows as TransactionRecord[], query.limit, cursor, (r) => ({
    createdAt: r.createdAt!,
    id: r.id!,
  }));
  const counted = count[0]?.n ?? 0;
  return {
    items: shown.rows.map(transactionRow),
    total: Math.min(counted, SEARCH_COUNT_CAP),
    totalCapped: counted > SEARCH_COUNT_CAP,
    nextCursor: shown.nextCursor,
    prevCursor: shown.prevCursor,
  };
}
