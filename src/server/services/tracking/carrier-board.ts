import { and, asc, eq, isNotNull, isNull, lt, notInArray, or, type SQL } from 'drizzle-orm';
import { applications } from '../../../db/schema/applications';
import { creators } from '../../../db/schema/creators';
import { atInstant, type ServiceContext } from '../service-context';
import { SILENT_TRACKER_DAYS } from './carrier-counts';

/** The board lists at most this many boxes for one filter (the counts above it are always whole). */
export const BOARD_BOXES_LIMIT = 200;
const FINAL = ['delivered', 'return_to_sender', 'failure', 'cancelled'];

/** A filter of the shipping board: one carrier status (EasyPost's names), or the trackers silent for 7 days. */
export type BoardFilter = { status: string } | { silent: true } | null;

/**
 * The shipping board's boxes of one campaign (issue 38): the tracked boxes with the chosen carrier status, or the
 * trackers with no event for SILENT_TRACKER_DAYS that have not reached a final status; all tracked boxes without a
 * filter. Each says whose box it is, its number, its status, its last carrier event and whether it is silent.
 */
export async function carrierBoardBoxes(services: ServiceContext, campaignId: number, filter: BoardFilter) {
  const ctx = atInstant(services);
  const silentSince = new Date(ctx.now.getTime() - SILENT_TRACKER_DAYS * 86_400_000);
  const conditions: SQL[] = [eq(applications.campaignId, campaignId), isNotNull(applications.trackerId)];
  if (filter && 'status' in filter) {
    const status = eq(applications.carrierStatus, filter.status);
    // The counts name a tracker without a status 'unknown', so the filter finds it there too.
    conditions.push(
      filter.status === 'unknown' ? (or(status, isNull(applications.carrierStatus)) as SQL) : status,
    );
  }
  if (filter && 'silent' in filter) {
    conditions.push(
      lt(applications.carrierStatusAt, silentSince),
      notInArray(applications.carrierStatus, FINAL),
    );
  }
  const rows = await ctx.db
    .select({
      applicationId: applications.id,
      creator: creators.name,
      carrier: applications.carrier,
      trackingNumber: applications.trackingNumber,
      status: applications.carrierStatus,
      lastEventAt: applications.carrierStatusAt,
      estimatedDelivery: applications.carrierEstDelivery,
    })
    .from(applications)
    .innerJoin(creators, eq(creators.id, applications.creatorId))
    .where(and(...conditions))
    .orderBy(asc(applications.carrierStatusAt), asc(applications.id))
    .limit(BOARD_BOXES_LIMIT);
  return rows.map((row) => ({
    ...row,
    lastEventAt: row.lastEventAt?.toISOString() ?? null,
    silent: !!row.lastEventAt && row.lastEventAt < silentSince && !FINAL.includes(row.status ?? 'unknown'),
  }));
}
