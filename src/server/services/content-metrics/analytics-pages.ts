import type { Database } from '../../../db/client';
import { getAdminCampaign } from '../../../db/queries/admin-campaigns';
import {
  campaignCreatorsAfter,
  campaignPostCount,
  campaignPostsAfter,
  campaignTabCounts,
} from '../../../db/queries/content-metrics-pages';
import { listPostMetrics } from '../../../db/queries/content-metrics-posts';
import { PLATFORMS, type Platform } from '../../../shared/constants';
import {
  decodeCreatorCursor,
  decodePostCursor,
  encodeCreatorCursor,
  encodePostCursor,
} from '../../../shared/page-cursor';
import type {
  CampaignCreatorsPage,
  CampaignPostsPage,
  PostMetrics,
} from '../../../shared/schemas/content-metrics';
import { AppError } from '../../http/errors';
import { atInstant, type ServiceContext } from '../service-context';

/*
 * A campaign's posts and creators one page at a time (issue 28): the analytics answer carries each tab's first page
 * and counts; "Show more posts" and "Show more creators" read the next pages from the last row's cursor.
 */

/** Rows of a page the analytics answer carries, and the default page of the paged reads. */
export const ANALYTICS_PAGE_SIZE = 50;

export { campaignTabCounts };

async function requireCampaign(db: Database, campaignId: number) {
  const campaign = await getAdminCampaign(db, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign Not Found');
  return campaign;
}

interface PageQuery {
  platform: Platform;
  cursor?: string | undefined;
  limit?: number | undefined;
}

function badCursor(): never {
  throw new AppError('BAD_REQUEST', 'cursor is not valid: load the first page again');
}

/** Where a page starts and how many rows it shows: the query's cursor read by `decode` (400 when it is not one). */
function pageStart<Cursor>(query: PageQuery, decode: (text: string) => Cursor | null) {
  const cursor = query.cursor ? (decode(query.cursor) ?? badCursor()) : null;
  return { cursor, limit: query.limit ?? ANALYTICS_PAGE_SIZE };
}

/** The page shown out of `limit + 1` rows read, and the cursor after its last row (null on the last page). */
function shownPage<Row>(rows: Row[], limit: number, cursorAfter: (last: Row) => string) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorAfter(last) : null };
}

/** Posts of one tab after the cursor, with the tab's count (`total`: the caller counted them already). */
export async function postsPage(
  db: Database,
  campaignId: number,
  query: PageQuery,
  now: Date,
  total: number | null = null,
): Promise<CampaignPostsPage> {
  const { cursor, limit } = pageStart(query, decodePostCursor);
  const [rows, count] = await Promise.all([
    campaignPostsAfter(db, { campaignId, platform: query.platform, asOf: now, cursor, limit: limit + 1 }),
    total ?? campaignPostCount(db, campaignId, query.platform),
  ]);
  const { items, nextCursor } = shownPage(rows, limit, (last) =>
    encodePostCursor({
      views: last.views,
      interactions: last.interactions,
      submissionId: last.submissionId,
      postUrl: last.postUrl,
    }),
  );
  return { items, total: count, nextCursor };
}

/**
 * Creators with figures of one tab after the cursor, with the tab's count (`total`: the caller counted them; else
 * read with the page, or counted on its own for a page past the last creator).
 */
export async function creatorsPage(
  db: Database,
  campaignId: number,
  query: PageQuery,
  now: Date,
  total: number | null = null,
): Promise<CampaignCreatorsPage> {
  const { cursor, limit } = pageStart(query, decodeCreatorCursor);
  const page = await campaignCreatorsAfter(db, {
    campaignId,
    platform: query.platform,
    asOf: now,
    cursor,
    limit: limit + 1,
  });
  const { items, nextCursor } = shownPage(page.rows, limit, (last) =>
    encodeCreatorCursor({ interactions: last.interactions, views: last.views, creatorId: last.creatorId }),
  );
  return {
    items,
    total:
      total ??
      page.total ??
      (await campaignTabCounts(db, campaignId, now)).get(query.platform)?.creators ??
      0,
    nextCursor,
  };
}

/** GET /api/admin/campaigns/:id/analytics/posts: a page of a tab's posts (404 for a campaign that does not exist). */
export async function campaignPostsPage(services: ServiceContext, campaignId: number, query: PageQuery) {
  const { db, now } = atInstant(services);
  await requireCampaign(db, campaignId);
  return postsPage(db, campaignId, query, now);
}

/** GET /api/admin/campaigns/:id/analytics/creators: a page of a tab's creators with figures. */
export async function campaignCreatorsPage(services: ServiceContext, campaignId: number, query: PageQuery) {
  const { db, now } = atInstant(services);
  await requireCampaign(db, campaignId);
  return creatorsPage(db, campaignId, query, now);
}

/** Every post of a campaign, tab by tab (the platforms' order), most viewed first: the CSV export's lines. */
export async function campaignPostsForCsv(
  services: ServiceContext,
  campaignId: number,
): Promise<PostMetrics[]> {
  const { db, now } = atInstant(services);
  await requireCampaign(db, campaignId);
  const posts = await listPostMetrics(db, { campaignId }, now);
  return PLATFORMS.flatMap((platform) => posts.filter((p) => p.platform === platform));
}
