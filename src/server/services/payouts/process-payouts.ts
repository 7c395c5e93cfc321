import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { lockPayout, recordPayoutEvent } from '../../../db/queries/payout-records';
import { creators } from '../../../db/schema/creators';
import { type PayoutBatchRow, type PayoutRow, payoutBatches } from '../../../db/schema/payouts';
import type { PayoutAction } from '../../../shared/payout-moves';
import { type PayoutMode, type PayoutStatus, payoutLabel } from '../../../shared/payouts';
import type { ProcessResult } from '../../../shared/schemas/payout';
import { AppError } from '../../http/errors';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { atInstant, type ServiceContext } from '../service-context';
import { heldPayoutMessage } from '../tax/hold';
import { CLAIM_MS } from './batch-schedule';
import { checkPayoutMove, movePayout } from './move';

/** A payout of a banned creator is held for review: it cannot be started. */
async function heldMessage(tx: DatabaseOrTransaction, creatorId: number, label: string) {
  const [row] = await tx
    .select({ standing: creators.standing })
    .from(creators)
    .where(eq(creators.id, creatorId))
    .limit(1);
  return row?.standing === 'banned'
    ? `${label} is held for review: the creator's account is banned. Lift the ban to pay it.`
    : null;
}

const processRefusal = (id: number) => (status: PayoutStatus) =>
  `${payoutLabel(id)} is ${status}, so it cannot be processed again. Refresh the list.`;

/** Locks the payouts in id order (so two admins never deadlock) and checks that every one can be started. */
async function lockPendingPayouts(
  tx: DatabaseOrTransaction,
  ids: number[],
  action: PayoutAction,
): Promise<PayoutRow[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const locked: PayoutRow[] = [];
  for (const id of unique) {
    const payout = await lockPayout(tx, id);
    if (!payout) throw new AppError('NOT_FOUND', `Payout #${id} was not found.`);
    const held = await heldMessage(tx, payout.creatorId, payoutLabel(id));
    if (held) throw new AppError('CONFLICT', held);
    checkPayoutMove(payout, action, 'admin', processRefusal(id));
    // Issue 27: held until the creator files a tax form (filing clears the mark under the same row lock).
    if (payout.heldForTaxForm) throw new AppError('CONFLICT', heldPayoutMessage(payoutLabel(id)));
    locked.push(payout);
  }
  return locked;
}

/**
 * Process Payment. Manual: the payouts become "processing" (the creator can no longer cancel them) while the admin
 * pays them by hand; each is then marked paid with a reference, or failed. PayPal: they go out in one PayPal batch
 * whose sender_batch_id is ours (random, saved before the call), so a retry can never pay twice. The batch is a
 * payment run: this saves it and answers at once, its steps (submit, read and settle) run as a job.
 */
export async function processPayouts(
  services: ServiceContext,
  input: { ids: number[]; mode: PayoutMode },
  admin: AuditActor,
): Promise<ProcessResult> {
  const ctx = atInstant(services);
  if (input.mode === 'paypal' && !ctx.paypal) {
    throw new AppError(
      'CONFLICT',
      'PayPal is not configured on this server: pay by hand and mark each payout paid with its reference.',
    );
  }
  const started = await ctx.db.transaction(async (tx) => {
    const action: PayoutAction = input.mode === 'paypal' ? 'send_to_paypal' : 'start';
    const locked = await lockPendingPayouts(tx, input.ids, action);
    let batch: PayoutBatchRow | undefined;
    if (input.mode === 'paypal') {
      [batch] = await tx
        .insert(payoutBatches)
        .values({
          senderBatchId: `mintbox-${randomUUID()}`,
          requestId: randomUUID(),
          total: locked.reduce((sum, p) => sum + p.amount, 0),
          itemCount: locked.length,
          createdBy: admin.userId,
          createdByName: admin.name,
          // Claimed by the process that starts it; the payout job takes it up only if that process stops.
          nextCheckAt: ctx.paymentRuns ? new Date(ctx.now.getTime() + CLAIM_MS) : ctx.now,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
    }
    for (const payout of locked) {
      await movePayout(
        tx,
        payout,
        action,
        'admin',
        { mode: input.mode, batchId: batch?.id ?? null, startedAt: ctx.now, updatedAt: ctx.now },
        processRefusal(payout.id),
      );
      await recordPayoutEvent(tx, {
        payoutId: payout.id,
        action: input.mode === 'paypal' ? 'sent_to_paypal' : 'started',
        actorUserId: admin.userId,
        actorName: admin.name,
        detail: batch ? `Batch ${batch.senderBatchId}` : null,
        at: ctx.now,
      });
      await recordAdminAction(tx, admin, {
        action: input.mode === 'paypal' ? 'payout.send_to_paypal' : 'payout.start',
        entityType: 'payout',
        entityId: payout.id,
        before: { status: payout.status, mode: payout.mode },
        after: {
          status: 'processing',
          mode: input.mode,
          ...(batch ? { paypalBatch: batch.senderBatchId } : {}),
        },
        at: ctx.now,
      });
    }
    return { ids: locked.map((p) => p.id), batch };
  });
  if (!started.batch) return { mode: input.mode, ids: started.ids, paypal: null };
  // The run goes on without this request (src/server/jobs/payment-runs.ts); the admin watches it.
  ctx.paymentRuns?.start(started.batch.id);
  return {
    mode: input.mode,
    ids: started.ids,
    paypal: {
      runId: started.batch.id,
      senderBatchId: started.batch.senderBatchId,
      outcome: 'started',
      message: 'Sending the batch to PayPal…',
    },
  };
}
