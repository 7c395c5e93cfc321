import { type SQL, sql } from 'drizzle-orm';
import type { Platform } from '../../shared/constants';
import type { MetricSource } from '../../shared/content-metrics';
import type { PostMetrics } from '../../shared/schemas/content-metrics';
import type { DatabaseOrTransaction } from '../client';
import {
  EMPTY_FIGURES,
  figuresOf,
  iso,
  latestCtes,
  num,
  type PostScope,
  readWithoutJit,
} from './content-metrics';
import { withPreviews } from './post-previews';
import { type Row, rowsOf } from './raw-rows';

/** The columns of a post row over `latest`: its figures, engagement rate and the latest report still waiting. */
export const POST_COLUMNS = sql`latest.*, c.name as campaign_name, i.name as creator_name, i.username as creator_username,
      round(latest.interactions * 100.0 / nullif(latest.base, 0), 2)::float8 as engagement_rate,
      (extract(epoch from latest.measured_at) * 1000)::float8 as measured_ms,
      r.id as report_id, r.screenshot_url as report_screenshot, (extract(epoch from r.measured_at) * 1000)::float8 as report_ms,
      r.views as report_views, r.likes as report_likes, r.comments as report_comments, r.shares as report_shares,
      r.saves as report_saves, r.reach as report_reach`;
// The names by primary key, row by row (a lateral with a limit stays a nested loop): a hash join would read the
// whole influencers table for a campaign's few thousand posts.
export const byId = (table: SQL, alias: SQL, columns: SQL, id: SQL) =>
  sql`join lateral (select ${columns} from ${table} where id = ${id} limit 1) ${alias} on true`;
export const POST_JOINS = sql`${byId(sql`campaigns`, sql`c`, sql`name`, sql`latest.campaign_id`)}
    ${byId(sql`influencers`, sql`i`, sql`name, username`, sql`latest.influencer_id`)}
    left join lateral (
      select s.* from content_metric_snapshots s
      where s.submission_id = latest.submission_id and s.post_url = latest.post_url
        and s.source = 'creator' and s.confirmed_at is null
      order by s.measured_at desc, s.id desc limit 1
    ) r on true`;
export const POST_ORDER = sql`views desc nulls last, interactions desc, submission_id desc, post_url`;

export function toPostMetrics(row: Row): PostMetrics {
  return {
    submissionId: Number(row.submission_id),
    postUrl: String(row.post_url),
    platform: row.platform as Platform,
    campaignId: Number(row.campaign_id),
    campaignName: String(row.campaign_name),
    creatorId: Number(row.influencer_id),
    creatorName: String(row.creator_name),
    creatorUsername: String(row.creator_username),
    ...(row.snapshot_id === null ? EMPTY_FIGURES : figuresOf(row)),
    interactions: Number(row.interactions ?? 0),
    engagementRate: row.snapshot_id === null ? null : num(row.engagement_rate),
    source: (row.source as MetricSource | null) ?? null,
    measuredAt: iso(row.measured_ms),
    pendingReport:
      row.report_id === null || row.report_id === undefined
        ? null
        : {
            id: Number(row.report_id),
            measuredAt: iso(row.report_ms)!,
            screenshotUrl: String(row.report_screenshot),
            ...figuresOf(row, 'report_'),
          },
    preview: null,
  };
}

/**
 * Every post in `scope` with its counted figures now, its engagement rate, and the latest creator report still
 * waiting for an admin. Most viewed first (posts without figures last).
 */
export async function listPostMetrics(
  db: DatabaseOrTransaction,
  scope: PostScope,
  asOf: Date,
  options: { limit?: number } = {},
): Promise<PostMetrics[]> {
  const result = await readWithoutJit(
    db,
    sql`${latestCtes(scope, asOf)}
    select ${POST_COLUMNS}
    from latest
    ${POST_JOINS}
    order by ${POST_ORDER}
    ${options.limit ? sql`limit ${options.limit}` : sql``}`,
  );
  return withPreviews(db, rowsOf(result).map(toPostMetrics));
}

export interface PostRef {
  submissionId: number;
  postUrl: string;
  platform: Platform;
  creatorId: number;
  campaignId: number;
}

/**
 * A post that can carry figures: `postUrl` is one of the submission's links and the submission is waiting for
 * review or approved. With `creatorId`, only that creator's own posts are found.
 */
export async function findPost(
  db: DatabaseOrTransaction,
  submissionId: number,
  postUrl: string,
  creatorId?: number,
): Promise<(PostRef & { hasUrl: boolean }) | null> {
  const result = await db.execute(sql`
    select sub.id, c.platform, a.influencer_id, a.campaign_id,
      ${postUrl} = any(sub.urls) as has_url
    from submissions sub
    join applications a on a.id = sub.application_id
    join campaigns c on c.id = a.campaign_id
    where sub.id = ${submissionId} and sub.status in ('submitted', 'approved')
      ${creatorId === undefined ? sql`` : sql`and a.influencer_id = ${creatorId}`}`);
  const row = rowsOf(result)[0];
  if (!row) return null;
  return {
    hasUrl: row.has_url === true,
    submissionId,
    postUrl,
    platform: row.platform as Platform,
    creatorId: Number(row.influencer_id),
    campaignId: Number(row.campaign_id),
  };
}
