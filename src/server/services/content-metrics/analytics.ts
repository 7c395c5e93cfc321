import type { Database } from '../../../db/client';
import { getAdminCampaign } from '../../../db/queries/admin-campaigns';
import type { PostScope } from '../../../db/queries/content-metrics';
import { listPostMetrics } from '../../../db/queries/content-metrics-posts';
import { overviewRangeFacts } from '../../../db/queries/content-metrics-range';
import { dailySeries } from '../../../db/queries/content-metrics-series';
import {
  campaignBoxesShipped,
  campaignMintSpent,
  overviewFigures,
  totalsByPlatform,
  totalsOf,
} from '../../../db/queries/content-metrics-totals';
import { campaignAgeDemographics } from '../../../db/queries/instagram-connections';
import { shippedRetailValue } from '../../../db/queries/packing';
import { PLATFORMS } from '../../../shared/constants';
import { DEMOGRAPHICS_NOTE, PLATFORM_METRIC_NOTES } from '../../../shared/content-metrics';
import {
  type AnalyticsOverview,
  type CampaignAnalytics,
  EMPTY_METRIC_TOTALS,
  type MetricTotals,
  type MyAnalytics,
  OVERVIEW_DEFAULT_DAYS,
  type PlatformAnalytics,
} from '../../../shared/schemas/content-metrics';
import { AppError } from '../../http/errors';
import { atInstant, type ServiceContext } from '../service-context';
import { campaignTabCounts, creatorsPage, postsPage } from './analytics-pages';

/* The analytics pages: a campaign's, the admins' overview, the creator's own, and the applicants' engagement. */

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** What the costs divide: said beside them on the page. */
export const COST_BASIS = 'Mint credited for approved posts (1 Mint = 1 USD); product value not included';

/** The basis when the campaign states its product value: the boxes it shipped are counted at that value. */
export function costBasisWithBoxes(boxes: number, productValue: string): string {
  return `Mint credited for approved posts + product value of ${boxes} ${boxes === 1 ? 'box' : 'boxes'} shipped ($${Number(productValue).toFixed(2)} each; 1 Mint = 1 USD)`;
}

/** The basis of a campaign with products (issue 37): the retail value of the variants its shipped boxes held. */
export function costBasisWithVariants(boxes: number, cents: number): string {
  return `Mint credited for approved posts + retail value of the products in ${boxes} ${boxes === 1 ? 'box' : 'boxes'} shipped ($${(cents / 100).toFixed(2)}; 1 Mint = 1 USD)`;
}

/**
 * What the campaign's shipped boxes cost, in cents, and the basis said beside the costs: a campaign with products
 * counts the retail value of the variants actually shipped (issue 37); one without keeps its single product value
 * times the boxes shipped; with neither, only the Mint.
 */
async function boxCost(db: Database, campaignId: number, productValue: string | null) {
  const shipped = await shippedRetailValue(db, campaignId);
  if (shipped.variants) {
    return { cents: shipped.cents, basis: costBasisWithVariants(shipped.boxes, shipped.cents) };
  }
  if (productValue === null) return { cents: 0, basis: COST_BASIS };
  const boxes = await campaignBoxesShipped(db, campaignId);
  // Cents, so 3 boxes of $85.10 add up exactly; Mint are whole dollars.
  return {
    cents: boxes * Math.round(Number(productValue) * 100),
    basis: costBasisWithBoxes(boxes, productValue),
  };
}

/**
 * A campaign's analytics: one tab per platform it has posts on (and always its own platform), each with totals,
 * the change over 7 days, 30 days of daily totals, the first page of its posts and of its creators with their counts
 * (the next pages: analytics-pages.ts); cost per view and per engagement
 * from what was spent: the Mint credited for the campaign's approved posts (its `reward` ledger entries) plus what
 * its shipped boxes are worth (`boxCost`); null when nothing was spent or nothing was counted.
 */
