import {
  lockApplicationByTracker,
  lockPendingTrackingEvent,
  markTrackingEventApplied,
  pendingTrackingEventIds,
} from '../../../db/queries/tracking';
import { AppError } from '../../http/errors';
import { isJson, WEBHOOK_NOT_JSON } from '../../http/webhook-body';
import type { TrackerView } from '../../integrations/tracking/easypost-tracking';
import { sendCreatorMail } from '../creator-mail';
import { atInstant, type ServiceContext } from '../service-context';
import { applyCarrierStatus } from './apply-carrier-status';
import { keepTrackingEventOnce } from './tracking-inbox';
import { type CarrierNotice, carrierMail } from './tracking-notices';

/**
 * A tracking webhook (issue 38): verified with the shared secret (X-Hmac-Signature), then only kept by its Event id
 * so the answer is fast; the tracking-events job applies it. A repeated Event is kept once. The answer waits for
 * the row's commit (a group commit with the Events arriving meanwhile, tracking-inbox.ts). Refused: a body that is
 * not JSON (400, asked only when the verification fails: the verifying parse is the only one), then 503 when
 * tracking is off, then 401.
 */
export async function receiveTrackingWebhook(
  services: ServiceContext,
  rawBody: string,
  headers: Pick<Headers, 'get'>,
) {
  const event = services.tracking?.verifyWebhook(rawBody, headers);
  if (!event) {
    if (!isJson(rawBody)) throw new AppError('BAD_REQUEST', WEBHOOK_NOT_JSON);
    if (!services.tracking) throw new AppError('UNAVAILABLE', 'Carrier tracking is not configured.');
    throw new AppError('UNAUTHORIZED', 'The webhook signature is missing or does not match.');
  }
  const kept = await keepTrackingEventOnce(services.db, {
    eventId: event.id,
    trackerId: event.tracker.id,
    tracker: event.tracker,
    receivedAt: services.now(),
  });
  return { repeated: !kept };
}

/** How many kept events one run applies at most (the rest wait for the next run). */
export const TRACKING_EVENTS_PER_RUN = 2_000;

/**
 * The tracking-events job: applies kept webhook Events in the order they arrived, each in its own transaction with
 * its application locked (another worker skips an event being applied). An event for no known tracker is set aside
 * as applied. Mails are sent after each commit.
 */
export async function applyTrackingEvents(services: ServiceContext, limit = TRACKING_EVENTS_PER_RUN) {
  const result = { applied: 0, mailed: 0 };
  for (const eventId of await pendingTrackingEventIds(services.db, limit)) {
    const ctx = atInstant(services);
    const outcome = await ctx.db.transaction(async (tx) => {
      const event = await lockPendingTrackingEvent(tx, eventId);
      if (!event) return null;
      const tracker = event.tracker as TrackerView;
      const locked = await lockApplicationByTracker(tx, tracker.id);
      const notice = locked ? await applyCarrierStatus(tx, locked, tracker, ctx.now) : null;
      await markTrackingEventApplied(tx, eventId, ctx.now);
      return { notice, email: locked?.creator.email ?? null };
    });
    if (!outcome) continue;
    result.applied += 1;
    if (outcome.notice && outcome.email) {
      await mailCreator(ctx, outcome.email, outcome.notice);
      result.mailed += 1;
    }
  }
  return result;
}

async function mailCreator(ctx: ReturnType<typeof atInstant>, to: string, notice: CarrierNotice) {
  await sendCreatorMail(
    ctx,
    'shipping_delivery',
    carrierMail(ctx.appUrl, to, notice),
    `carrier-${notice.kind}`,
  );
}
