import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import { dueBatches, lockPayout, recordPayoutEvent } from '../../db/queries/payouts';
import { influencers } from '../../db/schema/influencers';
import { mintBalances, transactions } from '../../db/schema/ledger';
import {
  type PayoutBatchRow,
  type PayoutRow,
  payoutBatches,
  payoutEvents,
  payouts,
} from '../../db/schema/payouts';
import { PRODUCT_NAME } from '../../shared/constants';
import { type PayoutMode, payoutLabel } from '../../shared/payouts';
import type { ProcessResult } from '../../shared/schemas/payout';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { type PayoutNotice, payoutMail } from '../mail/payout-templates';
import {
  batchOutcome,
  duplicateBatchId,
  isKnownPayoutEvent,
  itemOutcome,
  PaypalApiError,
  type PaypalBatch,
  type PaypalClient,
  type PaypalPayoutItem,
} from '../payouts/paypal-client';
import { type AuditActor, recordAdminAction } from './audit-log';
import { payoutHeldMessage } from './creator-moderation';
import { postLedgerEntry } from './ledger';
import { adminNotice, creatorNotice, notifyAdmins, notifyCreator } from './notifications';

export interface PayoutContext {
  db: Database;
  now: Date;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
  /** PayPal Payouts, or null in manual mode. */
  paypal: PaypalClient | null;
}

/** Who did something to a payout: an admin, the creator, or PayPal (no user). */
export interface Actor {
  userId: string | null;
  name: string;
}

export const PAYPAL_ACTOR: Actor = { userId: null, name: 'PayPal' };

/** Our id for a payout inside a PayPal batch. */
export const senderItemId = (payoutId: number) => `payout-${payoutId}`;

const RETRY_BASE_MS = 60_000;
/** A batch the payout job (or the start-up) is sending is left to it this long before the job takes it again. */
const CLAIM_MS = 5 * 60_000;
const RETRY_MAX_MS = 6 * 3_600_000;
/** Minutes, then hours between two looks at a batch: 1, 2, 4 … minutes, at most 6 hours. */
export const nextCheckDelay = (n: number) => Math.min(RETRY_BASE_MS * 2 ** Math.min(n, 20), RETRY_MAX_MS);

/** A payout mail goes out after the change is committed; a failure is logged and never undoes the change. */
export async function sendPayoutNotices(
  ctx: Pick<PayoutContext, 'db' | 'mailer' | 'appUrl' | 'logger'>,
  notices: Array<{ influencerId: number; notice: PayoutNotice }>,
) {
  for (const { influencerId, notice } of notices) {
    const [row] = await ctx.db
      .select({ email: influencers.email })
      .from(influencers)
      .where(eq(influencers.id, influencerId))
      .limit(1);
    if (!row) continue;
    try {
      await ctx.mailer.send(payoutMail(ctx.appUrl, row.email, notice));
    } catch (error) {
      ctx.logger.error(
        { err: error, payoutId: notice.payoutId, kind: notice.kind },
        'could not send a payout mail',
      );
    }
  }
}

async function balanceOf(tx: DatabaseOrTransaction, influencerId: number): Promise<number> {
  const [row] = await tx
    .select({ balance: mintBalances.balance })
    .from(mintBalances)
    .where(eq(mintBalances.influencerId, influencerId));
  return row?.balance ?? 0;
}

