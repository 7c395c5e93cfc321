import { and, asc, gt, inArray, isNotNull, isNull, lt, notInArray, or } from 'drizzle-orm';
import { lockApplication } from '../../../db/queries/application-lifecycle-reads';
import { applications } from '../../../db/schema/applications';
import { sendCreatorMail } from '../creator-mail';
import { atInstant, type ServiceContext } from '../service-context';
import { applyCarrierStatus } from './apply-carrier-status';
import { carrierMail } from './tracking-notices';

/** Trackers read again per run at most (the rest wait for the next run). */
export const REFRESH_LIMIT = 500;
/** A tracker is read again when its last carrier event is older than this (a webhook may have been missed). */
const QUIET_MS = 12 * 3_600_000;
const FINAL = ['delivered', 'return_to_sender', 'failure', 'cancelled'];

/**
 * The tracking-refresh job (issue 38): trackers that have been quiet for 12 hours and are not final are read again
 * and applied the way a webhook Event is (older states never move a box backwards, the same status changes nothing),
 * in case a webhook was missed. Numbers that could not be registered are tried again by registration-retry.
 */
export async function refreshTrackers(services: ServiceContext, limit = REFRESH_LIMIT) {
  const result = { read: 0, failed: 0 };
  const tracking = services.tracking;
  if (!tracking) return result;
  const start = atInstant(services);
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
        email: locked.creator.email,
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