export async function campaignAnalytics(
  services: ServiceContext,
  campaignId: number,
): Promise<CampaignAnalytics> {
  const { db, now } = atInstant(services);
  const campaign = await getAdminCampaign(db, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign Not Found');
  const scope: PostScope = { campaignId };
  const [counts, weekAgo, series, mintSpent, demographics] = await Promise.all([
    campaignTabCounts(db, campaignId, now),
    totalsByPlatform(db, scope, new Date(now.getTime() - 7 * DAY_MS)),
    dailySeries(db, scope, day(new Date(now.getTime() - 29 * DAY_MS)), day(now)),
    campaignMintSpent(db, campaignId),
    campaignAgeDemographics(db, campaignId),
  ]);
  const totals = new Map([...counts].map(([platform, count]) => [platform, count.totals]));
  const boxes = await boxCost(db, campaignId, campaign.productValue);
  const spent = (mintSpent * 100 + boxes.cents) / 100;
  const platforms = PLATFORMS.filter((p) => p === campaign.platform || (counts.get(p)?.posts ?? 0) > 0);
  // Each tab's first page of posts and of creators; the rest are read a page at a time (analytics-pages.ts).
  const firstPages = await Promise.all(
    platforms.map(async (platform) => {
      const count = counts.get(platform) ?? { posts: 0, creators: 0 };
      const [posts, creators] = await Promise.all([
        count.posts > 0 ? postsPage(db, campaignId, { platform }, now, count.posts) : null,
        // A campaign is on one platform, so its creators' rows are that platform's.
        platform === campaign.platform && count.creators > 0
          ? creatorsPage(db, campaignId, { platform }, now, count.creators)
          : null,
      ]);
      return { posts, creators };
    }),
  );
  const tabs: PlatformAnalytics[] = platforms.map((platform, index) => {
    const now_ = totals.get(platform) ?? EMPTY_METRIC_TOTALS;
    const before = weekAgo.get(platform) ?? EMPTY_METRIC_TOTALS;
    const { posts, creators } = firstPages[index]!;
    return {
      platform,
      note: PLATFORM_METRIC_NOTES[platform],
      totals: now_,
      weeklyChange: {
        views: (now_.views ?? 0) - (before.views ?? 0),
        interactions: now_.interactions - before.interactions,
      },
      series: series
        .filter((s) => s.platform === platform)
        .map(({ date, views, interactions }) => ({ date, views, interactions })),
      posts: posts?.items ?? [],
      postCount: posts?.total ?? 0,
      postsNextCursor: posts?.nextCursor ?? null,
      creators: creators?.items ?? [],
      creatorCount: creators?.total ?? 0,
      creatorsNextCursor: creators?.nextCursor ?? null,
    };
  });
  const budget = Number(campaign.budget);
  const views = [...totals.values()].reduce((sum, t) => sum + (t.views ?? 0), 0);
  const interactions = [...totals.values()].reduce((sum, t) => sum + t.interactions, 0);
  const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      brand: campaign.brand,
      status: campaign.status,
      platform: campaign.platform,
      budget,
    },
    mintSpent,
    costSpent: spent,
    costPerView: spent > 0 && views > 0 ? round4(spent / views) : null,
    costPerEngagement: spent > 0 && interactions > 0 ? round4(spent / interactions) : null,
    costBasis: boxes.basis,
    demographicsNote: DEMOGRAPHICS_NOTE,
    demographics,
    platforms: tabs,
  };
}

/** Every campaign's posts submitted from `from` to `to` (UTC days, included), figures as counted now. */
export async function analyticsOverview(
  services: ServiceContext,
  range: { from?: string | undefined; to?: string | undefined; range?: 'all' | undefined },
): Promise<AnalyticsOverview> {
  const { db, now } = atInstant(services);
  const allTime = range.range === 'all';
  const to = allTime ? day(now) : (range.to ?? day(now));
  let from =
    range.from ?? day(new Date(Date.parse(`${to}T00:00:00Z`) - (OVERVIEW_DEFAULT_DAYS - 1) * DAY_MS));
  if (allTime) {
    // All time: from the first post ever submitted (today when there is none).
    const { firstSubmittedAt } = await overviewRangeFacts(db, { from: now, before: now });
    from = firstSubmittedAt && day(firstSubmittedAt) < to ? day(firstSubmittedAt) : to;
  }
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    throw new AppError('BAD_REQUEST', 'from: not a calendar date');
  if (start >= end) throw new AppError('BAD_REQUEST', 'from must be on or before to');
  if (!allTime && end.getTime() - start.getTime() > 366 * 2 * DAY_MS)
    throw new AppError('BAD_REQUEST', 'to: the range can be at most two years, or choose All time');
  const scope: PostScope = { submittedFrom: start, submittedBefore: end };
  const [{ totals, campaigns, creators, posts }, facts] = await Promise.all([
    overviewFigures(db, scope, now, 10),
    overviewRangeFacts(db, { from: start, before: end }),
  ]);
  return {
    from,
    to,
    allTime,
    outside: facts.outside,
    totals,
    campaigns,
    creators: creators.map(({ platform: _platform, ...row }) => row),
    posts,
  };
}

/** The creator's own figures: this month's growth against last month's, totals and every post. */
export async function myAnalytics(services: ServiceContext, creatorId: number): Promise<MyAnalytics> {
  const { db, now } = atInstant(services);
  const scope: PostScope = { creatorId };
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  // Counted at the last instant of the previous month (snapshots at midnight belong to the new month).
  const before = (d: Date) => new Date(d.getTime() - 1);
  const [current, atMonthStart, atLastMonthStart, posts] = await Promise.all([
    totalsOf(db, scope, now),
    totalsOf(db, scope, before(monthStart)),
    totalsOf(db, scope, before(lastMonthStart)),
    listPostMetrics(db, scope, now),
  ]);
  const month = (a: MetricTotals, b: MetricTotals) => ({
    views: (a.views ?? 0) - (b.views ?? 0),
    engagement: a.interactions - b.interactions,
    shares: (a.shares ?? 0) - (b.shares ?? 0),
    comments: (a.comments ?? 0) - (b.comments ?? 0),
  });
  return {
    thisMonth: month(current, atMonthStart),
    lastMonth: month(atMonthStart, atLastMonthStart),
    totals: current,
    posts,
  };
}
