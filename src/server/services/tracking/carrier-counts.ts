import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { applications } from '../../../db/schema/applications';
import { campaigns } from '../../../db/schema/campaigns';
import { AppError } from '../../http/errors';
import type { TrackerStatus } from '../../integrations/tracking/easypost-tracking';
import { atInstant, type ServiceContext } from '../service-context';

/** A tracker with no new carrier event for this long is flagged on the shipping board (issue 38). */
export const SILENT_TRACKER_DAYS = 7;

/** The board's words for each carrier status, in the order a box goes. */
const STATUS_WORDS: Array<[TrackerStatus, string]> = [
  ['pre_transit', 'label created'],
  ['in_transit', 'in transit'],
  ['out_for_delivery', 'out for delivery'],
  ['available_for_pickup', 'ready for pickup'],
  ['delivered', 'delivered'],
  ['return_to_sender', 'returned'],
  ['failure', 'failed'],
  ['cancelled', 'cancelled'],
  ['error', 'tracking error'],
  ['unknown', 'unknown'],
];
const FINAL: readonly string[] = ['delivered', 'return_to_sender', 'failure', 'cancelled'];

/**
 * One campaign's tracked boxes per carrier status ("14 in transit · 3 out for delivery · 1 returned"), and how many
 * trackers have been silent for SILENT_TRACKER_DAYS without reaching a final status.
 */
export async function carrierStatusCounts(services: ServiceContext, campaignId: number) {
  const ctx = atInstant(services);
  const [campaign] = await ctx.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign not found');
  const silentSince = new Date(ctx.now.getTime() - SILENT_TRACKER_DAYS * 86_400_000);
  const rows = await ctx.db
    .select({
      status: applications.carrierStatus,
      boxes: count(),
      silent: sql<number>`count(*) filter (where ${applications.carrierStatusAt} < ${silentSince.toISOString()}::timestamptz and ${applications.carrierStatus} not in ('delivered','return_to_sender','failure','cancelled'))`,
    })
    .from(applications)
    .where(and(eq(applications.campaignId, campaignId), isNotNull(applications.trackerId)))
    .groupBy(applications.carrierStatus);
  const counts: Record<string, number> = {};
  let silent = 0;
  for (const row of rows) {
    counts[row.status ?? 'unknown'] = (counts[row.status ?? 'unknown'] ?? 0) + Number(row.boxes);
    silent += Number(row.silent);
  }
  const summary = STATUS_WORDS.filter(([status]) => counts[status])
    .map(([status, words]) => `${counts[status]} ${words}`)
    .join(' · ');
  return { counts, silent, summary, final: FINAL.reduce((sum, s) => sum + (counts[s] ?? 0), 0) };
}