/** Marks a locked payout paid, with its transaction, and records who did it. */
export async function settlePaid(
  tx: DatabaseOrTransaction,
  payout: PayoutRow,
  change: {
    reference: string | null;
    paypalStatus?: string;
    paypalItemId?: string;
    action: string;
    detail: string;
  },
  actor: Actor,
  now: Date,
): Promise<{ influencerId: number; notice: PayoutNotice }> {
  await tx
    .update(payouts)
    .set({
      status: 'completed',
      completedAt: now,
      reference: change.reference,
      ...(change.paypalStatus ? { paypalStatus: change.paypalStatus } : {}),
      ...(change.paypalItemId ? { paypalItemId: change.paypalItemId } : {}),
      updatedAt: now,
    })
    .where(eq(payouts.id, payout.id));
  await tx
    .update(transactions)
    .set({ status: 'completed', updatedAt: now })
    .where(eq(transactions.payoutId, payout.id));
  await recordPayoutEvent(tx, {
    payoutId: payout.id,
    action: change.action,
    actorUserId: actor.userId,
    actorName: actor.name,
    detail: change.detail,
    at: now,
  });
  await notifyCreator(tx, payout.influencerId, creatorNotice.payoutPaid(payout.id, payout.amount), now);
  return {
    influencerId: payout.influencerId,
    notice: {
      kind: 'paid',
      payoutId: payout.id,
      amount: payout.amount,
      paypalEmail: payout.paypalEmail,
      reference: change.reference,
    },
  };
}

/**
 * A locked payout did not reach the creator (failed, returned, or an admin marked it failed): the Mint comes back
 * with a `reversal` entry whose unique reference makes it happen once, whatever calls this twice.
 */
export async function settleBack(
  tx: DatabaseOrTransaction,
  payout: PayoutRow,
  change: { status: 'failed' | 'returned'; reason: string; paypalStatus?: string; action: string },
  actor: Actor,
  now: Date,
): Promise<{ influencerId: number; notice: PayoutNotice }> {
  await tx
    .update(payouts)
    .set({
      status: change.status,
      failedAt: now,
      failureReason: change.reason,
      ...(change.paypalStatus ? { paypalStatus: change.paypalStatus } : {}),
      updatedAt: now,
    })
    .where(eq(payouts.id, payout.id));
  await postLedgerEntry(tx, {
    influencerId: payout.influencerId,
    amount: payout.amount,
    kind: 'reversal',
    reference: `reversal:payout:${payout.id}`,
    description: `${payoutLabel(payout.id)} ${change.status === 'returned' ? 'returned' : 'failed'}: Mint returned`,
  });
  await tx
    .update(transactions)
    .set({ status: 'failed', updatedAt: now })
    .where(eq(transactions.payoutId, payout.id));
  await recordPayoutEvent(tx, {
    payoutId: payout.id,
    action: change.action,
    actorUserId: actor.userId,
    actorName: actor.name,
    detail: change.reason,
    at: now,
  });
  await notifyCreator(
    tx,
    payout.influencerId,
    creatorNotice.payoutBack(payout.id, payout.amount, change.status, change.reason),
    now,
  );
  return {
    influencerId: payout.influencerId,
    notice: {
      kind: change.status,
      payoutId: payout.id,
      amount: payout.amount,
      paypalEmail: payout.paypalEmail,
      reason: change.reason,
      balance: await balanceOf(tx, payout.influencerId),
    },
  };
}

/** Locks the payouts in id order (so two admins never deadlock) and checks that every one can be started. */
async function lockPendingPayouts(tx: DatabaseOrTransaction, ids: number[]): Promise<PayoutRow[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const locked: PayoutRow[] = [];
  for (const id of unique) {
    const payout = await lockPayout(tx, id);
    if (!payout) throw new AppError('NOT_FOUND', `Payout #${id} was not found.`);
    const held = await payoutHeldMessage(tx, payout.influencerId, payoutLabel(id));
    if (held) throw new AppError('CONFLICT', held);
    if (payout.status !== 'pending') {
      throw new AppError(
        'CONFLICT',
        `${payoutLabel(id)} is ${payout.status}, so it cannot be processed again. Refresh the list.`,
      );
    }
    locked.push(payout);
  }
  return locked;
}

/**
 * Process Payment. Manual: the payouts become "processing" (the creator can no longer cancel them) while the admin
 * pays them by hand; each is then marked paid with a reference, or failed. PayPal: they go out in one PayPal batch
 * whose sender_batch_id is ours (random, saved before the call), so a retry can never pay twice.
 */
