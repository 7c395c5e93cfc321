import type { Context, Handler } from 'hono';
import { findUpload } from '../../db/queries/uploads';
import { errorBody } from '../../shared/schemas/error';
import type { AppBindings } from '../http/context';
import { loadSession } from '../middleware/session';
import { TYPE_OF_EXTENSION, UPLOAD_NAME } from '../services/uploads';

/** Public files have random names that never change: cached for good. */
export const PUBLIC_UPLOAD_CACHE = 'public, max-age=31536000, immutable';
/** A private file is for one person's eyes: no shared cache keeps it, no browser cache stores it. */
export const PRIVATE_UPLOAD_CACHE = 'private, no-store';

function notFound(c: Context<AppBindings>) {
  const response = c.json(errorBody('Not found', 'NOT_FOUND'), 404);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * GET /uploads/<name>, from the file store (DATA_DIR or the S3 bucket, the same for every instance). Who may see a
 * file is its `uploads` row: a public one (campaign images) anyone, a private one (creators' evidence screenshots,
 * post thumbnails, message images) only the user who uploaded it and admins, with the session cookie the page's
 * <img> sends; the check is made before the store is read. Anyone else gets the same 404 as for a name that does
 * not exist, so a name is never confirmed; a file without a row (none after the start-up backfill) is treated as
 * private to admins. A store that cannot answer is a 503 (try again), never a 404.
 */
export const uploadedFiles: Handler<AppBindings> = async (c) => {
  const name = c.req.path.slice('/uploads/'.length);
  if (!UPLOAD_NAME.test(name)) return notFound(c);
  const { db, files, logger } = c.get('deps');
  const row = await findUpload(db, name);
  let cacheControl = PUBLIC_UPLOAD_CACHE;
  if (row?.visibility !== 'public') {
    await loadSession(c, async () => {});
    const user = c.get('user');
    const allowed = user?.role === 'admin' || (!!user && !!row?.ownerUserId && row.ownerUserId === user.id);
    if (!allowed) return notFound(c);
    cacheControl = PRIVATE_UPLOAD_CACHE;
  }
  const etag = `"${name}"`;
  if (cacheControl === PUBLIC_UPLOAD_CACHE && c.req.header('if-none-match') === etag) {
    return c.body(null, 304, { ETag: etag, 'Cache-Control': cacheControl });
  }
  let bytes: Buffer | null;
  try {
    bytes = await files.read('uploads', name);
  } catch (error) {
    logger.error({ err: error, name }, 'an uploaded file could not be read from the file store');
    const response = c.json(
      errorBody('The file cannot be read just now. Try again shortly.', 'UNAVAILABLE'),
      503,
    );
    response.headers.set('Cache-Control', 'no-store');
    response.headers.set('Retry-After', '5');
    return response;
  }
  if (!bytes) return notFound(c);
  const headers = {
    'Content-Type': row?.contentType ?? TYPE_OF_EXTENSION[name.slice(name.lastIndexOf('.') + 1)]!,
    'Content-Length': String(bytes.length),
    'Cache-Control': cacheControl,
    ...(cacheControl === PUBLIC_UPLOAD_CACHE ? { ETag: etag } : {}),
  };
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(new Uint8Array(bytes), 200, headers);
};
