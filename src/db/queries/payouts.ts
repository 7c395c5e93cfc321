import { and, asc, desc, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { MIN_REDEMPTION_MINT } from '../../shared/constants';
import { decodeCursor } from '../../shared/page-cursor';
import {
  adjustmentLabel,
  campaignLabel,
  OPEN_PAYOUT_STATUSES,
  type PayoutStatus,
  payoutLabel,
  type TransactionKind,
} from '../../shared/payouts';
import type { AdminPayout, Payout, TransactionListQuery, TransactionRow } from '../../shared/schemas/payout';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { influencers } from '../schema/influencers';
import {
  ledgerEntries,
  mintBalances,
  paymentTotals,
  transactionCounts,
  transactions,
} from '../schema/ledger';
import { influencerProfiles } from '../schema/onboarding';
import { mintAdjustments, type PayoutRow, payoutBatches, payoutEvents, payouts } from '../schema/payouts';
import { keyset, keysetPage } from './keyset';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A payout as its creator sees it. */
export function payoutView(row: PayoutRow): Payout {
  return {
    id: row.id,
    label: payoutLabel(row.id),
    amount: row.amount,
    paypalEmail: row.paypalEmail,
    status: row.status,
    requestedAt: row.createdAt.toISOString(),
    expectedBy: row.expectedBy,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    failedAt: iso(row.failedAt),
    cancelledAt: iso(row.cancelledAt),
    reference: row.reference,
    failureReason: row.failureReason,
    paypalStatus: row.paypalStatus,
    canCancel: row.status === 'pending',
    waitingForTaxForm: row.heldForTaxForm && row.status === 'pending',
  };
}

/** The creator's payouts, newest first. */
export async function listMyPayouts(db: DatabaseOrTransaction, influencerId: number): Promise<Payout[]> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.influencerId, influencerId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  return rows.map(payoutView);
}

/** Locks one payout for a change (the creator's own when `influencerId` is given). */
export async function lockPayout(tx: DatabaseOrTransaction, id: number, influencerId?: number) {
  const rows = await tx
    .select()
    .from(payouts)
    .where(
      influencerId === undefined
        ? eq(payouts.id, id)
        : and(eq(payouts.id, id), eq(payouts.influencerId, influencerId)),
    )
    .for('update');
  return rows[0] ?? null;
}

/**
 * Marks paid, in one statement, those of `changes` whose payout is still `processing` (a payout paid, failed or
 * cancelled meanwhile is left alone): their rows are locked first in id order, so two runs over the same payouts take
 * the locks in the same order. Answers the rows it changed, each with its creator's sign-in id (for the notice).
 */
export async function completeProcessingPayouts(
  tx: DatabaseOrTransaction,
  changes: ReadonlyArray<{
    id: number;
    reference: string | null;
    paypalStatus: string | null;
    paypalItemId: string | null;
  }>,
  now: Date,
) {
  if (changes.length === 0) return [];
  const ids = changes.map((c) => c.id);
  await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(inArray(payouts.id, ids), eq(payouts.status, 'processing')))
    .orderBy(asc(payouts.id))
    .for('update');
  const at = now.toISOString();
  const result = await tx.execute(sql`
    update payouts p set status = 'completed', completed_at = ${at}::timestamptz, reference = v.reference,
      paypal_status = coalesce(v."paypalStatus", p.paypal_status),
      paypal_item_id = coalesce(v."paypalItemId", p.paypal_item_id), updated_at = ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
      as v(id integer, reference text, "paypalStatus" text, "paypalItemId" text)
    where p.id = v.id and p.status = 'processing'
    returning p.id, p.influencer_id as "influencerId", p.amount, p.paypal_email as "paypalEmail",
      (select i.auth_user_id from influencers i where i.id = p.influencer_id) as "userId"`);
  const rows = (
    result as unknown as {
      rows: Array<{
        id: number;
        influencerId: number;
        amount: number;
        paypalEmail: string;
        userId: string | null;
      }>;
    }
  ).rows;
  return rows.sort((x, y) => x.id - y.id);
}

/** Locks a creator's balance row (null when they never had Mint): serialises every change of their Mint. */
export async function lockBalance(tx: DatabaseOrTransaction, influencerId: number): Promise<number | null> {
  const rows = await tx
    .select({ balance: mintBalances.balance })
    .from(mintBalances)
    .where(eq(mintBalances.influencerId, influencerId))
    .for('update');
  return rows[0]?.balance ?? null;
}

export async function findPayoutByKey(tx: DatabaseOrTransaction, influencerId: number, key: string) {
  const rows = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.influencerId, influencerId), eq(payouts.idempotencyKey, key)))
    .limit(1);
  return rows[0] ?? null;
}

