import { type SQL, sql } from 'drizzle-orm';
import type { Platform } from '../../shared/constants';
import type { CreatorCursor, PostCursor } from '../../shared/page-cursor';
import type { MetricTotals, PostMetrics } from '../../shared/schemas/content-metrics';
import type { DatabaseOrTransaction } from '../client';
import { AGGREGATES, countedSnapshot, latestCtes, readWithoutJit, toTotals } from './content-metrics';
import { byId, POST_COLUMNS, POST_JOINS, POST_ORDER, toPostMetrics } from './content-metrics-posts';
import { type CreatorMetricsRow, toCreatorRow } from './content-metrics-totals';
import { withPreviews } from './post-previews';
import { rowsOf } from './raw-rows';

/*
 * A campaign's analytics one page at a time (issue 28): its posts and its creators per platform tab, in the orders
 * the page shows them, from a cursor (the last row shown). The figures are those of `latest` (content-metrics.ts),
 * counted now.
 */

/** One key of a keyset order: `desc` keys sort nulls last, `asc` keys are never null. */
interface KeyTerm {
  expr: SQL;
  value: number | string | null;
  dir: 'asc' | 'desc';
}

/** The rows strictly after the cursor's row in the order of `terms`. */
function after(terms: KeyTerm[]): SQL {
  const [t, ...rest] = terms;
  if (!t) return sql`false`;
  let beyond: SQL;
  if (t.dir === 'asc') beyond = sql`${t.expr} > ${t.value}`;
  else beyond = t.value === null ? sql`false` : sql`(${t.expr} < ${t.value} or ${t.expr} is null)`;
  if (rest.length === 0) return beyond;
  const same = t.value === null ? sql`${t.expr} is null` : sql`${t.expr} = ${t.value}`;
  return sql`(${beyond} or (${same} and ${after(rest)}))`;
}

/** A post's interactions from its kept row (the expression of content_post_figures_campaign_posts_idx). */
const KEPT_INTERACTIONS = sql`(coalesce(f.likes, 0) + coalesce(f.comments, 0) + coalesce(f.shares, 0) + coalesce(f.saves, 0))`;

const postAfter = (c: PostCursor | null, views: SQL, interactions: SQL, submissionId: SQL, postUrl: SQL) =>
  c === null
    ? sql`true`
    : after([
        { expr: views, value: c.views, dir: 'desc' },
        { expr: interactions, value: c.interactions, dir: 'desc' },
        { expr: submissionId, value: c.submissionId, dir: 'desc' },
        { expr: postUrl, value: c.postUrl, dir: 'asc' },
      ]);

/**
 * `limit` posts of a campaign's platform tab after `cursor`, most viewed first (the order of `listPostMetrics`),
 * with their figures counted at `asOf`. A post measured by `asOf` counts its kept row, so those are read through
 * content_post_figures_campaign_posts_idx in the page's order and stop at the page's end; the few measured later (a
 * snapshot dated after `asOf`) are looked up one by one through content_post_figures_campaign_measured_idx, as
 * `latest` does. Names, pending reports and previews only for the page's rows.
 */
export async function campaignPostsAfter(
  db: DatabaseOrTransaction,
  params: { campaignId: number; platform: Platform; asOf: Date; cursor: PostCursor | null; limit: number },
): Promise<PostMetrics[]> {
  const { campaignId, platform, cursor, limit } = params;
  const asOf = sql`${params.asOf.toISOString()}::timestamptz`;
  const tab = sql`f.status in ('submitted', 'approved') and f.campaign_id = ${campaignId} and f.platform = ${platform}`;
  const result = await readWithoutJit(
    db,
    sql`with latest as (
      select u.*, coalesce(nullif(u.views, 0), case when u.snapshot_id is not null then (select nullif(sa.followers, 0)
        from social_accounts sa where sa.influencer_id = u.influencer_id and sa.platform = u.platform) end) as base
      from (
        (select f.submission_id, f.post_url, f.campaign_id, f.platform, f.influencer_id, f.snapshot_id, f.source,
          f.views, f.likes, f.comments, f.shares, f.saves, f.reach, f.measured_at, ${KEPT_INTERACTIONS} as interactions
        from content_post_figures f
        where ${tab} and (f.measured_at is null or f.measured_at <= ${asOf})
          and ${postAfter(cursor, sql`f.views`, KEPT_INTERACTIONS, sql`f.submission_id`, sql`f.post_url`)}
        order by f.views desc nulls last, ${KEPT_INTERACTIONS} desc, f.submission_id desc, f.post_url
        limit ${limit})
        union all
        (select * from (
          select f.submission_id, f.post_url, f.campaign_id, f.platform, f.influencer_id, l.id as snapshot_id,
            l.source, l.views, l.likes, l.comments, l.shares, l.saves, l.reach, l.measured_at,
            coalesce(l.likes, 0) + coalesce(l.comments, 0) + coalesce(l.shares, 0) + coalesce(l.saves, 0) as interactions
          from content_post_figures f ${countedSnapshot(asOf)}
          where ${tab} and f.measured_at > ${asOf}
        ) later
        where ${postAfter(cursor, sql`later.views`, sql`later.interactions`, sql`later.submission_id`, sql`later.post_url`)})
      ) u
      order by ${POST_ORDER}
      limit ${limit}
    )
    select ${POST_COLUMNS}
    from latest
    ${POST_JOINS}
    order by ${POST_ORDER}`,
  );
  return withPreviews(db, rowsOf(result).map(toPostMetrics));
}

