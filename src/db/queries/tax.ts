import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { OPEN_PAYOUT_STATUSES } from '../../shared/payouts';
import type { DatabaseOrTransaction } from '../client';
import { influencers } from '../schema/influencers';
import { payouts } from '../schema/payouts';
import { type TaxFormRow, taxForms } from '../schema/tax';

/** The creator's form on file, or null. */
export async function activeTaxForm(
  db: DatabaseOrTransaction,
  influencerId: number,
): Promise<TaxFormRow | null> {
  const [row] = await db
    .select()
    .from(taxForms)
    .where(and(eq(taxForms.influencerId, influencerId), eq(taxForms.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** Every form the creator filed, the newest first (the replaced ones are kept). */
export function taxFormsOf(db: DatabaseOrTransaction, influencerId: number): Promise<TaxFormRow[]> {
  return db
    .select()
    .from(taxForms)
    .where(eq(taxForms.influencerId, influencerId))
    .orderBy(desc(taxForms.createdAt), desc(taxForms.id));
}

/** How many earlier forms of the creator are kept (replaced). */
export async function replacedTaxFormCount(db: DatabaseOrTransaction, influencerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taxForms)
    .where(and(eq(taxForms.influencerId, influencerId), eq(taxForms.status, 'replaced')));
  return row?.n ?? 0;
}

/**
 * What counts toward the year's paid total for the hold: payouts paid in the year (completed, by their paid date)
 * and payouts on their way (pending or processing; they will be paid now). Whole USD.
 */
export async function paidOrOpenInYear(
  db: DatabaseOrTransaction,
  influencerId: number,
  range: { from: Date; to: Date },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payouts.amount}), 0)::int` })
    .from(payouts)
    .where(
      and(
        eq(payouts.influencerId, influencerId),
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
export async function heldPayoutCount(db: DatabaseOrTransaction, influencerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payouts)
    .where(
      and(
        eq(payouts.influencerId, influencerId),
        eq(payouts.status, 'pending'),
        eq(payouts.heldForTaxForm, true),
      ),
    );
  return row?.n ?? 0;
}

/** Marks the creator's active form replaced (the caller inserts the new one in the same transaction). */
export async function replaceActiveTaxForm(tx: DatabaseOrTransaction, influencerId: number, at: Date) {
  await tx
    .update(taxForms)
    .set({ status: 'replaced', replacedAt: at })
    .where(and(eq(taxForms.influencerId, influencerId), eq(taxForms.status, 'active')));
}

/** Clears the tax hold of the creator's pending payouts; answers the ids released. */
export async function releaseTaxHolds(
  tx: DatabaseOrTransaction,
  influencerId: number,
  at: Date,
): Promise<number[]> {
  const rows = await tx
    .update(payouts)
    .set({ heldForTaxForm: false, updatedAt: at })
    .where(
      and(
        eq(payouts.influencerId, influencerId),
        eq(payouts.heldForTaxForm, true),
        eq(payouts.status, 'pending'),
      ),
    )
    .returning({ id: payouts.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The tax year per creator: paid (completed payouts whose paid date is in the year, USD as text) and payouts held,
 * with the form on file; every creator paid in the year or with a held payout, most paid first.
 */
export async function taxYearRows(db: DatabaseOrTransaction, range: { from: Date; to: Date }) {
  const paidInYear = and(
    eq(payouts.status, 'completed'),
    gte(payouts.completedAt, range.from),
    lt(payouts.completedAt, range.to),
  );
  const held = and(eq(payouts.status, 'pending'), eq(payouts.heldForTaxForm, true));
  const totals = db
    .select({
      influencerId: payouts.influencerId,
      paid: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${paidInYear}), 0)::numeric(14,2)::text`.as(
        'paid',
      ),
      held: sql<number>`count(*) filter (where ${held})::int`.as('held'),
    })
    .from(payouts)
    .where(or(paidInYear, held))
    .groupBy(payouts.influencerId)
    .as('totals');
  return db
    .select({
      influencerId: influencers.id,
      name: influencers.name,
      username: influencers.username,
      paid: totals.paid,
      held: totals.held,
      form: taxForms,
    })
    .from(totals)
    .innerJoin(influencers, eq(influencers.id, totals.influencerId))
    .leftJoin(taxForms, and(eq(taxForms.influencerId, totals.influencerId), eq(taxForms.status, 'active')))
    .orderBy(desc(sql`${totals.paid}::numeric`), asc(influencers.name), asc(influencers.id));
}
