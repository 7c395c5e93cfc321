import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Platform } from '../../shared/constants';
import type { DatabaseOrTransaction } from '../client';
import { contentMetricFetches } from '../schema/content-metrics';
import { rowsOf } from './raw-rows';

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
