import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, or } from 'drizzle-orm';
import { lockApplication } from '../../../db/queries/applications';
import { applications } from '../../../db/schema/applications';
import { AppError } from '../../errors';
import { sendCreatorMail } from '../creator-mail';
import { atInstant, type ServiceContext } from '../service-context';
import { applyCarrierStatus } from './apply-carrier-status';
import { registerTracking, trackerColumns } from './register-tracking';
import { carrierMail } from './tracking-notices';

/** Trackers read again per run at most, and registrations tried again (the rest wait for the next run). */
export const REFRESH_LIMIT = 500;
/** A tracker is read again when its last carrier event is older than this (a webhook may have been missed). */
const QUIET_MS = 12 * 3_600_000;
const FINAL = ['delivered', 'return_to_sender', 'failure', 'cancelled'];

/**
 * The tracking-refresh job (issue 38): boxes shipped while the tracking service could not be reached are registered
 * again; trackers that have been quiet for 12 hours and are not final are read again and applied the way a webhook
 * Event is (older states never move a box backwards, the same status changes nothing).
 */
export async function refreshTrackers(services: ServiceContext, limit = REFRESH_LIMIT) {
  const result = { registered: 0, refused: 0, read: 0, failed: 0 };
  const tracking = services.tracking;
  if (!tracking) return result;
  const start = atInstant(services);
  const untracked = await start.db
    .select({
      id: applications.id,
      carrier: applications.carrier,
      trackingNumber: applications.trackingNumber,
    })
    .from(applications)
    .where(
      and(
        eq(applications.status, 'shipped'),
        isNull(applications.trackerId),
        isNotNull(applications.trackingNumber),
      ),
    )
    .orderBy(asc(applications.id))
    .limit(limit);
  for (const row of untracked) {
    try {
      const tracker = await registerTracking(start, {
        trackingNumber: row.trackingNumber!,
        carrier: row.carrier,
      });
      if (!tracker) continue;
      await start.db
        .update(applications)
        .set(trackerColumns(tracker))
        .where(and(eq(applications.id, row.id), isNull(applications.trackerId)));
      result.registered += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.refused += 1;
      start.logger.warn(
        { applicationId: row.id, reason: error.message },
        'a shipped number is refused by tracking',
      );
    }
  }
  const quiet = await start.db
    .select({ id: applications.id, trackerId: applications.trackerId })
    .from(applications)
    .where(
      and(
        isNotNull(applications.trackerId),
        inArray(applications.status, ['shipped', 'delivered']),
        or(isNull(applications.carrierStatus), notInArray(applications.carrierStatus, FINAL)),
        lt(applications.carrierStatusAt, new Date(start.now.getTime() - QUIET_MS)),
        gt(applications.shippedAt, new Date(start.now.getTime() - 90 * 86_400_000)),
      ),
    )
    .orderBy(asc(applications.carrierStatusAt))
    .limit(limit);
  for (const row of quiet) {
    let tracker: Awaited<ReturnType<typeof tracking.read>>;
    try {
      tracker = await tracking.read(row.trackerId!);
    } catch (error) {
      result.failed += 1;
      start.logger.warn({ err: error, applicationId: row.id }, 'a tracker could not be read again');
      continue;
    }
    const ctx = atInstant(services);
    const outcome = await ctx.db.transaction(async (tx) => {
      const locked = await lockApplication(tx, row.id);
      if (!locked || locked.application.trackerId !== tracker.id) return null;
      return {
        notice: await applyCarrierStatus(tx, locked, tracker, ctx.now),
        email: locked.influencer.email,
      };
    });
    result.read += 1;
    if (outcome?.notice) {
      const message = carrierMail(ctx.appUrl, outcome.email, outcome.notice);
      await sendCreatorMail(ctx, 'shipping_delivery', message, `carrier-${outcome.notice.kind}`);
    }
  }
  return result;
}
