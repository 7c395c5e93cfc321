import { and, asc, eq, sql } from 'drizzle-orm';
import { lockPayout, recordPayoutEvent } from '../../../db/queries/payouts';
import { payoutBatches, payouts } from '../../../db/schema/payouts';
import { AppError } from '../../errors';
import {
  batchOutcome,
  itemOutcome,
  type PaypalBatch,
  type PaypalPayoutItem,
} from '../../payouts/paypal-client';
import { type AtInstant, atInstant, type ServiceContext } from '../service-context';
import { flagForAdmins } from './attention';
import { nextCheckDelay, senderItemId } from './batch-schedule';
import { type PayoutNoticeFor, sendPayoutNotices } from './notices';
import { PAYPAL_ACTOR, settleBack, settlePaid } from './settle';

const FAILURE_TEXT: Record<string, string> = {
  FAILED: 'PayPal could not pay this PayPal account.',
  BLOCKED: 'PayPal blocked this payout.',
  DENIED: 'PayPal denied this payout.',
  RETURNED: 'The payout was not claimed in time, so PayPal returned it.',
  REFUNDED: 'The payout was refunded to us.',
  REVERSED: 'PayPal reversed the payout.',
};

function failureReason(item: PaypalPayoutItem, status: string): string {
  const text = item.errors?.message ?? FAILURE_TEXT[status] ?? 'PayPal did not pay this payout.';
  return `${text} (PayPal: ${status})`;
}

/** Settles what PayPal says about one item of the batch (each payout in its own transaction, with its row lock). */
async function applyItem(
  ctx: AtInstant,
  payoutId: number,
  item: PaypalPayoutItem | undefined,
  batchStatus: string,
): Promise<PayoutNoticeFor | null> {
  return ctx.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    if (!payout || (payout.status !== 'processing' && payout.status !== 'completed')) return null;
    const status = item?.transaction_status;
    const outcome = status ? itemOutcome(status) : null;
    const batch = batchOutcome(batchStatus);
    if (outcome === 'paid' && payout.status === 'processing') {
      return settlePaid(
        tx,
        payout,
        {
          reference: item?.transaction_id ?? null,
          paypalStatus: status,
          paypalItemId: item?.payout_item_id,
          action: 'paid',
          detail: item?.transaction_id ? `PayPal transaction ${item.transaction_id}` : 'PayPal paid it',
        },
        PAYPAL_ACTOR,
        ctx.now,
      );
    }
    if (item && status && (outcome === 'failed' || outcome === 'returned')) {
      // Money that went out and came back is "returned"; money that never went out "failed".
      const back = outcome === 'returned' || payout.status === 'completed' ? 'returned' : 'failed';
      return settleBack(
        tx,
        payout,
        { status: back, reason: failureReason(item, status), paypalStatus: status, action: back },
        PAYPAL_ACTOR,
        ctx.now,
      );
    }
    // A batch PayPal denied or that was cancelled paid nothing its item does not show as paid: an item without a
    // status, still PENDING, or missing from the batch was never paid. (ONHOLD and UNCLAIMED items move on by
    // themselves.)
    if (payout.status === 'processing' && batch === 'refused' && (outcome === null || status === 'PENDING')) {
      const reason =
        item?.errors?.message ??
        `PayPal ${batchStatus === 'DENIED' ? 'denied' : 'cancelled'} the payout batch.`;
      return settleBack(
        tx,
        payout,
        {
          status: 'failed',
          reason: `${reason} (PayPal: ${status ?? `batch ${batchStatus}`})`,
          ...(status ? { paypalStatus: status } : {}),
          action: 'failed',
        },
        PAYPAL_ACTOR,
        ctx.now,
      );
    }
    if (item && status && (payout.paypalStatus !== status || payout.paypalItemId !== item.payout_item_id)) {
      await tx
        .update(payouts)
        .set({ paypalStatus: status, paypalItemId: item.payout_item_id, updatedAt: ctx.now })
        .where(eq(payouts.id, payout.id));
      if (payout.paypalStatus !== status) {
        await recordPayoutEvent(tx, {
          payoutId: payout.id,
          action: 'paypal_status',
          actorUserId: null,
          actorName: PAYPAL_ACTOR.name,
          detail: item.errors?.message ? `${status}: ${item.errors.message}` : status,
          at: ctx.now,
        });
      }
    }
    if (outcome === 'unknown') {
      await flagForAdmins(ctx, tx, payout, `PayPal item status ${status}, which PayPal does not document`);
    } else if (outcome === null && payout.status === 'processing' && batch !== 'open') {
      // PayPal finished the batch (or answers a batch status it does not document) without a result for this item.
      await flagForAdmins(
        ctx,
        tx,
        payout,
        item
          ? `no item status in a ${batchStatus} batch`
          : `no item for this payout in a ${batchStatus} batch`,
      );
    }
    return null;
  });
}

