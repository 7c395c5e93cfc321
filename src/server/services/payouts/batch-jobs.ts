import { and, eq, sql } from 'drizzle-orm';
import { dueBatches } from '../../../db/queries/payout-batches';
import { payoutBatches } from '../../../db/schema/payouts';
import { atInstant, type ServiceContext } from '../service-context';
import { CLAIM_MS } from './batch-schedule';
import { refreshBatch } from './refresh-batch';
import { submitBatch } from './submit-batch';

/**
 * How long a run of the payout job (every minute) goes on taking due batches (issue 28). Each payout of a batch is
 * settled in its own transaction, so a run of 20 full batches (2,000 payouts) took minutes at operator size; past
 * this budget the run stops and the batches it did not claim stay due for the next run. One batch is always read.
 */
export const POLL_BUDGET_MS = 10_000;

/**
 * The payout job: sends batches PayPal has not confirmed again and reads the status of open ones, each when it is
 * due, oldest first, until the run's time budget is spent. Each batch is claimed before its work (its next check
 * moves on), so several app instances do not work on the same one.
 */
export async function pollPayouts(
  services: ServiceContext,
  budgetMs: number = POLL_BUDGET_MS,
): Promise<{ submitted: number; refreshed: number; errors: number }> {
  const ctx = atInstant(services);
  const result = { submitted: 0, refreshed: 0, errors: 0 };
  if (!ctx.paypal) return result;
  const started = performance.now();
  for (const candidate of await dueBatches(ctx.db, ctx.now)) {
    const worked = result.submitted + result.refreshed + result.errors;
    if (worked > 0 && performance.now() - started >= budgetMs) break;
    const [batch] = await ctx.db
      .update(payoutBatches)
      .set({ nextCheckAt: new Date(ctx.now.getTime() + CLAIM_MS), updatedAt: ctx.now })
      .where(
        and(
          eq(payoutBatches.id, candidate.id),
          sql`${payoutBatches.nextCheckAt} <= ${ctx.now.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    if (!batch) continue;
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
