import { randomBytes } from 'node:crypto';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import {
  campaignImageUrls,
  evidenceReporters,
  insertUpload,
  type NewUpload,
  uploadsNamed,
} from '../../db/queries/uploads';
import { AppError } from '../http/errors';
import { type FileStore, FileStoreError } from '../integrations/file-storage/file-store';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Accepted image types, recognised by their first bytes (the file name and the declared type are not trusted). */
const SIGNATURES: Array<{ ext: string; type: string; test: (b: Buffer) => boolean }> = [
  {
    ext: 'png',
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { ext: 'gif', type: 'image/gif', test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
];

/** The names storeImage gives: 24 hex characters and the type's extension. Nothing else under /uploads is served. */
export const UPLOAD_NAME = /^[0-9a-f]{24}\.(?:png|jpg|webp|gif)$/;
export const TYPE_OF_EXTENSION: Record<string, string> = Object.fromEntries(
  SIGNATURES.map((s) => [s.ext, s.type]),
);

export type UploadVisibility = 'public' | 'private';

export interface StoredImage {
  /** The file name in the store's `uploads` area (the uploads table's key). */
  name: string;
  /** Its address on the site: /uploads/<name>. */
  url: string;
  type: string;
  size: number;
}

/** The stored name an address of ours names (`/uploads/<name>`), or null for any other address. */
export function uploadNameOf(url: string): string | null {
  const match = /^\/uploads\/([^/?#]+)$/.exec(url);
  return match && UPLOAD_NAME.test(match[1]!) ? match[1]! : null;
}

/**
 * Stores an image in the file store (DATA_DIR/uploads or the bucket) with a random name (the file only; the caller
 * records it in `uploads`, see storeUpload). A store that cannot be reached answers 503, and nothing is recorded.
 */
export async function storeImage(files: FileStore, file: File): Promise<StoredImage> {
  if (file.size === 0) throw new AppError('BAD_REQUEST', 'file: the file is empty');
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'file: images must be at most 5 MB');
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw new AppError('BAD_REQUEST', 'file: only PNG, JPEG, WebP or GIF images are accepted');
  const name = `${randomBytes(12).toString('hex')}.${kind.ext}`;
  await files.put('uploads', name, bytes, kind.type).catch((error: unknown) => {
    throw error instanceof FileStoreError
      ? new AppError('UNAVAILABLE', 'The image could not be stored just now. Please try again in a moment.')
      : error;
  });
  return { name, url: `/uploads/${name}`, type: kind.type, size: bytes.length };
}

/** Removes a stored file whose record did not happen (best effort: a file without a row is shown to admins only). */
export async function discardImage(files: FileStore, name: string): Promise<void> {
  await files.remove('uploads', name).catch(() => {});
}

/** The uploads row of a stored image: who uploaded it and who may see it. */
export function uploadRow(
  stored: StoredImage,
  ownerUserId: string,
  visibility: UploadVisibility,
  now: Date,
): NewUpload {
  return {
    name: stored.name,
    ownerUserId,
    visibility,
    contentType: stored.type,
    size: stored.size,
    createdAt: now,
  };
}

/** Stores an image and records it (owner, visibility) in the same request; the file goes again if the record fails. */
export async function storeUpload(
  { db, files }: { db: DatabaseOrTransaction; files: FileStore },
  file: File,
  { ownerUserId, visibility, now }: { ownerUserId: string; visibility: UploadVisibility; now: Date },
): Promise<StoredImage> {
  const stored = await storeImage(files, file);
  try {
    await insertUpload(db, uploadRow(stored, ownerUserId, visibility, now));
  } catch (error) {
    await discardImage(files, stored.name);
    throw error;
  }
  return stored;
}

/**
 * Campaign images are shown to everyone: an address of ours in them must name a public upload (a campaign image
 * uploaded by an admin), never a creator's private screenshot. Other addresses (/images/… shipped with the app)
 * pass.
 */
export async function requirePublicImages(
  db: DatabaseOrTransaction,
  images: { imageUrl?: string | undefined; gallery?: string[] | undefined },
): Promise<void> {
  const fields = [
    ...(images.imageUrl === undefined ? [] : [{ field: 'imageUrl', url: images.imageUrl }]),
    ...(images.gallery ?? []).map((url) => ({ field: 'gallery', url })),
  ].filter(({ url }) => url.startsWith('/uploads/'));
  if (fields.length === 0) return;
  const names = fields.map(({ url }) => uploadNameOf(url)).filter((name) => name !== null);
  const publicNames = new Set(
    (await uploadsNamed(db, [...new Set(names)]))
      .filter((row) => row.visibility === 'public')
      .map((row) => row.name),
  );
  const refused = fields.find(({ url }) => !publicNames.has(uploadNameOf(url) ?? ''));
  if (refused) {
    throw new AppError('VALIDATION_FAILED', 'Upload an image for the campaign', {}, undefined, refused.field);
  }
}

/**
 * Gives every stored upload without an `uploads` row (uploaded before the table existed) the row that is safe for
 * it, from what refers to it: a creator's evidence screenshot is private to that creator (private to admins only
 * when several creators' reports name it); otherwise a campaign image (main or gallery) is public; otherwise (never
 * used) it is private to admins. Safe to run again and on several instances at once: recorded names are left alone.
 * Run at start-up, after the migrations, and by `npm run files:migrate` after copying.
 */
export async function backfillUploads(db: Database, files: FileStore, now: Date) {
  const counts = { public: 0, private: 0 };
  for await (const page of files.list('uploads')) {
    const listed = page.filter((file) => UPLOAD_NAME.test(file.name));
    if (listed.length === 0) continue;
    const recorded = new Set(
      (
        await uploadsNamed(
          db,
          listed.map((file) => file.name),
        )
      ).map((row) => row.name),
    );
    const missing = listed.filter((file) => !recorded.has(file.name));
    if (missing.length === 0) continue;
    const urls = missing.map((file) => `/uploads/${file.name}`);
    const [reporters, campaignImages] = await Promise.all([
      evidenceReporters(db, urls),
      campaignImageUrls(db, urls),
    ]);
    const rows: NewUpload[] = missing.map((file) => {
      const url = `/uploads/${file.name}`;
      const creators = reporters.get(url);
      const visibility: UploadVisibility = !creators && campaignImages.has(url) ? 'public' : 'private';
      const owner = creators?.size === 1 ? [...creators][0]! : null;
      counts[visibility] += 1;
      return {
        name: file.name,
        ownerUserId: visibility === 'private' ? owner : null,
        visibility,
        contentType: TYPE_OF_EXTENSION[file.name.slice(file.name.lastIndexOf('.') + 1)]!,
        size: file.size,
        createdAt: file.modifiedAt.getTime() > 0 ? file.modifiedAt : now,
      };
    });
    await insertUpload(db, rows);
  }
  return counts;
}
