import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { contentMetricSnapshots, contentPostFigures } from '../schema/content-metrics';
import { AGGREGATES, latestCtes } from './content-metrics';
import { rowsOf } from './raw-rows';

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
function measuredPostsOf(creatorId: SQL) {
  return sql`(select count(*)::int from content_post_figures f
    where f.influencer_id = ${creatorId} and f.snapshot_id is not null)`;
}

/** How many of this creator's posts have counted figures (the engagement rate is 0 and means nothing without any). */
export async function measuredPostCount(db: DatabaseOrTransaction, creatorId: number) {
  const result = await db.execute(sql`select ${measuredPostsOf(sql`${creatorId}`)} as measured_posts`);
  return Number(rowsOf(result)[0]?.measured_posts ?? 0);
}

/**
 * These creators' engagement rates and how many of their posts have figures (the applicant cards of one page of a
 * campaign's applicants): each read by key, `influencers` by its primary key and the count index-only from
 * `content_post_figures_influencer_idx`, so the read costs what the page shows, whatever the campaign holds.
 */
export async function engagementOf(
  db: DatabaseOrTransaction,
  creatorIds: readonly number[],
): Promise<Map<number, { engagementRate: number; measuredPosts: number }>> {
  const ids = [...new Set(creatorIds)];
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

/** A snapshot's six figures, as a selection (the admin's last entry, the creator's data export). */
export const snapshotFigureColumns = {
  views: contentMetricSnapshots.views,
  likes: contentMetricSnapshots.likes,
  comments: contentMetricSnapshots.comments,
  shares: contentMetricSnapshots.shares,
  saves: contentMetricSnapshots.saves,
  reach: contentMetricSnapshots.reach,
};

/** The figures an admin last entered for a post (what a new entry corrects), or null when none were entered. */
export async function latestAdminFigures(db: DatabaseOrTransaction, submissionId: number, postUrl: string) {
  const [row] = await db
    .select(snapshotFigureColumns)
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
