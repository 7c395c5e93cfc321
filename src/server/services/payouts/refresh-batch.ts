import { and, asc, eq, sql } from 'drizzle-orm';
import { lockPayout, recordPayoutEvent } from '../../../db/queries/payout-records';
import { type PayoutBatchRow, type PayoutRow, payoutBatches, payouts } from '../../../db/schema/payouts';
import { AppError } from '../../http/errors';
import type { PaypalBatch, PaypalPayoutItem } from '../../integrations/paypal/paypal-answers';
import type { PaypalClient } from '../../integrations/paypal/paypal-client';
import { batchOutcome, itemOutcome } from '../../integrations/paypal/paypal-statuses';
import { type AtInstant, atInstant, type ServiceContext } from '../service-context';
import { flagForAdmins } from './attention';
import { nextCheckDelay, senderItemId } from './batch-schedule';
import { type PayoutNoticeFor, sendPayoutNotices } from './notices';
import { PAYPAL_ACTOR, settleBack, settlePaid, settlePaidTogether } from './settle';

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

/** What reading an item does to a payout in a given state (null: nothing). One rule for the read and the lock. */
type Step =
  | { kind: 'paid'; status: string }
  | { kind: 'back'; status: 'failed' | 'returned'; reason: string; paypalStatus?: string }
  | { kind: 'observe'; status: string | null; newStatus: boolean; flag: string | null };

function decide(payout: PayoutRow, item: PaypalPayoutItem | undefined, batchStatus: string): Step | null {
  if (payout.status !== 'processing' && payout.status !== 'completed') return null;
  const status = item?.transaction_status;
  const outcome = status ? itemOutcome(status) : null;
  const batch = batchOutcome(batchStatus);
  if (outcome === 'paid' && payout.status === 'processing') return { kind: 'paid', status: status! };
  if (item && status && (outcome === 'failed' || outcome === 'returned')) {
    // Money that went out and came back is "returned"; money that never went out "failed".
    const back = outcome === 'returned' || payout.status === 'completed' ? 'returned' : 'failed';
    return { kind: 'back', status: back, reason: failureReason(item, status), paypalStatus: status };
  }
  // A batch PayPal denied or that was cancelled paid nothing its item does not show as paid: an item without a
  // status, still PENDING, or missing from the batch was never paid. (ONHOLD and UNCLAIMED items move on by
  // themselves.)
  if (payout.status === 'processing' && batch === 'refused' && (outcome === null || status === 'PENDING')) {
    const reason =
      item?.errors?.message ??
      `PayPal ${batchStatus === 'DENIED' ? 'denied' : 'cancelled'} the payout batch.`;
    return {
      kind: 'back',
      status: 'failed',
      reason: `${reason} (PayPal: ${status ?? `batch ${batchStatus}`})`,
      ...(status ? { paypalStatus: status } : {}),
    };
  }
  const changed =
    item !== undefined &&
    status !== undefined &&
    (payout.paypalStatus !== status || payout.paypalItemId !== item.payout_item_id);
  let flag: string | null = null;
  if (outcome === 'unknown') {
    flag = `PayPal item status ${status}, which PayPal does not document`;
  } else if (outcome === null && payout.status === 'processing' && batch !== 'open') {
    // PayPal finished the batch (or answers a batch status it does not document) without a result for this item.
    flag = item
      ? `no item status in a ${batchStatus} batch`
      : `no item for this payout in a ${batchStatus} batch`;
  }
  if (!changed && flag === null) return null;
  return {
    kind: 'observe',
    status: changed ? status! : null,
    newStatus: changed && payout.paypalStatus !== status,
    flag,
  };
}

/**
 * Settles what PayPal says about one item of the batch, in its own transaction with the payout's row lock. The step
 * is decided on the row read with the batch (`seen`): a payout that reading leaves as it is opens no transaction (the
 * next read decides again); otherwise the step is decided again on the locked row.
 */
async function applyItem(
  ctx: AtInstant,
  seen: PayoutRow,
  item: PaypalPayoutItem | undefined,
  batchStatus: string,
): Promise<PayoutNoticeFor | null> {
  const planned = decide(seen, item, batchStatus);
  if (!planned) return null;
  return ctx.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, seen.id);
    const step = payout ? decide(payout, item, batchStatus) : null;
    if (!payout || !step) return null;
    if (step.kind === 'paid') {
      return settlePaid(tx, payout, paidChange(item, step.status), PAYPAL_ACTOR, ctx.now);
    }
    if (step.kind === 'back') {
      return settleBack(
        tx,
        payout,
        {
          status: step.status,
          reason: step.reason,
          ...(step.paypalStatus ? { paypalStatus: step.paypalStatus } : {}),
          action: step.status,
        },
        PAYPAL_ACTOR,
        ctx.now,
      );
    }
    if (item && step.status) {
      await tx
        .update(payouts)
        .set({ paypalStatus: step.status, paypalItemId: item.payout_item_id, updatedAt: ctx.now })
        .where(eq(payouts.id, payout.id));
      if (step.newStatus) {
        await recordPayoutEvent(tx, {
          payoutId: payout.id,
          action: 'paypal_status',
          actorUserId: null,
          actorName: PAYPAL_ACTOR.name,
          detail: item.errors?.message ? `${step.status}: ${item.errors.message}` : step.status,
          at: ctx.now,
        });
      }
    }
    if (step.flag) await flagForAdmins(ctx, tx, payout, step.flag);
    return null;
  });
}

