import { and, eq, inArray, sql } from 'drizzle-orm';
import { dueBatches } from '../../../db/queries/payouts';
import { payoutBatches } from '../../../db/schema/payouts';
import { atInstant, type ServiceContext } from '../service-context';
import { CLAIM_MS } from './batch-schedule';
import { refreshBatch } from './refresh-batch';
import { submitBatch } from './submit-batch';

/**
 * The payout job: sends batches PayPal has not confirmed again and reads the status of open ones, each when it is
 * due. Batches are claimed first (their next check moves on), so several app instances do not work on the same one.
 */
export async function pollPayouts(
  services: ServiceContext,
): Promise<{ submitted: number; refreshed: number; errors: number }> {
  const ctx = atInstant(services);
  const result = { submitted: 0, refreshed: 0, errors: 0 };
  if (!ctx.paypal) return result;
  const due = await dueBatches(ctx.db, ctx.now);
  if (due.length === 0) return result;
  const claimed = await ctx.db
    .update(payoutBatches)
    .set({ nextCheckAt: new Date(ctx.now.getTime() + CLAIM_MS), updatedAt: ctx.now })
    .where(
      and(
        inArray(
          payoutBatches.id,
          due.map((b) => b.id),
        ),
        sql`${payoutBatches.nextCheckAt} <= ${ctx.now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  for (const batch of claimed) {
    try {
      if (batch.status === 'submitting') {
        await submitBatch(services, batch.id);
        result.submitted += 1;
      } else {
        await refreshBatch(services, batch.id);
        result.refreshed += 1;
      }
    } catch (error) {
      result.errors += 1;
      ctx.logger.warn(
        { err: error, batchId: batch.id },
        'payout batch check failed; it is tried again later',
      );
    }
  }
  return result;
}

/**
 * At start-up: sends again, at once, the batches a crash left `submitting` (saved, sent or being sent to PayPal, no
 * answer recorded), with the same sender_batch_id and PayPal-Request-Id, so PayPal answers with the batch it took
 * (or the duplicate refusal that links it) and nothing is paid twice. Without this they waited for the payout job,
 * up to CLAIM_MS when the crash came while the job was sending them.
 *
 * A batch is the crashed process's when it was last written before this process started (`startedAt`): every send
 * writes `updated_at` when it begins (the batch's creation, or the job's claim) and when it ends. The claim is one
 * conditional update, so instances starting together resend each batch once. With several instances, a batch
 * another live instance began sending before this one started may be sent by both: harmless by construction (same
 * ids; the acceptance is recorded once).
 */
export async function resumeInterruptedBatches(
  services: ServiceContext,
  startedAt: Date,
): Promise<{ resumed: number; submitted: number; errors: number }> {
  const ctx = atInstant(services);
  const result = { resumed: 0, submitted: 0, errors: 0 };
  if (!ctx.paypal) return result;
  const claimed = await ctx.db
    .update(payoutBatches)
    .set({ nextCheckAt: new Date(ctx.now.getTime() + CLAIM_MS), updatedAt: ctx.now })
    .where(
      and(
        eq(payoutBatches.status, 'submitting'),
        sql`${payoutBatches.updatedAt} < ${startedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: payoutBatches.id, senderBatchId: payoutBatches.senderBatchId });
  for (const batch of claimed.sort((a, b) => a.id - b.id)) {
    result.resumed += 1;
    try {
      const sent = await submitBatch(services, batch.id);
      if (sent.outcome === 'submitted') result.submitted += 1;
      ctx.logger.info(
        { batchId: batch.id, senderBatchId: batch.senderBatchId, outcome: sent.outcome },
        'payout batch left submitting by the last run: sent again',
      );
    } catch (error) {
      result.errors += 1;
      ctx.logger.warn({ err: error, batchId: batch.id }, 'payout batch could not be sent again at start-up');
    }
  }
  return result;
}