export async function processPayouts(
  ctx: PayoutContext,
  input: { ids: number[]; mode: PayoutMode },
  admin: AuditActor,
): Promise<ProcessResult> {
  if (input.mode === 'paypal' && !ctx.paypal) {
    throw new AppError(
      'CONFLICT',
      'PayPal is not configured on this server: pay by hand and mark each payout paid with its reference.',
    );
  }
  const started = await ctx.db.transaction(async (tx) => {
    const locked = await lockPendingPayouts(tx, input.ids);
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
          nextCheckAt: ctx.now,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
    }
    for (const payout of locked) {
      await tx
        .update(payouts)
        .set({
          status: 'processing',
          mode: input.mode,
          batchId: batch?.id ?? null,
          startedAt: ctx.now,
          updatedAt: ctx.now,
        })
        .where(eq(payouts.id, payout.id));
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
  const submitted = await submitBatch(ctx, started.batch.id);
  return {
    mode: input.mode,
    ids: started.ids,
    paypal: { senderBatchId: started.batch.senderBatchId, ...submitted },
  };
}

/**
 * An admin paid a manual payout by hand: completed, with the reference they give. Also a PayPal payout whose result
 * PayPal gave in a form we cannot read (the admins were alerted): the admin checked it in PayPal.
 */
export async function markPaid(ctx: PayoutContext, id: number, reference: string, admin: AuditActor) {
  const result = await ctx.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, id);
    if (!payout) throw new AppError('NOT_FOUND', `Payout #${id} was not found.`);
    if (payout.status === 'pending') {
      throw new AppError(
        'CONFLICT',
        'Start processing this payout first (Process Payment), so the creator cannot cancel it while you pay.',
      );
    }
    if (payout.status !== 'processing') {
      throw new AppError('CONFLICT', `${payoutLabel(id)} is ${payout.status} already.`);
    }
    if (payout.mode !== 'manual' && !(await needsAdmin(tx, id))) {
      throw new AppError('CONFLICT', 'PayPal is paying this payout: its result comes from PayPal.');
    }
    await recordAdminAction(tx, admin, {
      action: 'payout.mark_paid',
      entityType: 'payout',
      entityId: id,
      before: { status: payout.status, reference: payout.reference },
      after: { status: 'completed', reference },
      at: ctx.now,
    });
    return settlePaid(
      tx,
      payout,
      { reference, action: 'marked_paid', detail: `Reference: ${reference}` },
      admin,
      ctx.now,
    );
  });
  await sendPayoutNotices(ctx, [result]);
}

/**
 * An admin marks a payout failed (pending, being paid by hand, or a PayPal payout whose result we cannot read) with a
 * reason: the Mint goes back.
 */
export async function markFailed(ctx: PayoutContext, id: number, reason: string, admin: AuditActor) {
  const result = await ctx.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, id);
    if (!payout) throw new AppError('NOT_FOUND', `Payout #${id} was not found.`);
    if (payout.status === 'processing' && payout.mode === 'paypal' && !(await needsAdmin(tx, id))) {
      throw new AppError('CONFLICT', 'PayPal is paying this payout: its result comes from PayPal.');
    }
    if (payout.status !== 'pending' && payout.status !== 'processing') {
      throw new AppError('CONFLICT', `${payoutLabel(id)} is ${payout.status} already.`);
    }
    await recordAdminAction(tx, admin, {
      action: 'payout.mark_failed',
      entityType: 'payout',
      entityId: id,
      before: { status: payout.status, failureReason: payout.failureReason, mintReturned: 0 },
      after: { status: 'failed', failureReason: reason, mintReturned: payout.amount },
      at: ctx.now,
    });
    return settleBack(tx, payout, { status: 'failed', reason, action: 'marked_failed' }, admin, ctx.now);
  });
  await sendPayoutNotices(ctx, [result]);
}

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

/** The payout event that marks a payout whose PayPal result we cannot read: admins were told, and may settle it. */
export const NEEDS_ADMIN_ACTION = 'paypal_unreadable';

async function needsAdmin(tx: DatabaseOrTransaction, payoutId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payoutEvents.id })
    .from(payoutEvents)
    .where(and(eq(payoutEvents.payoutId, payoutId), eq(payoutEvents.action, NEEDS_ADMIN_ACTION)))
    .limit(1);
  return row !== undefined;
}

