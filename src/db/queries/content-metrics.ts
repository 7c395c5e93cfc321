import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Platform } from '../../shared/constants';
import { METRIC_FIELDS, type MetricFigures, type MetricSource } from '../../shared/content-metrics';
import type { MetricTotals, PostMetrics } from '../../shared/schemas/content-metrics';
import type { DatabaseOrTransaction } from '../client';
import { contentMetricFetches, contentMetricSnapshots, contentPostFigures } from '../schema/content-metrics';
import { withPreviews } from './post-previews';

/*
 * Every figure shown anywhere is computed here, in SQL, from the snapshots. A post is one link of a submission that
 * is waiting for review or approved. Its counted figures at a moment are its latest snapshot measured by then,
 * API snapshots first (they win over reported ones), creator reports only once an admin confirmed them.
 * Engagement rate (percent) = interactions (likes + comments + shares + saves) / views, or / the creator's followers
 * on the platform where views are unknown.
 */

type Row = Record<string, unknown>;
export const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(Number(v)).toISOString();

/** Which posts: a filter on the kept post rows `f` (content_post_figures). */
export type PostScope =
  | { campaignId: number }
  | { influencerId: number }
  /** Every post of the creators who made these submissions. */
  | { creatorsOfSubmissions: number[] }
  | { submittedFrom: Date; submittedBefore: Date };

