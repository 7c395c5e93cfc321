import { sql } from 'drizzle-orm';
import type { Platform } from '../../shared/constants';
import type { MetricTotals } from '../../shared/schemas/content-metrics';
import type { DatabaseOrTransaction } from '../client';
import { AGGREGATES, latestCtes, type PostScope, readWithoutJit, toTotals } from './content-metrics';
import { byId, POST_COLUMNS, POST_JOINS, POST_ORDER, toPostMetrics } from './content-metrics-posts';
import { withPreviews } from './post-previews';
import { type Row, rowsOf } from './raw-rows';

/** Totals of the posts in `scope` as counted at `asOf`, grouped by platform (one row per platform with posts). */
export async function totalsByPlatform(
  db: DatabaseOrTransaction,
  scope: PostScope,
  asOf: Date,
): Promise<Map<Platform, MetricTotals>> {
  const result = await readWithoutJit(
    db,
    sql`${latestCtes(scope, asOf)}
    select platform, ${AGGREGATES} from latest group by platform`,
  );
  return new Map(rowsOf(result).map((row) => [row.platform as Platform, toTotals(row)]));
}

/** Totals of every post in `scope` as counted at `asOf`. */
export async function totalsOf(
  db: DatabaseOrTransaction,
  scope: PostScope,
  asOf: Date,
): Promise<MetricTotals> {
  const result = await readWithoutJit(db, sql`${latestCtes(scope, asOf)} select ${AGGREGATES} from latest`);
  return toTotals(rowsOf(result)[0]);
}

export interface CreatorMetricsRow {
  creatorId: number;
  creatorName: string;
  creatorUsername: string;
  posts: number;
  views: number | null;
  interactions: number;
  engagementRate: number | null;
}

const creatorRowsSql = (options: { platform?: Platform; limit?: number }) => {
  const order = sql`interactions desc, views desc nulls last, influencer_id`;
  return sql`
    select t.*, i.name as creator_name, i.username as creator_username from (
      select influencer_id, ${options.platform ? sql`platform,` : sql`null as platform,`} ${AGGREGATES}
      from latest
      where snapshot_id is not null ${options.platform ? sql`and platform = ${options.platform}` : sql``}
      group by influencer_id ${options.platform ? sql`, platform` : sql``}
      order by ${order}
      ${options.limit ? sql`limit ${options.limit}` : sql``}
    ) t ${byId(sql`influencers`, sql`i`, sql`name, username`, sql`t.influencer_id`)}
    order by ${order}`;
};

export function toCreatorRow(row: Row): CreatorMetricsRow & { platform: Platform | null } {
  const totals = toTotals(row);
  return {
    creatorId: Number(row.influencer_id),
    creatorName: String(row.creator_name),
    creatorUsername: String(row.creator_username),
    platform: (row.platform as Platform | null) ?? null,
    posts: totals.posts,
    views: totals.views,
    interactions: totals.interactions,
    engagementRate: totals.engagementRate,
  };
}

/** Per-creator totals of the posts in `scope` (creators with figures only), most engaging first. */
export async function totalsByCreator(
  db: DatabaseOrTransaction,
  scope: PostScope,
  asOf: Date,
  options: { platform?: Platform; limit?: number } = {},
): Promise<Array<CreatorMetricsRow & { platform: Platform | null }>> {
  const result = await readWithoutJit(db, sql`${latestCtes(scope, asOf)} ${creatorRowsSql(options)}`);
  return rowsOf(result).map(toCreatorRow);
}

const campaignRowsSql = (options: { limit?: number }) => {
  const order = sql`views desc nulls last, interactions desc, campaign_id`;
  return sql`
    select t.*, c.name as campaign_name from (
      select campaign_id, platform, ${AGGREGATES}
      from latest where snapshot_id is not null
      group by campaign_id, platform
      order by ${order}
      ${options.limit ? sql`limit ${options.limit}` : sql``}
    ) t ${byId(sql`campaigns`, sql`c`, sql`name`, sql`t.campaign_id`)}
    order by ${order}`;
};

function toCampaignRow(row: Row) {
  const totals = toTotals(row);
  return {
    campaignId: Number(row.campaign_id),
    campaignName: String(row.campaign_name),
    platform: row.platform as Platform,
    posts: totals.posts,
    views: totals.views,
    interactions: totals.interactions,
    engagementRate: totals.engagementRate,
  };
}

/** Per-campaign totals of the posts in `scope` (campaigns with figures only), most viewed first. */
export async function totalsByCampaign(
  db: DatabaseOrTransaction,
  scope: PostScope,
  asOf: Date,
  options: { limit?: number } = {},
) {
  const result = await readWithoutJit(db, sql`${latestCtes(scope, asOf)} ${campaignRowsSql(options)}`);
  return rowsOf(result).map(toCampaignRow);
}

/**
 * The overview in one statement: totals, the best `limit` campaigns, creators and posts (with figures) of
 * `scope` as counted at `asOf`. Each post's counted snapshot is looked up once (the `latest` CTE is used four
 * times, so PostgreSQL computes it once), instead of once per part.
 */
export async function overviewFigures(
  db: DatabaseOrTransaction,
  scope: PostScope,
  asOf: Date,
  limit: number,
) {
  const result = await readWithoutJit(
    db,
    sql`${latestCtes(scope, asOf)}
    select
      (select row_to_json(t) from (select ${AGGREGATES} from latest) t) as totals,
      (select coalesce(json_agg(t), '[]'::json) from (${campaignRowsSql({ limit })}) t) as campaigns,
      (select coalesce(json_agg(t), '[]'::json) from (${creatorRowsSql({ limit })}) t) as creators,
      (select coalesce(json_agg(t), '[]'::json) from (
        select ${POST_COLUMNS}
        from (select * from latest where snapshot_id is not null order by ${POST_ORDER} limit ${limit}) latest
        ${POST_JOINS}
        order by ${POST_ORDER}
      ) t) as posts`,
  );
  const row = rowsOf(result)[0]!;
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Row[];
  return {
    totals: toTotals((typeof row.totals === 'string' ? JSON.parse(row.totals) : row.totals) as Row),
    campaigns: parse(row.campaigns).map(toCampaignRow),
    creators: parse(row.creators).map(toCreatorRow),
    posts: await withPreviews(db, parse(row.posts).map(toPostMetrics)),
  };
}

/** Mint credited as rewards for a campaign's content. */
export async function campaignMintSpent(db: DatabaseOrTransaction, campaignId: number): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(amount), 0)::float8 as spent from ledger_entries where kind = 'reward' and campaign_id = ${campaignId}`,
  );
  return Number(rowsOf(result)[0]?.spent ?? 0);
}

/**
 * PR boxes the campaign has shipped: its applications whose box left the brand (shipped_at is set when it ships,
 * and stays set through delivered, content, approval, or a missed deadline). One box per application.
 */
export async function campaignBoxesShipped(db: DatabaseOrTransaction, campaignId: number): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as shipped from applications where campaign_id = ${campaignId} and shipped_at is not null`,
  );
  return Number(rowsOf(result)[0]?.shipped ?? 0);
}
