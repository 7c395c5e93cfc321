import {
  adminCampaignExists,
  adminCampaignStats,
  getAdminCampaign,
  listAdminCampaigns,
} from '../../db/queries/admin-campaigns';
import { listApplicants } from '../../db/queries/applications';
import { engagementOf } from '../../db/queries/content-metrics-writes';
import { choicesOf } from '../../db/queries/products';
import {
  type ApplicantCursor,
  applicantPage,
  applicantStatusCounts,
  reliabilityOf,
} from '../../db/queries/reliability';
import {
  type ApplicationStatus,
  CLOSED_STATUSES,
  IN_PROGRESS_STATUSES,
  TO_REVIEW_STATUSES,
} from '../../shared/lifecycle/statuses';
import type { ApplicantGroup, ApplicantsQuery } from '../../shared/schemas/reliability';
import { AppError } from '../http/errors';
import { keptAdminAnswer } from './admin-answers';
import type { ServiceContext } from './service-context';
import { withShippingDetails } from './shipping';

/** The admins' reads of campaigns (/admin/campaigns and a campaign's review page); the writes are in campaign-admin.ts. */

export function campaignStats(ctx: ServiceContext) {
  return adminCampaignStats(ctx.db);
}

export function campaignList(ctx: ServiceContext, query: Parameters<typeof listAdminCampaigns>[1]) {
  return listAdminCampaigns(ctx.db, query);
}

/** One campaign as the admins see it (any status, with its accepted count); 404 when there is none. */
export async function adminCampaign(ctx: ServiceContext, id: number) {
  const campaign = await getAdminCampaign(ctx.db, id);
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign Not Found');
  return campaign;
}

/** The review's status groups (the same sets as the creator's and the lifecycle's). */
const GROUP_STATUSES: Record<ApplicantGroup, readonly ApplicationStatus[] | null> = {
  all: null,
  review: TO_REVIEW_STATUSES,
  progress: IN_PROGRESS_STATUSES,
  approved: ['approved'],
  closed: CLOSED_STATUSES,
};

/** The last instant a Date can hold (ms since 1970). */
const MAX_TIME = 8.64e15;

/** "1732012345678:42" (newest) or "3:0:42" (on time): the key of the last row of the previous page. */
function readCursor(cursor: string | undefined): ApplicantCursor | null {
  if (!cursor) return null;
  const parts = cursor.split(':').map(Number);
  if (parts.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    if (parts.length === 2 && parts[0]! <= MAX_TIME)
      return { sort: 'newest', createdAt: new Date(parts[0]!), id: parts[1]! };
    if (parts.length === 3) return { sort: 'on_time', onTime: parts[0]!, missed: parts[1]!, id: parts[2]! };
  }
  throw new AppError('VALIDATION_FAILED', 'The cursor is not valid.', {}, undefined, 'cursor');
}

function writeCursor(cursor: ApplicantCursor | null): string | null {
  if (!cursor) return null;
  return cursor.sort === 'newest'
    ? `${cursor.createdAt.getTime()}:${cursor.id}`
    : `${cursor.onTime}:${cursor.missed}:${cursor.id}`;
}

/**
 * One page of a campaign's applicants (issue 28: keyset, never the whole list) with their shipping details,
 * reliability records (issue 27) and engagement, and how many applicants each status group holds; 404 when the
 * campaign does not exist.
 */
export async function campaignApplicants(ctx: ServiceContext, id: number, query: ApplicantsQuery) {
  const missedNone = query.missed === 'none';
  // The 404 check reads the campaign's row only (its accepted count costs what the campaign holds), beside the page.
  const [exists, page, statusCounts] = await Promise.all([
    adminCampaignExists(ctx.db, id),
    applicantPage(ctx.db, {
      campaignId: id,
      statuses: GROUP_STATUSES[query.group],
      sort: query.sort,
      missedNone,
      after: readCursor(query.cursor),
      limit: query.limit,
    }),
    applicantStatusCounts(ctx.db, id, missedNone),
  ]);
  if (!exists) throw new AppError('NOT_FOUND', 'Campaign Not Found');
  const applicants = await withShippingDetails(ctx.db, await listApplicants(ctx.db, id, page.ids));
  // The page's creators only, by key: their reliability records and engagement (issue 28: a page's cost).
  const creatorIds = applicants.map((a) => a.creator.id);
  const [records, engagement, choices] = await Promise.all([
    reliabilityOf(ctx.db, creatorIds),
    engagementOf(ctx.db, creatorIds),
    choicesOf(
      ctx.db,
      applicants.map((a) => a.id),
    ),
  ]);
  const count = (statuses: readonly ApplicationStatus[] | null) =>
    [...statusCounts].reduce(
      (sum, [status, n]) => (!statuses || statuses.includes(status) ? sum + n : sum),
      0,
    );
  return {
    items: applicants.map((a) => ({
      ...a,
      reliability: records.get(a.creator.id)!,
      engagement: engagement.get(a.creator.id) ?? { engagementRate: 0, measuredPosts: 0 },
      choices: choices.get(a.id) ?? [],
    })),
    nextCursor: writeCursor(page.next),
    counts: {
      all: count(GROUP_STATUSES.all),
      review: count(GROUP_STATUSES.review),
      progress: count(GROUP_STATUSES.progress),
      approved: count(GROUP_STATUSES.approved),
      closed: count(GROUP_STATUSES.closed),
      awaitingShipment: count(['accepted']),
    },
  };
}

/**
 * The same page kept as ready bytes (decision 0049): the review page and the shipping list are read far more often
 * than what they show changes; forgotten on every write to what they read (services/admin-answers.ts).
 */
export function keptCampaignApplicants(ctx: ServiceContext, id: number, query: ApplicantsQuery) {
  const { group, sort, missed, limit, cursor } = query;
  return keptAdminAnswer(ctx.db, `applicants:${id}:${group}:${sort}:${missed}:${limit}:${cursor ?? ''}`, () =>
    campaignApplicants(ctx, id, query),
  );
}