function scopeFilter(scope: PostScope): SQL {
  if ('campaignId' in scope) return sql`f.campaign_id = ${scope.campaignId}`;
  if ('influencerId' in scope) return sql`f.influencer_id = ${scope.influencerId}`;
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

const EMPTY_FIGURES = Object.fromEntries(METRIC_FIELDS.map((f) => [f, null])) as MetricFigures;
const figuresOf = (row: Row, prefix = ''): MetricFigures =>
  Object.fromEntries(METRIC_FIELDS.map((f) => [f, num(row[`${prefix}${f}`])])) as MetricFigures;

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
    influencerId: Number(row.influencer_id),
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

export interface CreatorMetricsRow {
  influencerId: number;
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
    influencerId: Number(row.influencer_id),
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

export interface PostRef {
  submissionId: number;
  postUrl: string;
  platform: Platform;
  influencerId: number;
  campaignId: number;
}

/**
 * A post that can carry figures: `postUrl` is one of the submission's links and the submission is waiting for
 * review or approved. With `influencerId`, only that creator's own posts are found.
 */
export async function findPost(
  db: DatabaseOrTransaction,
  submissionId: number,
  postUrl: string,
  influencerId?: number,
): Promise<(PostRef & { hasUrl: boolean }) | null> {
  const result = await db.execute(sql`
    select sub.id, c.platform, a.influencer_id, a.campaign_id,
      ${postUrl} = any(sub.urls) as has_url
    from submissions sub
    join applications a on a.id = sub.application_id
    join campaigns c on c.id = a.campaign_id
    where sub.id = ${submissionId} and sub.status in ('submitted', 'approved')
      ${influencerId === undefined ? sql`` : sql`and a.influencer_id = ${influencerId}`}`);
  const row = rowsOf(result)[0];
  if (!row) return null;
  return {
    hasUrl: row.has_url === true,
    submissionId,
    postUrl,
    platform: row.platform as Platform,
    influencerId: Number(row.influencer_id),
    campaignId: Number(row.campaign_id),
  };
}

export async function insertSnapshot(
  db: DatabaseOrTransaction,
  values: typeof contentMetricSnapshots.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(contentMetricSnapshots)
    .values(values)
    .returning({ id: contentMetricSnapshots.id });
  return row!.id;
}

/** Confirms a creator's report still waiting; null when there is no such report. */
export async function confirmReport(
  db: DatabaseOrTransaction,
  snapshotId: number,
  adminId: string,
  now: Date,
) {
  const [row] = await db
    .update(contentMetricSnapshots)
    .set({ confirmedBy: adminId, confirmedAt: now })
    .where(
      and(
        eq(contentMetricSnapshots.id, snapshotId),
        eq(contentMetricSnapshots.source, 'creator'),
        isNull(contentMetricSnapshots.confirmedAt),
      ),
    )
    .returning({ id: contentMetricSnapshots.id, submissionId: contentMetricSnapshots.submissionId });
  return row ?? null;
}

/**
 * influencers.engagement_rate (spec §3, text, percent with two decimals) of the creators who made these
 * submissions, from all their posts' counted figures as of `asOf`; '0' while none of their posts has figures.
 */
export async function updateEngagementRates(db: DatabaseOrTransaction, submissionIds: number[], asOf: Date) {
  if (submissionIds.length === 0) return;
  await db.execute(sql`${latestCtes({ creatorsOfSubmissions: submissionIds }, asOf)},
    rates as (select influencer_id, ${AGGREGATES} from latest group by influencer_id)
    update influencers i set engagement_rate = coalesce(rates.engagement_rate::numeric(12, 2)::text, '0'), updated_at = now()
    from rates where i.id = rates.influencer_id`);
}

/**
 * How many of a creator's posts have counted figures (API, admin, or a confirmed creator report) at any time, whatever
 * their submission's status: an SQL expression, a count of the creator's kept post rows with a counted snapshot
 * (content_post_figures_influencer_idx, an index-only count).
 */
function measuredPostsOf(influencerId: SQL) {
  return sql`(select count(*)::int from content_post_figures f
    where f.influencer_id = ${influencerId} and f.snapshot_id is not null)`;
}

/** How many of this creator's posts have counted figures (the engagement rate is 0 and means nothing without any). */
export async function measuredPostCount(db: DatabaseOrTransaction, influencerId: number) {
  const result = await db.execute(sql`select ${measuredPostsOf(sql`${influencerId}`)} as measured_posts`);
  return Number(rowsOf(result)[0]?.measured_posts ?? 0);
}

/**
 * These creators' engagement rates and how many of their posts have figures (the applicant cards of one page of a
 * campaign's applicants): each read by key, `influencers` by its primary key and the count index-only from
 * `content_post_figures_influencer_idx`, so the read costs what the page shows, whatever the campaign holds.
 */
export async function engagementOf(
  db: DatabaseOrTransaction,
  influencerIds: readonly number[],
): Promise<Map<number, { engagementRate: number; measuredPosts: number }>> {
  const ids = [...new Set(influencerIds)];
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    select i.id, i.engagement_rate, ${measuredPostsOf(sql`i.id`)} as measured_posts
    from influencers i where i.id in ${ids}`);
  return new Map(
    rowsOf(result).map((row) => [
      Number(row.id),
      { engagementRate: Number(row.engagement_rate), measuredPosts: Number(row.measured_posts) },
    ]),
  );
}

/** Every kept post row, in key order (tests compare them with `rebuildPostFigures`). */
export function allPostFigures(db: DatabaseOrTransaction) {
  return db
    .select()
    .from(contentPostFigures)
    .orderBy(contentPostFigures.submissionId, contentPostFigures.postUrl);
}

/** Recomputes every post's kept row from scratch (the triggers' own computation); exact, for repairs and tests. */
export async function rebuildPostFigures(db: DatabaseOrTransaction) {
  await db.execute(sql`select content_post_figures_rebuild()`);
}

/** Each submission's creator and their TikTok tokens (null when they never signed in with TikTok). */
export async function tiktokOwners(db: DatabaseOrTransaction, submissionIds: number[]) {
  if (submissionIds.length === 0) return [];
  const result = await db.execute(sql`
    select sub.id as submission_id, a.influencer_id, t.access_token, t.refresh_token,
      (extract(epoch from t.token_expires_at) * 1000)::float8 as expires_ms
    from submissions sub
    join applications a on a.id = sub.application_id
    left join tiktok_auth t on t.influencer_id = a.influencer_id
    where sub.id in ${submissionIds}`);
  return rowsOf(result).map((row) => ({
    submissionId: Number(row.submission_id),
    influencerId: Number(row.influencer_id),
    accessToken: (row.access_token as string | null) ?? null,
    refreshToken: (row.refresh_token as string | null) ?? null,
    expiresAt: row.expires_ms === null ? null : new Date(Number(row.expires_ms)),
  }));
}

export async function saveTiktokTokens(
  db: DatabaseOrTransaction,
  influencerId: number,
  tokens: { accessToken: string; refreshToken: string; expiresAt: Date },
) {
  await db.execute(sql`update tiktok_auth set access_token = ${tokens.accessToken},
    refresh_token = ${tokens.refreshToken}, token_expires_at = ${tokens.expiresAt.toISOString()}::timestamptz,
    updated_at = now() where influencer_id = ${influencerId}`);
}

/**
 * TikTok creators whose follower count is due (never asked since their last sign-in, or asked more than a day
 * before `askedBefore`), with their sealed tokens; at most `limit`, the longest waiting first.
 */
export async function tiktokFollowersDue(db: DatabaseOrTransaction, askedBefore: Date, limit: number) {
  const result = await db.execute(sql`
    select t.influencer_id, t.open_id, t.access_token, t.refresh_token,
      (extract(epoch from t.token_expires_at) * 1000)::float8 as expires_ms
    from tiktok_auth t
    where t.access_token is not null and t.refresh_token is not null
      and (t.followers_read_at is null or t.followers_read_at < ${askedBefore.toISOString()}::timestamptz)
    order by t.followers_read_at asc nulls first, t.influencer_id
    limit ${limit}`);
  return rowsOf(result).map((row) => ({
    influencerId: Number(row.influencer_id),
    openId: String(row.open_id),
    accessToken: String(row.access_token),
    refreshToken: String(row.refresh_token),
    expiresAt: row.expires_ms === null ? null : new Date(Number(row.expires_ms)),
  }));
}

/** Notes that the creator's TikTok follower count was asked for at `at` (whatever TikTok answered). */
export async function markTiktokFollowersAsked(db: DatabaseOrTransaction, influencerId: number, at: Date) {
  await db.execute(sql`update tiktok_auth set followers_read_at = ${at.toISOString()}::timestamptz
    where influencer_id = ${influencerId}`);
}

// --- The refresh job's bookkeeping ---------------------------------------------------------------------------

/**
 * Adds a fetch row for every link of an approved submission on `platforms`, approved after `approvedAfter`, that
 * has none yet (due at once). Returns how many were added.
 */
export async function addMissingFetches(
  db: DatabaseOrTransaction,
  platforms: readonly Platform[],
  approvedAfter: Date,
  now: Date,
): Promise<number> {
  if (platforms.length === 0) return 0;
  // The window's approvals come from their partial index (submissions_approved_reviewed_idx), and each one's
  // application is fetched by its key (a lateral primary-key probe; `offset 0` keeps the planner from flattening it
  // into a join, which hashed the approvals against a sequential scan of applications): the read costs what the
  // window holds, not the history (issue 28).
  const result = await db.execute(sql`
    insert into content_metric_fetches (submission_id, post_url, platform, approved_at, next_fetch_at)
    select sub.id, u.url, c.platform, sub.reviewed_at, ${now.toISOString()}::timestamptz
    from submissions sub
    cross join lateral (
      select a.campaign_id from applications a where a.id = sub.application_id offset 0
    ) a
    join campaigns c on c.id = a.campaign_id
    cross join lateral unnest(sub.urls) as u(url)
    where sub.status = 'approved' and sub.reviewed_at > ${approvedAfter.toISOString()}::timestamptz
      and c.platform in ${platforms}
    on conflict do nothing
    returning submission_id`);
  return rowsOf(result).length;
}

/** Fetches due at `now`, oldest first. */
export async function dueFetches(db: DatabaseOrTransaction, now: Date, limit: number) {
  return db
    .select()
    .from(contentMetricFetches)
    .where(
      and(
        isNull(contentMetricFetches.doneAt),
        sql`${contentMetricFetches.nextFetchAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(contentMetricFetches.nextFetchAt)
    .limit(limit);
}

export async function updateFetch(
  db: DatabaseOrTransaction,
  key: { submissionId: number; postUrl: string },
  values: Partial<typeof contentMetricFetches.$inferInsert>,
) {
  await db
    .update(contentMetricFetches)
    .set(values)
    .where(
      and(
        eq(contentMetricFetches.submissionId, key.submissionId),
        eq(contentMetricFetches.postUrl, key.postUrl),
      ),
    );
}

/** Moves every open fetch of `platform` due before `until` to `until` (quota back-off). */
export async function postponePlatform(db: DatabaseOrTransaction, platform: Platform, until: Date) {
  await db
    .update(contentMetricFetches)
    .set({ nextFetchAt: until })
    .where(
      and(
        eq(contentMetricFetches.platform, platform),
        isNull(contentMetricFetches.doneAt),
        sql`${contentMetricFetches.nextFetchAt} < ${until.toISOString()}::timestamptz`,
      ),
    );
}

/** The figures an admin last entered for a post (what a new entry corrects), or null when none were entered. */
export async function latestAdminFigures(db: DatabaseOrTransaction, submissionId: number, postUrl: string) {
  const [row] = await db
    .select({
      views: contentMetricSnapshots.views,
      likes: contentMetricSnapshots.likes,
      comments: contentMetricSnapshots.comments,
      shares: contentMetricSnapshots.shares,
      saves: contentMetricSnapshots.saves,
      reach: contentMetricSnapshots.reach,
    })
    .from(contentMetricSnapshots)
    .where(
      and(
        eq(contentMetricSnapshots.submissionId, submissionId),
        eq(contentMetricSnapshots.postUrl, postUrl),
        eq(contentMetricSnapshots.source, 'admin'),
      ),
    )
    .orderBy(desc(contentMetricSnapshots.measuredAt), desc(contentMetricSnapshots.id))
    .limit(1);
  return row ?? null;
}
