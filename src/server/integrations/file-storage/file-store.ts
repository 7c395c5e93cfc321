/**
 * Where the app's files live (issue 40): the local DATA_DIR by default, or an S3-compatible bucket (AWS S3,
 * Cloudflare R2, MinIO) when S3_BUCKET is set, so that every instance behind a load balancer sees the same files.
 * Services and routes only use this interface; the two stores are `local-file-store.ts` and `s3-file-store.ts`.
 *
 * Files are kept in areas: `uploads` (images: campaign images, evidence screenshots, post thumbnails, message
 * images; who may see one is its `uploads` row) and `exports` (the creators' data downloads, private). Names are
 * random and never reused; a file is written once and never changed.
 */
export const FILE_AREAS = ['uploads', 'exports'] as const;
export type FileArea = (typeof FILE_AREAS)[number];

/** One stored file as a listing shows it. */
export interface StoredFileInfo {
  name: string;
  size: number;
  modifiedAt: Date;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Where the files are, for logs, backups and the migration's report (no secret in it). */
  readonly location: string;
  /** Writes a file (a new name: never an overwrite of a file someone reads). Throws FileStoreError when it cannot. */
  put(area: FileArea, name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. Throws FileStoreError when the store cannot answer. */
  read(area: FileArea, name: string): Promise<Buffer | null>;
  /** Removes a file; a file that is not there is not an error. Throws FileStoreError when the store cannot answer. */
  remove(area: FileArea, name: string): Promise<void>;
  /** Every file of an area, a page at a time (names in ascending order). */
  list(area: FileArea): AsyncIterable<StoredFileInfo[]>;
}

/** The store could not be reached or refused the request (never "no such file": that is null or a no-op). */
export class FileStoreError extends Error {
  override name = 'FileStoreError';
}