/**
 * Reads the batch from PayPal (never from a webhook's body) and settles each of our payouts in it: paid, failed or
 * returned once, still open otherwise. The batch closes when every payout in it is final.
 */
export async function refreshBatch(services: ServiceContext, batchId: number): Promise<{ open: number }> {
  const ctx = atInstant(services);
  const paypal = ctx.paypal;
  if (!paypal) throw new AppError('CONFLICT', 'PayPal is not configured on this server.');
  const [batch] = await ctx.db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId)).limit(1);
  if (!batch?.paypalBatchId) return { open: 0 };
  let remote: PaypalBatch;
  try {
    remote = await paypal.getBatch(batch.paypalBatchId);
    if (remote.senderBatchId && remote.senderBatchId !== batch.senderBatchId) {
      throw new Error(
        `PayPal batch ${batch.paypalBatchId} belongs to ${remote.senderBatchId}, not to this batch`,
      );
    }
  } catch (error) {
    await ctx.db
      .update(payoutBatches)
      .set({
        checks: sql`${payoutBatches.checks} + 1`,
        lastError: error instanceof Error ? error.message : String(error),
        lastCheckedAt: ctx.now,
        nextCheckAt: new Date(ctx.now.getTime() + nextCheckDelay(batch.checks)),
        updatedAt: ctx.now,
      })
      .where(eq(payoutBatches.id, batch.id));
    throw error;
  }
  if (batchOutcome(remote.batchStatus) === 'unknown') {
    ctx.logger.warn(
      { batchId: batch.id, batchStatus: remote.batchStatus },
      'PayPal answered a batch status it does not document; each item decides',
    );
  }
  const members = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.batchId, batch.id))
    .orderBy(asc(payouts.id));
  const notices: PayoutNoticeFor[] = [];
  for (const member of members) {
    const item = remote.items.find((i) => i.payout_item.sender_item_id === senderItemId(member.id));
    const settled = await applyItem(ctx, member.id, item, remote.batchStatus);
    if (settled) notices.push(settled);
  }
  const [{ open } = { open: 0 }] = await ctx.db
    .select({ open: sql<number>`count(*)::int` })
    .from(payouts)
    .where(and(eq(payouts.batchId, batch.id), eq(payouts.status, 'processing')));
  await ctx.db
    .update(payoutBatches)
    .set({
      status: open === 0 ? 'closed' : 'submitted',
      paypalBatchStatus: remote.batchStatus,
      checks: sql`${payoutBatches.checks} + 1`,
      lastError: null,
      lastCheckedAt: ctx.now,
      nextCheckAt: new Date(ctx.now.getTime() + nextCheckDelay(batch.checks)),
      closedAt: open === 0 ? (batch.closedAt ?? ctx.now) : null,
      updatedAt: ctx.now,
    })
    .where(eq(payoutBatches.id, batch.id));
  await sendPayoutNotices(ctx, notices);
  return { open };
}
