import { and, eq, sql } from 'drizzle-orm';
import { dueBatches } from '../../db/queries/payout-batches';
import { type PayoutBatchStatus, payoutBatches } from '../../db/schema/payouts';
import type { Logger } from '../process/logger';
import { CLAIM_MS } from '../services/payouts/batch-schedule';
import { refreshBatch } from '../services/payouts/refresh-batch';
import { submitBatch } from '../services/payouts/submit-batch';
import { atInstant, type PaymentRunStarter, type ServiceContext } from '../services/service-context';

/*
 * Payment runs (issue 43, decision 0045). Process Payment saves a run (a `payout_batches` row with our
 * sender_batch_id and PayPal-Request-Id, its payouts moved to processing) and answers at once; the run then goes
 * through its steps here, each decided by the status the run has in the database, so any process can take it up
 * again after a crash: the instance that saved it starts at once (`inProcessPaymentRuns`), the payout job
 * (`pollPayouts`, every minute) and the start-up (`resumeInterruptedBatches`) take over runs nobody is working on.
 * Exactly once: PayPal pays a sender_batch_id once (the same ids on every attempt), each payout moves once
 * (services/payouts/move.ts writes only from the status it read), and each Mint movement is a ledger entry in the
 * transaction of its move.
 */

/** One step of a payment run: the run's status it starts from and what it does. */
export interface PaymentRunStep {
  readonly name: 'submit' | 'read and settle';
  readonly from: PayoutBatchStatus;
  run(services: ServiceContext, batchId: number): Promise<unknown>;
}

/** Submit: PayPal takes the batch (or says no); read and settle: each item's result moves its payout. */
export const PAYMENT_RUN_STEPS: readonly PaymentRunStep[] = [
  { name: 'submit', from: 'submitting', run: submitBatch },
  { name: 'read and settle', from: 'submitted', run: refreshBatch },
];

async function runStatus(services: ServiceContext, batchId: number) {
  const [row] = await services.db
    .select({ status: payoutBatches.status })
    .from(payoutBatches)
    .where(eq(payoutBatches.id, batchId));
  return row?.status ?? null;
}

/**
 * Takes a run as far as it goes now: each step in turn while the previous one moved the run on (PayPal took the
 * batch: read it at once). It stops when the run is over (closed, refused) or waits for PayPal (a retry, items still
 * pending): the payout job takes it up when it is due.
 */
export async function advancePaymentRun(services: ServiceContext, batchId: number): Promise<void> {
  let status = await runStatus(services, batchId);
  for (const step of PAYMENT_RUN_STEPS) {
    if (status !== step.from) continue;
    await step.run(services, batchId);
    status = await runStatus(services, batchId);
    if (status === step.from) return;
  }
}

/**
 * Starts runs in this process, in the background (the request has answered): the runs a crash interrupts are taken up
 * by the payout job. `idle()` waits for the runs started here (tests, and the shutdown).
 */
export function inProcessPaymentRuns(
  services: () => ServiceContext,
  logger: Logger,
): PaymentRunStarter & { idle(): Promise<void> } {
  const running = new Set<Promise<void>>();
  return {
    start(batchId) {
      const run = advancePaymentRun(services(), batchId)
        .catch((error: unknown) =>
          logger.warn({ err: error, batchId }, 'payment run stopped; the payout job takes it up again'),
        )
        .finally(() => running.delete(run));
      running.add(run);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

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
      await advancePaymentRun(services, batch.id);
      if (batch.status === 'submitting') result.submitted += 1;
      else result.refreshed += 1;
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
      if (sent.outcome === 'submitted') {
        result.submitted += 1;
        await advancePaymentRun(services, batch.id);
      }
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
