import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PayoutStatus } from '../../shared/payouts';
import type { DatabaseOrTransaction } from '../client';
import { type PayoutRow, payouts } from '../schema/payouts';
import { readColumn } from './first-row';

/**
 * The only statements that write a payout's status (issue 43). They are called by src/server/services/payouts/move.ts
 * alone, which checks each move against the table (src/shared/payout-moves.ts) first; move.test.ts fails on any other
 * writer of the column.
 */

/** The columns a move writes beside the status (never the status itself, which the table decides). */
export type PayoutMoveChanges = Omit<Partial<typeof payouts.$inferInsert>, 'status' | 'id'>;

/**
 * Writes `to` (and `changes`) only where the payout is still at `from`, so two racing moves cannot both happen: the
 * loser gets undefined and reads the status it finds.
 */
export async function writePayoutStatus(
  tx: DatabaseOrTransaction,
  id: number,
  from: PayoutStatus,
  to: PayoutStatus,
  changes: PayoutMoveChanges,
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({ ...changes, status: to })
    .where(and(eq(payouts.id, id), eq(payouts.status, from)))
    .returning();
  return row;
}

/** The status a payout has now (null: no such payout). */
export async function readPayoutStatus(tx: DatabaseOrTransaction, id: number): Promise<PayoutStatus | null> {
  return readColumn(tx, payouts.status, eq(payouts.id, id));
}

/** One payout PayPal paid: its transaction id and PayPal's words for the item. */
export interface PaidByPaypal {
  id: number;
  reference: string | null;
  paypalStatus: string | null;
  paypalItemId: string | null;
}

/**
 * Marks paid, in one statement, those of `changes` whose payout is still `processing` (a payout paid, failed or
 * cancelled meanwhile is left alone): their rows are locked first in id order, so two runs over the same payouts take
 * the locks in the same order. Answers the rows it changed, each with its creator's sign-in id (for the notice).
 */
export async function completeProcessingPayouts(
  tx: DatabaseOrTransaction,
  changes: ReadonlyArray<PaidByPaypal>,
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
    returning p.id, p.influencer_id as "creatorId", p.amount, p.paypal_email as "paypalEmail",
      (select i.auth_user_id from influencers i where i.id = p.influencer_id) as "userId"`);
  const rows = (
    result as unknown as {
      rows: Array<{
        id: number;
        creatorId: number;
        amount: number;
        paypalEmail: string;
        userId: string | null;
      }>;
    }
  ).rows;
  return rows.sort((x, y) => x.id - y.id);
}
