import { lockPayout } from '../../../db/queries/payout-records';
import { payoutLabel } from '../../../shared/payouts';
import { AppError } from '../../http/errors';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { atInstant, type ServiceContext } from '../service-context';
import { needsAdmin } from './attention';
import { checkPayoutMove } from './move';
import { sendPayoutNotices } from './notices';
import { settleBack, settlePaid } from './settle';

/**
 * An admin paid a manual payout by hand: completed, with the reference they give. Also a PayPal payout whose result
 * PayPal gave in a form we cannot read (the admins were alerted): the admin checked it in PayPal.
 */
export async function markPaid(services: ServiceContext, id: number, reference: string, admin: AuditActor) {
  const ctx = atInstant(services);
  const result = await ctx.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, id);
    if (!payout) throw new AppError('NOT_FOUND', `Payout #${id} was not found.`);
    checkPayoutMove(payout, 'mark_paid', 'admin', (status) =>
      status === 'pending'
        ? 'Start processing this payout first (Process Payment), so the creator cannot cancel it while you pay.'
        : `${payoutLabel(id)} is ${status} already.`,
    );
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
export async function markFailed(services: ServiceContext, id: number, reason: string, admin: AuditActor) {
  const ctx = atInstant(services);
  const result = await ctx.db.transaction(async (tx) => {
    const payout = await lockPayout(tx, id);
    if (!payout) throw new AppError('NOT_FOUND', `Payout #${id} was not found.`);
    if (payout.status === 'processing' && payout.mode === 'paypal' && !(await needsAdmin(tx, id))) {
      throw new AppError('CONFLICT', 'PayPal is paying this payout: its result comes from PayPal.');
    }
    checkPayoutMove(payout, 'mark_failed', 'admin', (status) => `${payoutLabel(id)} is ${status} already.`);
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
