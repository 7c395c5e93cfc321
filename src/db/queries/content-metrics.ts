import { type SQL, sql } from 'drizzle-orm';
import { METRIC_FIELDS, type MetricFigures } from '../../shared/content-metrics';
import type { MetricTotals } from '../../shared/schemas/content-metrics';
import type { DatabaseOrTransaction } from '../client';
import type { Row } from './raw-rows';

/*
 * Every figure shown anywhere is computed here, in SQL, from the snapshots. A post is one link of a submission that
 * is waiting for review or approved. Its counted figures at a moment are its latest snapshot measured by then,
 * API snapshots first (they win over reported ones), creator reports only once an admin confirmed them.
 * Engagement rate (percent) = interactions (likes + comments + shares + saves) / views, or / the creator's followers
 * on the platform where views are unknown.
 */

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(Number(v)).toISOString();

/** Which posts: a filter on the kept post rows `f` (content_post_figures). */
export type PostScope =
  | { campaignId: number }
  | { creatorId: number }
  /** Every post of the creators who made these submissions. */
  | { creatorsOfSubmissions: number[] }
  | { submittedFrom: Date; submittedBefore: Date };

function scopeFilter(scope: PostScope): SQL {
  if ('campaignId' in scope) return sql`f.campaign_id = ${scope.campaignId}`;
  if ('creatorId' in scope) return sql`f.influencer_id = ${scope.creatorId}`;
  if ('creatorsOfSubmissions' in scope) {
    return sql`f.influencer_id in (select a2.influencer_id from submissions s2 join applications a2 on a2.id = s2.application_id where s2.id in ${scope.creatorsOfSubmissions})`;
  }
  return sql`f.submitted_at >= ${scope.submittedFrom.toISOString()}::timestamptz and f.submitted_at < ${scope.submittedBefore.toISOString()}::timestamptz`;
}

/**
 * The posts in `scope` (links of submissions waiting for review or approved) among the rows kept per post
 * (`content_post_figures f`, migration 0035), found through its campaign, creator or submitted-at index.
 */
export const postFilter = (scope: PostScope) =>
  sql`f.status in ('submitted', 'approved') and ${scopeFilter(scope)}`;

/** The counted snapshot's columns of `s`, as `latest` and the series read them. */
export const SNAPSHOT_ORDER = sql`(s.source = 'api') desc, s.measured_at desc nulls last, s.id desc nulls last`;
export const COUNTED = sql`(s.source <> 'creator' or s.confirmed_at is not null)`;

/**
 * Runs an analytics read with JIT compilation off (in a transaction of its own; `set local` ends with it). The
 * planner's estimates for the per-post lookups (two rows a post for the kept-or-probe union, 200 platforms) put these
 * statements over jit_above_cost, and compiling took 40-230 ms at operator size, far longer than the reads (1-20 ms).
 */
export function readWithoutJit(db: DatabaseOrTransaction, statement: SQL): Promise<unknown> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(statement);
  });
}

/**
 * The counted snapshot of kept post `f` as of `asOf` (an SQL timestamptz expression). The kept row holds the counted
 * snapshot over all time; when it was measured by `asOf` it is also the counted one then (the best of all is the best
 * of those measured by then). Only a post measured after `asOf` is looked up: one probe of
 * content_metric_snapshots_counted_idx, in its order.
 */
export const countedSnapshot = (asOf: SQL) => sql`left join lateral (
  select f.snapshot_id as id, f.source, f.views, f.likes, f.comments, f.shares, f.saves, f.reach, f.measured_at
  where f.measured_at <= ${asOf}
  union all
  (select s.id, s.source, s.views, s.likes, s.comments, s.shares, s.saves, s.reach, s.measured_at
  from content_metric_snapshots s
  where f.measured_at > ${asOf} and s.submission_id = f.submission_id and s.post_url = f.post_url and ${COUNTED}
    and s.measured_at <= ${asOf}
  order by ${SNAPSHOT_ORDER}
  limit 1)
) l on true`;

/**
 * latest: each post in `scope` with its counted figures as of `asOf`, its interactions and its engagement base (the
 * views, or the creator's followers on the platform where views are unknown: looked up only for those posts).
 */
export const latestCtes = (scope: PostScope, asOf: Date) => sql`with latest as (
  select f.submission_id, f.post_url, f.campaign_id, f.platform, f.influencer_id, l.id as snapshot_id, l.source,
    l.views, l.likes, l.comments, l.shares, l.saves, l.reach, l.measured_at,
    coalesce(l.likes, 0) + coalesce(l.comments, 0) + coalesce(l.shares, 0) + coalesce(l.saves, 0) as interactions,
    coalesce(nullif(l.views, 0), case when l.id is not null then (select nullif(sa.followers, 0) from social_accounts sa
      where sa.influencer_id = f.influencer_id and sa.platform = f.platform) end) as base
  from content_post_figures f ${countedSnapshot(sql`${asOf.toISOString()}::timestamptz`)}
  where ${postFilter(scope)}
)`;

/** Totals over a group of `latest` rows (posts without figures are not counted). */
export const AGGREGATES = sql`count(snapshot_id)::int as posts,
  sum(views)::float8 as views, sum(likes)::float8 as likes, sum(comments)::float8 as comments,
  sum(shares)::float8 as shares, sum(saves)::float8 as saves, sum(reach)::float8 as reach,
  coalesce(sum(interactions) filter (where snapshot_id is not null), 0)::float8 as interactions,
  round(sum(interactions) filter (where snapshot_id is not null and base is not null) * 100.0
    / nullif(sum(base) filter (where snapshot_id is not null), 0), 2)::float8 as engagement_rate`;

export function toTotals(row: Row | undefined): MetricTotals {
  return {
    posts: Number(row?.posts ?? 0),
    views: num(row?.views),
    likes: num(row?.likes),
    comments: num(row?.comments),
    shares: num(row?.shares),
    saves: num(row?.saves),
    reach: num(row?.reach),
    interactions: Number(row?.interactions ?? 0),
    engagementRate: num(row?.engagement_rate),
  };
}

export const EMPTY_FIGURES = Object.fromEntries(METRIC_FIELDS.map((f) => [f, null])) as MetricFigures;
export const figuresOf = (row: Row, prefix = ''): MetricFigures =>
  Object.fromEntries(METRIC_FIELDS.map((f) => [f, num(row[`${prefix}${f}`])])) as MetricFigures;
