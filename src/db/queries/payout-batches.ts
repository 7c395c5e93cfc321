import { and, asc, inArray, lte } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { payoutBatches } from '../schema/payouts';

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
