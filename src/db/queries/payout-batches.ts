import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { payoutBatches, payouts } from '../schema/payouts';
import { readRow } from './first-row';

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

/** A payment run (its batch) and how many of its payouts are paid, back (failed, returned) or still open. */
export async function findPaymentRun(db: DatabaseOrTransaction, id: number) {
  const batch = await readRow(db, payoutBatches, eq(payoutBatches.id, id));
  if (!batch) return null;
  const [counts] = await db
    .select({
      paid: sql<number>`count(*) filter (where ${payouts.status} = 'completed')::int`,
      failed: sql<number>`count(*) filter (where ${payouts.status} in ('failed', 'returned'))::int`,
      open: sql<number>`count(*) filter (where ${payouts.status} = 'processing')::int`,
    })
    .from(payouts)
    .where(eq(payouts.batchId, id));
  return { batch, counts: counts ?? { paid: 0, failed: 0, open: 0 } };
}
