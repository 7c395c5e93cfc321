import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { OPEN_PAYOUT_STATUSES, type PayoutStatus } from '../../shared/payouts';
import type { DatabaseOrTransaction } from '../client';
import { campaigns } from '../schema/campaigns';
import { paymentTotals } from '../schema/ledger';

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
