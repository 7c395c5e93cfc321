import { and, asc, eq, sql } from 'drizzle-orm';
import { lockPayout, recordPayoutEvent } from '../../../db/queries/payout-records';
import { type PayoutBatchRow, type PayoutRow, payoutBatches, payouts } from '../../../db/schema/payouts';
import { PRODUCT_NAME } from '../../../shared/constants';
import { payoutLabel } from '../../../shared/payouts';
import { AppError } from '../../http/errors';
import { duplicateBatchId, PaypalApiError } from '../../integrations/paypal/paypal-answers';
import type { CreatedBatch, PaypalClient } from '../../integrations/paypal/paypal-client';
import { type AtInstant, atInstant, type ServiceContext } from '../service-context';
import { nextCheckDelay, RETRY_BASE_MS, senderItemId } from './batch-schedule';
import { movePayout } from './move';
import { PAYPAL_ACTOR } from './settle';

type SubmitResult = { outcome: 'submitted' | 'retrying' | 'refused'; message: string };

/**
 * Sends a saved batch to PayPal, or sends it again with the same sender_batch_id and PayPal-Request-Id when an
 * earlier call got no clear answer. PayPal answers a repeat with the first result or with the duplicate refusal that
 * links the original batch: either way we learn its payout_batch_id and nothing is paid twice. A definite refusal
 * (a 4xx: nothing was paid) puts the payouts back to pending with PayPal's reason. The first step of a payment run
 * (src/server/jobs/payment-runs.ts): reading the items and settling them is the next.
 */
export async function submitBatch(services: ServiceContext, batchId: number): Promise<SubmitResult> {
  const ctx = atInstant(services);
  const paypal = ctx.paypal;
  if (!paypal) throw new AppError('CONFLICT', 'PayPal is not configured on this server.');
  const [batch] = await ctx.db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId)).limit(1);
  if (!batch) throw new AppError('NOT_FOUND', 'Payout batch not found.');
  if (batch.status === 'refused')
    return { outcome: 'refused', message: batch.lastError ?? 'PayPal refused it.' };
  if (batch.status !== 'submitting')
    return { outcome: 'submitted', message: `PayPal batch ${batch.paypalBatchId}` };
  const members = await ctx.db
    .select()
    .from(payouts)
    .where(eq(payouts.batchId, batch.id))
    .orderBy(asc(payouts.id));
  try {
    const created = await sendBatch(paypal, batch, members);
    await recordAccepted(ctx, batch, members, created);
    return { outcome: 'submitted', message: `PayPal took the batch (${created.payoutBatchId}).` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const definite =
      error instanceof PaypalApiError && !error.outcomeUnknown && duplicateBatchId(error) === undefined;
    if (definite) {
      await recordRefused(ctx, batch, members, message);
      ctx.logger.warn({ batchId: batch.id, err: error }, 'PayPal refused a payout batch');
      return { outcome: 'refused', message };
    }
    await recordUnconfirmed(ctx, batch, message);
    ctx.logger.warn(
      { batchId: batch.id, err: error },
      'PayPal did not confirm a payout batch; it will be retried',
    );
    return {
      outcome: 'retrying',
      message: `PayPal did not confirm the batch (${message}). It is retried with the same batch id, so it cannot be paid twice.`,
    };
  }
}

/** The batch's one POST to PayPal (same ids every time); a duplicate is adopted only if PayPal's original is ours. */
async function sendBatch(
  paypal: PaypalClient,
  batch: PayoutBatchRow,
  members: PayoutRow[],
): Promise<CreatedBatch> {
  const created = await paypal.createBatchPayout({
    senderBatchId: batch.senderBatchId,
    requestId: batch.requestId,
    emailSubject: `You have a payout from ${PRODUCT_NAME}`,
    emailMessage: `Your Mint, redeemed on ${PRODUCT_NAME}. Thank you for creating with us!`,
    items: members.map((p) => ({
      senderItemId: senderItemId(p.id),
      receiver: p.paypalEmail,
      amount: p.amount,
      note: `${p.amount} Mint redeemed on ${PRODUCT_NAME} (${payoutLabel(p.id)})`,
    })),
  });
  if (created.duplicate) {
    const original = await paypal.getBatch(created.payoutBatchId);
    if (original.senderBatchId !== batch.senderBatchId) {
      throw new Error(`PayPal linked batch ${created.payoutBatchId}, which is not ${batch.senderBatchId}`);
    }
  }
  return created;
}

/** PayPal took the batch: it is submitted (read from the next check on), each payout's timeline says so. */
async function recordAccepted(
  ctx: AtInstant,
  batch: PayoutBatchRow,
  members: PayoutRow[],
  created: CreatedBatch,
) {
  await ctx.db.transaction(async (tx) => {
    // Only from submitting: when two senders got PayPal's answer (a resend at start-up while another instance
    // was still sending it), the acceptance is recorded once.
    const accepted = await tx
      .update(payoutBatches)
      .set({
        status: 'submitted',
        paypalBatchId: created.payoutBatchId,
        paypalBatchStatus: created.batchStatus,
        attempts: sql`${payoutBatches.attempts} + 1`,
        lastError: null,
        nextCheckAt: new Date(ctx.now.getTime() + RETRY_BASE_MS),
        updatedAt: ctx.now,
      })
      .where(and(eq(payoutBatches.id, batch.id), eq(payoutBatches.status, 'submitting')))
      .returning({ id: payoutBatches.id });
    if (accepted.length === 0) return;
    for (const member of members) {
      await recordPayoutEvent(tx, {
        payoutId: member.id,
        action: 'paypal_accepted',
        actorUserId: null,
        actorName: PAYPAL_ACTOR.name,
        detail: `PayPal batch ${created.payoutBatchId}`,
        at: ctx.now,
      });
    }
  });
}

/** PayPal refused the batch for sure (nothing was paid): the batch is refused, its payouts pending again. */
async function recordRefused(ctx: AtInstant, batch: PayoutBatchRow, members: PayoutRow[], message: string) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(payoutBatches)
      .set({
        status: 'refused',
        attempts: sql`${payoutBatches.attempts} + 1`,
        lastError: message,
        updatedAt: ctx.now,
      })
      .where(eq(payoutBatches.id, batch.id));
    for (const member of members) {
      const payout = await lockPayout(tx, member.id);
      if (payout?.status !== 'processing' || payout.batchId !== batch.id) continue;
      await movePayout(tx, payout, 'paypal_refused', 'paypal', {
        mode: null,
        batchId: null,
        startedAt: null,
        updatedAt: ctx.now,
      });
      await recordPayoutEvent(tx, {
        payoutId: payout.id,
        action: 'paypal_refused',
        actorUserId: null,
        actorName: PAYPAL_ACTOR.name,
        detail: `${message} The payout is pending again.`,
        at: ctx.now,
      });
    }
  });
}

/** No clear answer: the batch stays submitting and is sent again (same ids) after its back-off. */
async function recordUnconfirmed(ctx: AtInstant, batch: PayoutBatchRow, message: string) {
  await ctx.db
    .update(payoutBatches)
    .set({
      attempts: sql`${payoutBatches.attempts} + 1`,
      lastError: message,
      nextCheckAt: new Date(ctx.now.getTime() + nextCheckDelay(batch.attempts)),
      updatedAt: ctx.now,
    })
    .where(and(eq(payoutBatches.id, batch.id), eq(payoutBatches.status, 'submitting')));
}