/**
 * PayPal told us something about a locked payout that we cannot read (a status it does not document, or no status
 * for an item of a finished batch): the payout is left as it is, and the admins are told once (however often the
 * job reads it), with what to do. From then on an admin may mark it paid or failed by hand.
 */
async function flagForAdmins(
  ctx: PayoutContext,
  tx: DatabaseOrTransaction,
  payout: PayoutRow,
  what: string,
): Promise<void> {
  ctx.logger.warn({ payoutId: payout.id, paypal: what }, 'PayPal answered a payout status we cannot read');
  if (await needsAdmin(tx, payout.id)) return;
  await recordPayoutEvent(tx, {
    payoutId: payout.id,
    action: NEEDS_ADMIN_ACTION,
    actorUserId: null,
    actorName: PAYPAL_ACTOR.name,
    detail: what,
    at: ctx.now,
  });
  await notifyAdmins(tx, adminNotice.payoutNeedsAttention(payout.id, what), ctx.now);
}

/** Settles what PayPal says about one item of the batch (each payout in its own transaction, with its row lock). */
async function applyItem(
  ctx: PayoutContext,
  payoutId: number,
  item: PaypalPayoutItem | undefined,
  batchStatus: string,
): Promise<{ influencerId: number; notice: PayoutNotice } | null> {
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
export async function refreshBatch(ctx: PayoutContext, batchId: number): Promise<{ open: number }> {
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
  const notices: Array<{ influencerId: number; notice: PayoutNotice }> = [];
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

/**
 * Sends a saved batch to PayPal, or sends it again with the same sender_batch_id and PayPal-Request-Id when an
 * earlier call got no clear answer. PayPal answers a repeat with the first result or with the duplicate refusal that
 * links the original batch: either way we learn its payout_batch_id and nothing is paid twice. A definite refusal
 * (a 4xx: nothing was paid) puts the payouts back to pending with PayPal's reason.
 */
export async function submitBatch(
  ctx: PayoutContext,
  batchId: number,
): Promise<{ outcome: 'submitted' | 'retrying' | 'refused'; message: string }> {
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
      // Adopt the original only if it is really ours.
      const original = await paypal.getBatch(created.payoutBatchId);
      if (original.senderBatchId !== batch.senderBatchId) {
        throw new Error(`PayPal linked batch ${created.payoutBatchId}, which is not ${batch.senderBatchId}`);
      }
    }
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
    await refreshBatch(ctx, batch.id).catch((error: unknown) =>
      ctx.logger.warn({ err: error, batchId: batch.id }, 'payout batch status not read yet'),
    );
    return { outcome: 'submitted', message: `PayPal took the batch (${created.payoutBatchId}).` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const definite =
      error instanceof PaypalApiError && !error.outcomeUnknown && duplicateBatchId(error) === undefined;
    if (definite) {
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
          await tx
            .update(payouts)
            .set({ status: 'pending', mode: null, batchId: null, startedAt: null, updatedAt: ctx.now })
            .where(eq(payouts.id, payout.id));
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
      ctx.logger.warn({ batchId: batch.id, err: error }, 'PayPal refused a payout batch');
      return { outcome: 'refused', message };
    }
    await ctx.db
      .update(payoutBatches)
      .set({
        attempts: sql`${payoutBatches.attempts} + 1`,
        lastError: message,
        nextCheckAt: new Date(ctx.now.getTime() + nextCheckDelay(batch.attempts)),
        updatedAt: ctx.now,
      })
      .where(and(eq(payoutBatches.id, batch.id), eq(payoutBatches.status, 'submitting')));
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

/**
 * The payout job: sends batches PayPal has not confirmed again and reads the status of open ones, each when it is
 * due. Batches are claimed first (their next check moves on), so several app instances do not work on the same one.
 */
export async function pollPayouts(
  ctx: PayoutContext,
): Promise<{ submitted: number; refreshed: number; errors: number }> {
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
        await submitBatch(ctx, batch.id);
        result.submitted += 1;
      } else {
        await refreshBatch(ctx, batch.id);
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
  ctx: PayoutContext,
  startedAt: Date,
): Promise<{ resumed: number; submitted: number; errors: number }> {
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
      const sent = await submitBatch(ctx, batch.id);
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

/**
 * A PayPal webhook (PAYMENT.PAYOUTS-ITEM.* / PAYMENT.PAYOUTSBATCH.*): verified with PayPal, then it only triggers the
 * same status refresh as the job (its body is never trusted for the status).
 */
export async function handlePaypalWebhook(
  ctx: PayoutContext,
  request: { rawBody: string; headers: { get(name: string): string | null | undefined } },
): Promise<{ refreshed: boolean }> {
  const paypal = ctx.paypal;
  if (!paypal?.webhookId) {
    throw new AppError('UNAVAILABLE', 'PayPal webhooks are not configured on this server.');
  }
  let verified: boolean;
  try {
    verified = await paypal.verifyWebhookSignature(request.headers, request.rawBody);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'PayPal webhook verification failed to run');
    throw new AppError(
      'UNAVAILABLE',
      'The webhook could not be verified with PayPal right now. Please retry.',
    );
  }
  if (!verified) throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
  const event = JSON.parse(request.rawBody) as {
    id?: string;
    event_type?: string;
    resource?: {
      payout_batch_id?: string;
      batch_header?: { payout_batch_id?: string };
      payout_item?: { sender_item_id?: string };
    };
  };
  const type = typeof event.event_type === 'string' ? event.event_type : '';
  if (!type.startsWith('PAYMENT.PAYOUTS')) {
    ctx.logger.info(
      { eventType: type, eventId: event.id },
      'PayPal webhook that is not about payouts: ignored',
    );
    return { refreshed: false };
  }
  const known = isKnownPayoutEvent(type);
  if (!known) {
    ctx.logger.warn(
      { eventType: type, eventId: event.id },
      'PayPal sent a payout event it does not document',
    );
  }
  const paypalBatchId = event.resource?.payout_batch_id ?? event.resource?.batch_header?.payout_batch_id;
  if (!paypalBatchId) return { refreshed: false };
  const [batch] = await ctx.db
    .select({ id: payoutBatches.id })
    .from(payoutBatches)
    .where(eq(payoutBatches.paypalBatchId, paypalBatchId))
    .limit(1);
  if (!batch) return { refreshed: false };
  if (!known) await flagUnknownEvent(ctx, batch.id, type, event.resource?.payout_item?.sender_item_id);
  await refreshBatch(ctx, batch.id);
  return { refreshed: true };
}

/**
 * A verified payout event of a type PayPal does not document, about one of our batches: the refresh still reads
 * PayPal's record, and the admins are told once per payout and event type (PayPal retries webhooks).
 */
async function flagUnknownEvent(ctx: PayoutContext, batchId: number, type: string, itemId?: string) {
  const members = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.batchId, batchId))
    .orderBy(asc(payouts.id));
  const named = members.filter((m) => senderItemId(m.id) === itemId);
  await ctx.db.transaction(async (tx) => {
    for (const member of named.length > 0 ? named : members) {
      const payout = await lockPayout(tx, member.id);
      if (!payout) continue;
      const [seen] = await tx
        .select({ id: payoutEvents.id })
        .from(payoutEvents)
        .where(
          and(
            eq(payoutEvents.payoutId, payout.id),
            eq(payoutEvents.action, 'paypal_unknown_event'),
            eq(payoutEvents.detail, type),
          ),
        )
        .limit(1);
      if (seen) continue;
      await recordPayoutEvent(tx, {
        payoutId: payout.id,
        action: 'paypal_unknown_event',
        actorUserId: null,
        actorName: PAYPAL_ACTOR.name,
        detail: type,
        at: ctx.now,
      });
      await notifyAdmins(tx, adminNotice.payoutUnknownEvent(payout.id, type), ctx.now);
    }
  });
}
