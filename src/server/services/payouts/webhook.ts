import { and, asc, eq } from 'drizzle-orm';
import { lockPayout, recordPayoutEvent } from '../../../db/queries/payout-records';
import { payoutBatches, payoutEvents, payouts } from '../../../db/schema/payouts';
import { AppError } from '../../http/errors';
import { isKnownPayoutEvent } from '../../integrations/paypal/paypal-statuses';
import { adminNotice, notifyAdmins } from '../notifications';
import { type AtInstant, atInstant, type ServiceContext } from '../service-context';
import { senderItemId } from './batch-schedule';
import { refreshBatch } from './refresh-batch';
import { PAYPAL_ACTOR } from './settle';

/**
 * A PayPal webhook (PAYMENT.PAYOUTS-ITEM.* / PAYMENT.PAYOUTSBATCH.*): verified with PayPal, then it only triggers the
 * same status refresh as the job (its body is never trusted for the status).
 */
export async function handlePaypalWebhook(
  services: ServiceContext,
  request: { rawBody: string; headers: { get(name: string): string | null | undefined } },
): Promise<{ refreshed: boolean }> {
  const ctx = atInstant(services);
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
  await refreshBatch(services, batch.id);
  return { refreshed: true };
}

/**
 * A verified payout event of a type PayPal does not document, about one of our batches: the refresh still reads
 * PayPal's record, and the admins are told once per payout and event type (PayPal retries webhooks).
 */
async function flagUnknownEvent(ctx: AtInstant, batchId: number, type: string, itemId?: string) {
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