/**
 * `limit` creators of a campaign's platform tab after `cursor` (creators with figures, most engaging first: the order
 * of `totalsByCreator`), with their totals counted at `asOf`. The order is of sums over each creator's posts, so every
 * post of the tab is read (the campaign's index) and grouped; the names only for the page.
 */
export async function campaignCreatorsAfter(
  db: DatabaseOrTransaction,
  params: { campaignId: number; platform: Platform; asOf: Date; cursor: CreatorCursor | null; limit: number },
): Promise<{ rows: CreatorMetricsRow[]; total: number | null }> {
  const { campaignId, platform, cursor, limit } = params;
  const order = sql`interactions desc, views desc nulls last, influencer_id`;
  const where =
    cursor === null
      ? sql`true`
      : after([
          { expr: sql`t.interactions`, value: cursor.interactions, dir: 'desc' },
          { expr: sql`t.views`, value: cursor.views, dir: 'desc' },
          { expr: sql`t.influencer_id`, value: cursor.creatorId, dir: 'asc' },
        ]);
  const result = await readWithoutJit(
    db,
    sql`${latestCtes({ campaignId }, params.asOf)}
    select t.*, i.name as creator_name, i.username as creator_username from (
      select * from (
        -- How many creators the tab has, counted before the cursor's filter (read with the page's rows).
        select g.*, count(*) over () as total from (
          select influencer_id, ${AGGREGATES} from latest
          where snapshot_id is not null and platform = ${platform}
          group by influencer_id
        ) g
      ) t
      where ${where}
      order by ${order}
      limit ${limit}
    ) t ${byId(sql`influencers`, sql`i`, sql`name, username`, sql`t.influencer_id`)}
    order by ${order}`,
  );
  const rows = rowsOf(result);
  return {
    rows: rows.map((row) => {
      const { platform: _platform, ...creator } = toCreatorRow(row);
      return creator;
    }),
    // Past the last creator the page is empty and says nothing of the count.
    total: rows[0] ? Number(rows[0].total) : null,
  };
}

/** How many posts a campaign's platform tab has (an index-only count of content_post_figures_campaign_posts_idx). */
export async function campaignPostCount(db: DatabaseOrTransaction, campaignId: number, platform: Platform) {
  const result = await db.execute(sql`select count(*)::int as posts from content_post_figures f
    where f.status in ('submitted', 'approved') and f.campaign_id = ${campaignId} and f.platform = ${platform}`);
  return Number(rowsOf(result)[0]?.posts ?? 0);
}

/**
 * Per platform of a campaign, counted at `asOf`: as `readWithoutJit`, and without parallel workers: the distinct
 * count's sort made the planner start one, which took 7 ms at operator size for a 4 ms read (campaign 1, 3,156 posts).
 */
function readSerial(db: DatabaseOrTransaction, statement: SQL): Promise<unknown> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return tx.execute(statement);
  });
}

/**
 * Per platform of a campaign, counted at `asOf`: the totals (as `totalsByPlatform`), how many posts the tab lists and
 * how many creators have figures there, in one pass over the campaign's posts.
 */
export async function campaignTabCounts(
  db: DatabaseOrTransaction,
  campaignId: number,
  asOf: Date,
): Promise<Map<Platform, { totals: MetricTotals; posts: number; creators: number }>> {
  const result = await readSerial(
    db,
    sql`${latestCtes({ campaignId }, asOf)}
    select platform, ${AGGREGATES}, count(*)::int as listed,
      count(distinct influencer_id) filter (where snapshot_id is not null)::int as creators
    from latest group by platform`,
  );
  return new Map(
    rowsOf(result).map((row) => [
      row.platform as Platform,
      { totals: toTotals(row), posts: Number(row.listed), creators: Number(row.creators) },
    ]),
  );
}