/** Several payout events in one insert. */
export async function recordPayoutEvents(
  tx: DatabaseOrTransaction,
  events: ReadonlyArray<{
    payoutId: number;
    action: string;
    actorUserId: string | null;
    actorName: string;
    detail?: string | null;
    at: Date;
  }>,
) {
  if (events.length === 0) return;
  await tx.insert(payoutEvents).values(
    events.map((event) => ({
      payoutId: event.payoutId,
      action: event.action,
      actorUserId: event.actorUserId,
      actorName: event.actorName,
      detail: event.detail ?? null,
      createdAt: event.at,
    })),
  );
}

export async function recordPayoutEvent(
  tx: DatabaseOrTransaction,
  event: {
    payoutId: number;
    action: string;
    actorUserId: string | null;
    actorName: string;
    detail?: string | null;
    at: Date;
  },
) {
  await tx.insert(payoutEvents).values({
    payoutId: event.payoutId,
    action: event.action,
    actorUserId: event.actorUserId,
    actorName: event.actorName,
    detail: event.detail ?? null,
    createdAt: event.at,
  });
}

/** The ledger entries that count as earned: rewards for approved content and the team's credits (adjustments up). */
const earnedEntry = or(
  eq(ledgerEntries.kind, 'reward'),
  and(eq(ledgerEntries.kind, 'adjustment'), gt(ledgerEntries.amount, 0)),
);

/** The wallet figures of one creator (balance, Mint on its way, in payout, earned) and a page of entries. */
export async function walletFigures(
  db: DatabaseOrTransaction,
  influencerId: number,
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
        .where(eq(mintBalances.influencerId, influencerId)),
      db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.influencerId, influencerId), entryPage.where))
        .orderBy(...entryPage.orderBy)
        .limit(page.limit + 1),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.influencerId, influencerId)),
      // Mint on its way: the rewards of content the creator submitted and that awaits review.
      db
        .select({ total: sql<number>`coalesce(sum(${campaigns.reward}), 0)::int` })
        .from(applications)
        .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
        .where(
          and(eq(applications.influencerId, influencerId), eq(applications.status, 'content_submitted')),
        ),
      db
        .select({ total: sql<number>`coalesce(sum(${payouts.amount}), 0)::int` })
        .from(payouts)
        .where(
          and(eq(payouts.influencerId, influencerId), inArray(payouts.status, [...OPEN_PAYOUT_STATUSES])),
        ),
      // Earned: the Mint credited to the creator, rewards and the team's credits (issue 41: a creator credited 120
      // Mint read "Total earned 0 Mint"); debits and returned payouts are not earnings.
      db
        .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.influencerId, influencerId), earnedEntry)),
      // Earned this month: the same since the 1st (UTC), not only the entries on the page.
      db
        .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.influencerId, influencerId),
            earnedEntry,
            gte(ledgerEntries.createdAt, monthStart),
          ),
        ),
      db
        .select({
          paypalEmail: influencerProfiles.paypalEmail,
          paypalEmailChangedAt: influencerProfiles.paypalEmailChangedAt,
        })
        .from(influencerProfiles)
        .where(eq(influencerProfiles.influencerId, influencerId)),
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

const KIND_IN_DB: Record<TransactionKind, 'reward' | 'redemption' | 'adjustment'> = {
  reward: 'reward',
  payout: 'redemption',
  adjustment: 'adjustment',
};