const paidChange = (item: PaypalPayoutItem | undefined, status: string) => ({
  reference: item?.transaction_id ?? null,
  paypalStatus: status,
  paypalItemId: item?.payout_item_id,
  action: 'paid',
  detail: item?.transaction_id ? `PayPal transaction ${item.transaction_id}` : 'PayPal paid it',
});

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
  const remote = await readRemoteBatch(ctx, paypal, batch, batch.paypalBatchId);
  if (batchOutcome(remote.batchStatus) === 'unknown') {
    ctx.logger.warn(
      { batchId: batch.id, batchStatus: remote.batchStatus },
      'PayPal answered a batch status it does not document; each item decides',
    );
  }
  // The batch's payouts read once; PayPal's items by our id for each.
  const members = await ctx.db
    .select()
    .from(payouts)
    .where(eq(payouts.batchId, batch.id))
    .orderBy(asc(payouts.id));
  const items = new Map<string, PaypalPayoutItem>();
  for (const i of remote.items) {
    const key = i.payout_item.sender_item_id;
    if (key !== undefined && !items.has(key)) items.set(key, i);
  }
  const read = members.map((member) => ({ member, item: items.get(senderItemId(member.id)) }));
  // The items PayPal paid: their payouts marked paid together, in one transaction (./settle.ts).
  const toPay = read.flatMap(({ member, item }) => {
    const step = decide(member, item, remote.batchStatus);
    return step?.kind === 'paid' ? [{ payoutId: member.id, change: paidChange(item, step.status) }] : [];
  });
  const notices: PayoutNoticeFor[] =
    toPay.length === 0
      ? []
      : await ctx.db.transaction((tx) => settlePaidTogether(tx, toPay, PAYPAL_ACTOR, ctx.now));
  const settledTogether = new Set(notices.map((n) => n.notice.payoutId));
  // Every other payout, each in its own transaction (a paid one that moved meanwhile is decided again there).
  for (const { member, item } of read) {
    if (settledTogether.has(member.id)) continue;
    const settled = await applyItem(ctx, member, item, remote.batchStatus);
    if (settled) notices.push(settled);
  }
  const open = await recordChecked(ctx, batch, remote.batchStatus);
  await sendPayoutNotices(ctx, notices);
  return { open };
}

/** PayPal's batch, checked to be ours; a failed read is counted on the batch (its next check backs off) and thrown. */
async function readRemoteBatch(
  ctx: AtInstant,
  paypal: PaypalClient,
  batch: PayoutBatchRow,
  paypalBatchId: string,
): Promise<PaypalBatch> {
  try {
    const remote = await paypal.getBatch(paypalBatchId);
    if (remote.senderBatchId && remote.senderBatchId !== batch.senderBatchId) {
      throw new Error(`PayPal batch ${paypalBatchId} belongs to ${remote.senderBatchId}, not to this batch`);
    }
    return remote;
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
}

/** The check counted on the batch, closed once none of its payouts is processing; answers how many still are. */
async function recordChecked(ctx: AtInstant, batch: PayoutBatchRow, batchStatus: string): Promise<number> {
  const [{ open } = { open: 0 }] = await ctx.db
    .select({ open: sql<number>`count(*)::int` })
    .from(payouts)
    .where(and(eq(payouts.batchId, batch.id), eq(payouts.status, 'processing')));
  await ctx.db
    .update(payoutBatches)
    .set({
      status: open === 0 ? 'closed' : 'submitted',
      paypalBatchStatus: batchStatus,
      checks: sql`${payoutBatches.checks} + 1`,
      lastError: null,
      lastCheckedAt: ctx.now,
      nextCheckAt: new Date(ctx.now.getTime() + nextCheckDelay(batch.checks)),
      closedAt: open === 0 ? (batch.closedAt ?? ctx.now) : null,
      updatedAt: ctx.now,
    })
    .where(eq(payoutBatches.id, batch.id));
  return open;
}
