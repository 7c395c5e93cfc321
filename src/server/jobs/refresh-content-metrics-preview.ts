import type { Database } from '../../db/client';
import { deleteUnusedThumbnail, findPostPreview, savePostPreview } from '../../db/queries/post-previews';
import { insertUpload } from '../../db/queries/uploads';
import type { Platform } from '../../shared/constants';
import type { FileStore } from '../integrations/file-storage/file-store';
import type { PostLook, PostToRead } from '../integrations/metrics-source';
import { downloadThumbnail, type ThumbnailFetchOptions } from '../integrations/post-thumbnails';
import type { Logger } from '../process/logger';
import { discardImage, type StoredImage, storeImage, uploadRow } from '../services/uploads';

/** Instagram's caption limit; TikTok's title and description are 150 each, YouTube's description up to 5,000. */
export const CAPTION_MAX_CHARS = 2200;
/** The stored thumbnail is copied again at most once a day (platform links change at every read; images rarely). */
export const THUMBNAIL_REFRESH_MS = 24 * 3_600_000;

/** A caption as plain text: control characters out (new lines kept), trimmed, at most 2,200 characters. */
export function plainCaption(text: string | null): string | null {
  if (!text) return null;
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (!cleaned) return null;
  const chars = Array.from(cleaned);
  return chars.length > CAPTION_MAX_CHARS
    ? `${chars
        .slice(0, CAPTION_MAX_CHARS - 1)
        .join('')
        .trimEnd()}…`
    : cleaned;
}

export interface PreviewStorage extends ThumbnailFetchOptions {
  /** Where thumbnails are stored (the uploads area of DATA_DIR or the bucket). */
  files: FileStore;
}

/**
 * Stores what the platform says a post looks like: the caption at every reading, and a private copy of the thumbnail
 * (owned by the creator; admins see it too) when there is none yet or the copy is a day old. The old copy (file and
 * row) goes once the new one is recorded. A thumbnail that cannot be fetched (refused host, too large, not an image,
 * no answer) keeps the copy there was; nothing here throws into the reading (the caller logs).
 */
export async function storePostPreview(params: {
  db: Database;
  storage: PreviewStorage;
  platform: Platform;
  post: PostToRead;
  look: PostLook;
  ownerUserId: string | null;
  now: Date;
  logger: Logger;
}): Promise<{ thumbnail: 'stored' | 'kept' | 'refused' }> {
  const { db, storage, platform, post, look, now, logger } = params;
  const existing = await findPostPreview(db, post.submissionId, post.postUrl);
  const copyDue =
    !existing?.thumbnailUpload ||
    !existing.thumbnailAt ||
    now.getTime() - existing.thumbnailAt.getTime() >= THUMBNAIL_REFRESH_MS;
  let stored: StoredImage | null = null;
  let outcome: 'stored' | 'kept' | 'refused' = 'kept';
  if (look.thumbnailUrl && copyDue) {
    try {
      const bytes = await downloadThumbnail(platform, look.thumbnailUrl, storage);
      stored = await storeImage(storage.files, new File([new Uint8Array(bytes)], 'thumbnail'));
      outcome = 'stored';
    } catch (error) {
      outcome = 'refused';
      logger.warn(
        { platform, submissionId: post.submissionId, err: (error as Error).message },
        'post thumbnail not copied',
      );
    }
  }
  const previous = existing?.thumbnailUpload ?? null;
  try {
    await db.transaction(async (tx) => {
      if (stored) {
        await insertUpload(tx, { ...uploadRow(stored, '', 'private', now), ownerUserId: params.ownerUserId });
      }
      await savePostPreview(tx, {
        submissionId: post.submissionId,
        postUrl: post.postUrl,
        platform,
        caption: plainCaption(look.caption),
        thumbnailUpload: stored?.name ?? previous,
        readAt: now,
      });
      if (stored && previous) await deleteUnusedThumbnail(tx, previous);
    });
  } catch (error) {
    if (stored) await discardImage(storage.files, stored.name);
    throw error;
  }
  if (stored && previous) await discardImage(storage.files, previous);
  return { thumbnail: outcome };
}

/** What a run counts of the previews it stored: previews written, and thumbnails that could not be copied. */
export interface PreviewCounts {
  previews: number;
  thumbnailsRefused: number;
}

/** Stores a post's preview (`storePostPreview`) and counts it in the run's `counts`. */
export async function storeCountedPreview(
  counts: PreviewCounts,
  params: Parameters<typeof storePostPreview>[0],
): Promise<void> {
  const stored = await storePostPreview(params);
  counts.previews += 1;
  if (stored.thumbnail === 'refused') counts.thumbnailsRefused += 1;
}
