import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { applications, submissions } from '../schema/applications';
import { contentPostPreviews } from '../schema/content-metrics';
import { creators } from '../schema/creators';
import { uploads } from '../schema/uploads';

export interface StoredPostPreview {
  submissionId: number;
  postUrl: string;
  caption: string | null;
  /** The stored thumbnail (uploads.name), or null. */
  thumbnailUpload: string | null;
  /** When the thumbnail copy was made (its upload's created_at), or null. */
  thumbnailAt: Date | null;
  readAt: Date;
}

const key = (submissionId: number, postUrl: string) => `${submissionId}\n${postUrl}`;

/** The previews of these submissions' posts, by `submissionId\npostUrl` (see previewKey). */
export async function previewsOfSubmissions(
  db: DatabaseOrTransaction,
  submissionIds: readonly number[],
): Promise<Map<string, StoredPostPreview>> {
  const found = new Map<string, StoredPostPreview>();
  if (submissionIds.length === 0) return found;
  const rows = await db
    .select({
      submissionId: contentPostPreviews.submissionId,
      postUrl: contentPostPreviews.postUrl,
      caption: contentPostPreviews.caption,
      thumbnailUpload: contentPostPreviews.thumbnailUpload,
      thumbnailAt: uploads.createdAt,
      readAt: contentPostPreviews.readAt,
    })
    .from(contentPostPreviews)
    .leftJoin(uploads, eq(uploads.name, contentPostPreviews.thumbnailUpload))
    .where(inArray(contentPostPreviews.submissionId, [...new Set(submissionIds)]));
  for (const row of rows) found.set(key(row.submissionId, row.postUrl), row);
  return found;
}

export const previewKey = key;

/** Whether a stored preview describes anything (a row with neither is only a note that the platform was asked). */
export const describesPost = (preview: StoredPostPreview) =>
  preview.caption !== null || preview.thumbnailUpload !== null;

/** A stored preview as the pages show it: the caption and the address of our copy of the thumbnail. */
export function lookView(preview: StoredPostPreview) {
  return {
    caption: preview.caption,
    thumbnailUrl: preview.thumbnailUpload ? `/uploads/${preview.thumbnailUpload}` : null,
    readAt: preview.readAt.toISOString(),
  };
}

/** The posts with their previews attached (null where the platform described nothing). */
export async function withPreviews<T extends { submissionId: number; postUrl: string }>(
  db: DatabaseOrTransaction,
  posts: T[],
): Promise<Array<T & { preview: ReturnType<typeof lookView> | null }>> {
  const found = await previewsOfSubmissions(
    db,
    posts.map((p) => p.submissionId),
  );
  return posts.map((post) => {
    const preview = found.get(key(post.submissionId, post.postUrl));
    return { ...post, preview: preview && describesPost(preview) ? lookView(preview) : null };
  });
}

/** One post's preview, or null. */
export async function findPostPreview(
  db: DatabaseOrTransaction,
  submissionId: number,
  postUrl: string,
): Promise<StoredPostPreview | null> {
  return (await previewsOfSubmissions(db, [submissionId])).get(key(submissionId, postUrl)) ?? null;
}

/** The user account of each submission's creator (the owner of its stored thumbnails). */
export async function submissionOwnerUsers(
  db: DatabaseOrTransaction,
  submissionIds: readonly number[],
): Promise<Map<number, string | null>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db
    .select({ submissionId: submissions.id, userId: creators.authUserId })
    .from(submissions)
    .innerJoin(applications, eq(applications.id, submissions.applicationId))
    .innerJoin(creators, eq(creators.id, applications.creatorId))
    .where(inArray(submissions.id, [...new Set(submissionIds)]));
  return new Map(rows.map((r) => [r.submissionId, r.userId]));
}

/** Writes a post's preview (one row per post). */
export async function savePostPreview(
  db: DatabaseOrTransaction,
  row: {
    submissionId: number;
    postUrl: string;
    platform: string;
    caption: string | null;
    thumbnailUpload: string | null;
    readAt: Date;
  },
) {
  await db
    .insert(contentPostPreviews)
    .values(row)
    .onConflictDoUpdate({
      target: [contentPostPreviews.submissionId, contentPostPreviews.postUrl],
      set: {
        caption: row.caption,
        thumbnailUpload: row.thumbnailUpload,
        readAt: row.readAt,
        platform: row.platform,
      },
    });
}

/**
 * Forgets the Instagram previews of these creators' posts (rows, and the uploads rows of their thumbnails) in the
 * caller's transaction; answers the stored file names, which the caller deletes once the transaction is committed.
 */
export async function deleteInstagramPreviews(
  db: DatabaseOrTransaction,
  creatorIds: readonly number[],
): Promise<{ previews: number; files: string[] }> {
  if (creatorIds.length === 0) return { previews: 0, files: [] };
  const removed = await db
    .delete(contentPostPreviews)
    .where(
      and(
        eq(contentPostPreviews.platform, 'instagram'),
        inArray(
          contentPostPreviews.submissionId,
          db
            .select({ id: submissions.id })
            .from(submissions)
            .innerJoin(applications, eq(applications.id, submissions.applicationId))
            .where(inArray(applications.creatorId, [...creatorIds])),
        ),
      ),
    )
    .returning({ thumbnailUpload: contentPostPreviews.thumbnailUpload });
  const files = removed.map((r) => r.thumbnailUpload).filter((name): name is string => name !== null);
  if (files.length > 0) await db.delete(uploads).where(inArray(uploads.name, files));
  return { previews: removed.length, files };
}

/** Deletes an uploads row unless a preview still names it (used when a newer copy replaced it). */
export async function deleteUnusedThumbnail(db: DatabaseOrTransaction, name: string) {
  await db.execute(
    sql`delete from uploads where name = ${name}
      and not exists (select 1 from content_post_previews where thumbnail_upload = ${name})`,
  );
}

/**
 * Posts of submissions waiting for review (submitted after `submittedAfter`) on these platforms that have no preview
 * yet and were not asked about since `askedBefore`: the job reads what they look like before the admin decides.
 */
export async function postsAwaitingPreview(
  db: DatabaseOrTransaction,
  platforms: readonly string[],
  submittedAfter: Date,
  askedBefore: Date,
  limit: number,
) {
  if (platforms.length === 0) return [];
  const result = await db.execute(sql`
    select sub.id as submission_id, u.url as post_url, c.platform
    from submissions sub
    join applications a on a.id = sub.application_id
    join campaigns c on c.id = a.campaign_id
    cross join lateral unnest(sub.urls) as u(url)
    left join content_post_previews p on p.submission_id = sub.id and p.post_url = u.url
    where sub.status = 'submitted' and sub.created_at > ${submittedAfter.toISOString()}::timestamptz
      and c.platform in ${platforms}
      and (p.submission_id is null
        or (p.caption is null and p.thumbnail_upload is null and p.read_at < ${askedBefore.toISOString()}::timestamptz))
    order by sub.created_at
    limit ${limit}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    submissionId: Number(row.submission_id),
    postUrl: String(row.post_url),
    platform: String(row.platform),
  }));
}