function transactionFilters(query: Pick<TransactionListQuery, 'kind' | 'status' | 'q'>): SQL | undefined {
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
      sql`${transactions.influencerId} = any(array(select i.id from influencers i
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
  influencerId: influencers.id,
  influencerName: influencers.name,
  influencerUsername: influencers.username,
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

function transactionRow(r: TransactionRecord): TransactionRow {
  const kind: TransactionKind = r.kind === 'redemption' ? 'payout' : (r.kind as TransactionKind);
  const label =
    kind === 'payout' && r.payoutId !== null
      ? payoutLabel(r.payoutId)
      : kind === 'adjustment'
        ? adjustmentLabel(r.adjustmentReason ?? '')
        : campaignLabel(r.campaignId, r.campaignName);
  return {
    id: r.id!,
    createdAt: r.createdAt!.toISOString(),
    kind,
    status: r.status!,
    amount: r.amount!,
    influencer:
      r.influencerId !== null
        ? { id: r.influencerId, name: r.influencerName!, username: r.influencerUsername! }
        : null,
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
            waitingForTaxForm: Boolean(r.payoutHeldForTaxForm) && r.payoutStatus === 'pending',
          }
        : null,
  };
}

function transactionQuery(db: DatabaseOrTransaction, where: SQL | undefined) {
  return db
    .select(transactionColumns)
    .from(transactions)
    .leftJoin(influencers, eq(influencers.id, transactions.influencerId))
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

/** One row of the transactions CSV: only the columns the file shows (services/transactions-csv.ts). */
export interface TransactionExportRow {
  id: number;
  createdAt: Date;
  kind: TransactionKind;
  status: TransactionRow['status'];
  amount: string;
  influencerName: string | null;
  influencerUsername: string | null;
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
      influencerId: transactions.influencerId,
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
      influencerName: sql<
        string | null
      >`(select i.name from influencers i where i.id = ${page.influencerId})`,
      influencerUsername: sql<
        string | null
      >`(select i.username from influencers i where i.id = ${page.influencerId})`,
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
      influencerName: r.influencerName,
      influencerUsername: r.influencerUsername,
      // The same label as the payments table's (transactionRow).
      label:
        kind === 'payout' && r.payoutId !== null
          ? payoutLabel(r.payoutId)
          : kind === 'adjustment'
            ? adjustmentLabel(r.adjustmentReason ?? '')
            : campaignLabel(r.campaignId, r.campaignName),
    };
  });
}

const money = (column: SQL) => sql<string>`coalesce(${column}, 0)::numeric(14,2)::text`;

/**
 * The admin's totals, computed in SQL: 'Payment Secure' and 'Brand Package' (with its breakdown). The three
 * 'Payment Secure' totals are cash paid out of PayPal payouts only (decision 0024): This Month = payouts paid
 * (completed) since `monthStart`, Pending = payouts not yet paid (requested or processing), Completed = payouts paid
 * all time; beside This Month, the Mint credited to creators since `monthStart` (rewards and credit adjustments).
 */
export async function paymentsFigures(db: DatabaseOrTransaction, monthStart: Date) {
  // Every figure from the running totals the writes keep (payment_totals, issue 28): a few rows per figure whatever
  // the size of the ledger. The month's figures sum the month buckets (`paid:YYYY-MM`, `credited:YYYY-MM`, UTC) of
  // `monthStart`'s month and later, which is what "on or after the 1st" counts.
  const kept = (figure: string) => sql`${paymentTotals.figure} = ${figure}`;
  const keptSum = (condition: SQL) => money(sql`sum(${paymentTotals.amount}) filter (where ${condition})`);
  const keptCount = (condition: SQL) =>
    sql<number>`coalesce(sum(${paymentTotals.count}) filter (where ${condition}), 0)::int`;
  const openFigure = sql`${paymentTotals.figure} in (${sql.join(
    OPEN_PAYOUT_STATUSES.map((status) => sql`${`payouts:${status}`}`),
    sql`, `,
  )})`;
  const month = monthStart.toISOString().slice(0, 7);
  const fromMonth = (prefix: 'paid' | 'credited') =>
    sql`(${paymentTotals.figure} like ${`${prefix}:%`} and ${paymentTotals.figure} >= ${`${prefix}:${month}`})`;
  const [totals, payoutRows, budget] = await Promise.all([
    db
      .select({
        thisMonth: keptSum(fromMonth('paid')),
        thisMonthCount: keptCount(fromMonth('paid')),
        creditedThisMonth: keptSum(fromMonth('credited')),
        pending: keptSum(openFigure),
        pendingCount: keptCount(openFigure),
        completed: keptSum(kept('payouts:completed')),
        completedCount: keptCount(kept('payouts:completed')),
        rewards: money(
          sql`sum(${paymentTotals.amount}) filter (where ${paymentTotals.figure} like 'ledger:reward:%')`,
        ),
        adjustmentCredits: keptSum(kept('ledger:adjustment:credit')),
        adjustmentDebits: money(
          sql`-sum(${paymentTotals.amount}) filter (where ${kept('ledger:adjustment:debit')})`,
        ),
        reversals: money(
          sql`sum(${paymentTotals.amount}) filter (where ${paymentTotals.figure} like 'ledger:reversal:%')`,
        ),
        balances: keptSum(kept('balances')),
        creatorsWithBalance: keptCount(kept('balances')),
      })
      .from(paymentTotals),
    db
      .select({
        status: sql<PayoutStatus>`substr(${paymentTotals.figure}, 9)`,
        count: sql<number>`sum(${paymentTotals.count})::int`,
        amount: money(sql`sum(${paymentTotals.amount})`),
      })
      .from(paymentTotals)
      .where(sql`${paymentTotals.figure} like 'payouts:%'`)
      .groupBy(paymentTotals.figure)
      .having(sql`sum(${paymentTotals.count}) <> 0`),
    db
      .select({ total: money(sql`sum(${campaigns.budget})`), count: sql<number>`count(*)::int` })
      .from(campaigns)
      .where(eq(campaigns.status, 'active')),
  ]);
  const ledger = totals;
  const balances = [{ total: totals[0]!.balances, creators: totals[0]!.creatorsWithBalance }];
  const payoutsBy = (statuses: readonly PayoutStatus[]) =>
    payoutRows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.amount), 0);
  const openPayouts = payoutsBy(OPEN_PAYOUT_STATUSES);
  const l = ledger[0]!;
  const t = totals[0]!;
  return {
    thisMonth: t.thisMonth,
    creditedThisMonth: t.creditedThisMonth,
    pending: t.pending,
    completed: t.completed,
    counts: { thisMonth: t.thisMonthCount, pending: t.pendingCount, completed: t.completedCount },
    brandPackage: {
      credited: (Number(l.rewards) + Number(l.adjustmentCredits)).toFixed(2),
      paidOut: payoutsBy(['completed']).toFixed(2),
      owed: (Number(balances[0]!.total) + openPayouts).toFixed(2),
      activeBudget: budget[0]!.total,
      breakdown: {
        rewards: l.rewards,
        adjustmentCredits: l.adjustmentCredits,
        adjustmentDebits: l.adjustmentDebits,
        reversals: l.reversals,
        balances: balances[0]!.total,
        creatorsWithBalance: balances[0]!.creators,
        activeCampaigns: budget[0]!.count,
        payouts: payoutRows
          .map((r) => ({ status: r.status, count: r.count, amount: r.amount }))
          .sort((a, b) => a.status.localeCompare(b.status)),
      },
    },
  };
}

/** Every kept figure summed over its shards, by figure (tests compare them with a rebuild). */
export function allPaymentTotals(db: DatabaseOrTransaction) {
  return db
    .select({
      figure: paymentTotals.figure,
      count: sql<number>`sum(${paymentTotals.count})::int`,
      amount: sql<string>`sum(${paymentTotals.amount})::text`,
    })
    .from(paymentTotals)
    .groupBy(paymentTotals.figure)
    .having(sql`sum(${paymentTotals.count}) <> 0 or sum(${paymentTotals.amount}) <> 0`)
    .orderBy(asc(paymentTotals.figure));
}

/** Recounts every payments figure, month buckets included, from the rows (the triggers' own rules); exact. */
export async function rebuildPaymentTotals(db: DatabaseOrTransaction) {
  await db.execute(sql`select payment_totals_rebuild()`);
}

/** One payout for the admin: its creator, its PayPal batch and its whole history. */
export async function findAdminPayout(db: DatabaseOrTransaction, id: number): Promise<AdminPayout | null> {
  const [row] = await db
    .select({ payout: payouts, influencer: influencers, batch: payoutBatches })
    .from(payouts)
    .innerJoin(influencers, eq(influencers.id, payouts.influencerId))
    .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(eq(payouts.id, id))
    .limit(1);
  if (!row) return null;
  const events = await db
    .select()
    .from(payoutEvents)
    .where(eq(payoutEvents.payoutId, id))
    .orderBy(asc(payoutEvents.createdAt), asc(payoutEvents.id));
  return {
    ...payoutView(row.payout),
    mode: row.payout.mode,
    influencer: {
      id: row.influencer.id,
      name: row.influencer.name,
      username: row.influencer.username,
      email: row.influencer.email,
    },
    batch: row.batch
      ? {
          senderBatchId: row.batch.senderBatchId,
          paypalBatchId: row.batch.paypalBatchId,
          status: row.batch.status,
          lastError: row.batch.lastError,
        }
      : null,
    events: events.map((e) => ({
      action: e.action,
      actor: e.actorName,
      detail: e.detail,
      at: e.createdAt.toISOString(),
    })),
  };
}

/** PayPal batches to submit again or to check now. */
export async function dueBatches(db: DatabaseOrTransaction, now: Date, limit = 20) {
  return db
    .select()
    .from(payoutBatches)
    .where(
      and(inArray(payoutBatches.status, ['submitting', 'submitted']), lte(payoutBatches.nextCheckAt, now)),
    )
    .orderBy(asc(payoutBatches.nextCheckAt))
    .limit(limit);
}

/** Payouts per status, for the metrics endpoint. */
export async function countPayoutsByStatus(
  db: DatabaseOrTransaction,
): Promise<Array<{ status: string; count: number }>> {
  return db
    .select({ status: payouts.status, count: sql<number>`count(*)::int` })
    .from(payouts)
    .groupBy(payouts.status)
    .orderBy(payouts.status);
}
