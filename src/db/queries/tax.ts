import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { OPEN_PAYOUT_STATUSES } from '../../shared/payouts';
import type { DatabaseOrTransaction } from '../client';
import { creators } from '../schema/creators';
import { payouts } from '../schema/payouts';
import { type TaxFormRow, taxForms, taxYearCounts, taxYearTotals } from '../schema/tax';
import { readRow } from './first-row';

/** The creator's form on file, or null. */
export async function activeTaxForm(
  db: DatabaseOrTransaction,
  creatorId: number,
): Promise<TaxFormRow | null> {
  return readRow(db, taxForms, and(eq(taxForms.creatorId, creatorId), eq(taxForms.status, 'active')));
}

/** Every form the creator filed, the newest first (the replaced ones are kept). */
export function taxFormsOf(db: DatabaseOrTransaction, creatorId: number): Promise<TaxFormRow[]> {
  return db
    .select()
    .from(taxForms)
    .where(eq(taxForms.creatorId, creatorId))
    .orderBy(desc(taxForms.createdAt), desc(taxForms.id));
}

/** How many earlier forms of the creator are kept (replaced). */
export async function replacedTaxFormCount(db: DatabaseOrTransaction, creatorId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taxForms)
    .where(and(eq(taxForms.creatorId, creatorId), eq(taxForms.status, 'replaced')));
  return row?.n ?? 0;
}

/**
 * What counts toward the year's paid total for the hold: payouts paid in the year (completed, by their paid date)
 * and payouts on their way (pending or processing; they will be paid now). Whole USD.
 */
