import { arrayOverlaps, eq, inArray, or } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { applications, submissions } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { contentMetricSnapshots } from '../schema/content-metrics';
import { creators } from '../schema/creators';
import { uploads } from '../schema/uploads';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

/** Records a stored file (a row per file; a name already recorded keeps its row). */
export async function insertUpload(db: DatabaseOrTransaction, row: NewUpload | NewUpload[]) {
  const rows = Array.isArray(row) ? row : [row];
  if (rows.length === 0) return;
  await db.insert(uploads).values(rows).onConflictDoNothing({ target: uploads.name });
}

export async function deleteUpload(db: DatabaseOrTransaction, name: string) {
  await db.delete(uploads).where(eq(uploads.name, name));
}

/** Who may see the file: its visibility and owner. */
export async function findUpload(
  db: DatabaseOrTransaction,
  name: string,
): Promise<Pick<UploadRow, 'visibility' | 'ownerUserId' | 'contentType'> | undefined> {
  const [row] = await db
    .select({
      visibility: uploads.visibility,
      ownerUserId: uploads.ownerUserId,
      contentType: uploads.contentType,
    })
    .from(uploads)
    .where(eq(uploads.name, name))
    .limit(1);
  return row;
}

export async function uploadsNamed(
  db: DatabaseOrTransaction,
  names: string[],
): Promise<Array<Pick<UploadRow, 'name' | 'visibility' | 'ownerUserId'>>> {
  if (names.length === 0) return [];
  return db
    .select({ name: uploads.name, visibility: uploads.visibility, ownerUserId: uploads.ownerUserId })
    .from(uploads)
    .where(inArray(uploads.name, names));
}

/** For each of `urls` used as a creator's evidence screenshot: the user accounts of the creators who reported it. */
export async function evidenceReporters(
  db: DatabaseOrTransaction,
  urls: string[],
): Promise<Map<string, Set<string | null>>> {
  const found = new Map<string, Set<string | null>>();
  if (urls.length === 0) return found;
  const rows = await db
    .select({ url: contentMetricSnapshots.screenshotUrl, userId: creators.authUserId })
    .from(contentMetricSnapshots)
    .innerJoin(submissions, eq(submissions.id, contentMetricSnapshots.submissionId))
    .innerJoin(applications, eq(applications.id, submissions.applicationId))
    .innerJoin(creators, eq(creators.id, applications.creatorId))
    .where(inArray(contentMetricSnapshots.screenshotUrl, urls));
  for (const { url, userId } of rows) {
    if (url === null) continue;
    const users = found.get(url) ?? new Set<string | null>();
    users.add(userId);
    found.set(url, users);
  }
  return found;
}

/** Which of `urls` a campaign shows (its main image or its gallery). */
export async function campaignImageUrls(db: DatabaseOrTransaction, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ imageUrl: campaigns.imageUrl, gallery: campaigns.gallery })
    .from(campaigns)
    .where(or(inArray(campaigns.imageUrl, urls), arrayOverlaps(campaigns.gallery, urls)));
  const wanted = new Set(urls);
  return new Set(rows.flatMap((row) => [row.imageUrl, ...row.gallery]).filter((url) => wanted.has(url)));
}