export async function paidOrOpenInYear(
  db: DatabaseOrTransaction,
  creatorId: number,
  range: { from: Date; to: Date },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payouts.amount}), 0)::int` })
    .from(payouts)
    .where(
      and(
        eq(payouts.creatorId, creatorId),
        or(
          inArray(payouts.status, [...OPEN_PAYOUT_STATUSES]),
          and(
            eq(payouts.status, 'completed'),
            gte(payouts.completedAt, range.from),
            lt(payouts.completedAt, range.to),
          ),
        ),
      ),
    );
  return row?.total ?? 0;
}

/** The creator's payouts waiting for a tax form. */
export async function heldPayoutCount(db: DatabaseOrTransaction, creatorId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payouts)
    .where(
      and(eq(payouts.creatorId, creatorId), eq(payouts.status, 'pending'), eq(payouts.heldForTaxForm, true)),
    );
  return row?.n ?? 0;
}

/** Marks the creator's active form replaced (the caller inserts the new one in the same transaction). */
export async function replaceActiveTaxForm(tx: DatabaseOrTransaction, creatorId: number, at: Date) {
  await tx
    .update(taxForms)
    .set({ status: 'replaced', replacedAt: at })
    .where(and(eq(taxForms.creatorId, creatorId), eq(taxForms.status, 'active')));
}

/** Clears the tax hold of the creator's pending payouts; answers the ids released. */
export async function releaseTaxHolds(
  tx: DatabaseOrTransaction,
  creatorId: number,
  at: Date,
): Promise<number[]> {
  const rows = await tx
    .update(payouts)
    .set({ heldForTaxForm: false, updatedAt: at })
    .where(
      and(eq(payouts.creatorId, creatorId), eq(payouts.heldForTaxForm, true), eq(payouts.status, 'pending')),
    )
    .returning({ id: payouts.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Where a page of the tax year starts after: the last line's paid total (USD as text) and creator. */
export interface TaxYearKey {
  paid: string;
  creatorId: number;
}

/**
 * One page of the tax year from the kept `tax_year_totals` (issue 28): every creator paid in the year or with a
 * payout held that was requested in it, most paid first, then the newest creator first; `limit + 1` lines read
 * after `after` through `tax_year_totals_paid_idx` (backwards), with the creator and the form on file.
 */
export function taxYearPage(
  db: DatabaseOrTransaction,
  q: { year: number; after: TaxYearKey | null; limit: number },
) {
  return db
    .select({
      creatorId: creators.id,
      name: creators.name,
      username: creators.username,
      paid: sql<string>`${taxYearTotals.paid}::text`,
      held: taxYearTotals.held,
      form: taxForms,
    })
    .from(taxYearTotals)
    .innerJoin(creators, eq(creators.id, taxYearTotals.creatorId))
    .leftJoin(taxForms, and(eq(taxForms.creatorId, taxYearTotals.creatorId), eq(taxForms.status, 'active')))
    .where(
      and(
        eq(taxYearTotals.year, q.year),
        q.after
          ? sql`(${taxYearTotals.paid}, ${taxYearTotals.creatorId}) < (${q.after.paid}::numeric, ${q.after.creatorId}::int)`
          : undefined,
      ),
    )
    .orderBy(desc(taxYearTotals.year), desc(taxYearTotals.paid), desc(taxYearTotals.creatorId))
    .limit(q.limit + 1);
}

/**
 * The tax year's totals from the kept rows: creators in the year (the year's kept count, at most 16 shard rows),
 * and of those at the threshold or over it (the `paid` index range) how many have no form and how many a W-9.
 */
export async function taxYearSummary(db: DatabaseOrTransaction, year: number, thresholdUsd: number) {
  const atThreshold = db
    .select({ type: taxForms.type })
    .from(taxYearTotals)
    .leftJoin(taxForms, and(eq(taxForms.creatorId, taxYearTotals.creatorId), eq(taxForms.status, 'active')))
    .where(and(eq(taxYearTotals.year, year), gte(taxYearTotals.paid, String(thresholdUsd))))
    .as('at_threshold');
  const [row] = await db
    .select({
      creators: sql<number>`(select coalesce(sum(${taxYearCounts.creators}), 0) from ${taxYearCounts} where ${taxYearCounts.year} = ${year})::int`,
      atThreshold: sql<number>`count(*)::int`,
      missingForms: sql<number>`count(*) filter (where ${atThreshold.type} is null)::int`,
      inYearEndFile: sql<number>`count(*) filter (where ${atThreshold.type} = 'w9')::int`,
    })
    .from(atThreshold);
  return row ?? { creators: 0, atThreshold: 0, missingForms: 0, inYearEndFile: 0 };
}

/** The year-end file's creators: paid the threshold or more in the year with a W-9 on file, most paid first. */
export function yearEndRows(db: DatabaseOrTransaction, year: number, thresholdUsd: number) {
  return db
    .select({
      creatorId: creators.id,
      name: creators.name,
      paid: sql<string>`${taxYearTotals.paid}::text`,
      form: taxForms,
    })
    .from(taxYearTotals)
    .innerJoin(creators, eq(creators.id, taxYearTotals.creatorId))
    .innerJoin(
      taxForms,
      and(
        eq(taxForms.creatorId, taxYearTotals.creatorId),
        eq(taxForms.status, 'active'),
        eq(taxForms.type, 'w9'),
      ),
    )
    .where(and(eq(taxYearTotals.year, year), gte(taxYearTotals.paid, String(thresholdUsd))))
    .orderBy(desc(taxYearTotals.paid), desc(taxYearTotals.creatorId));
}

/** The kept creators count of each year (tests compare it with the rows). */
export function taxYearCreatorCounts(db: DatabaseOrTransaction) {
  return db
    .select({ year: taxYearCounts.year, creators: sql<number>`sum(${taxYearCounts.creators})::int` })
    .from(taxYearCounts)
    .groupBy(taxYearCounts.year)
    .having(sql`sum(${taxYearCounts.creators}) <> 0`)
    .orderBy(taxYearCounts.year);
}

/** Every kept row, by year and creator (tests compare them with a rebuild). */
export function allTaxYearTotals(db: DatabaseOrTransaction) {
  return db
    .select({
      year: taxYearTotals.year,
      creatorId: taxYearTotals.creatorId,
      paid: sql<string>`${taxYearTotals.paid}::text`,
      held: taxYearTotals.held,
    })
    .from(taxYearTotals)
    .orderBy(asc(taxYearTotals.year), asc(taxYearTotals.creatorId));
}

/** Recounts every creator's years from the payouts (the triggers' own rule); exact, for repairs and tests. */
export async function rebuildTaxYearTotals(db: DatabaseOrTransaction) {
  await db.execute(sql`select tax_year_totals_rebuild()`);
}
