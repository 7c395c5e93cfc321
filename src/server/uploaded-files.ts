import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Handler } from 'hono';
import { findUpload } from '../db/queries/uploads';
import { errorBody } from '../shared/schemas/error';
import type { AppBindings } from './context';
import { loadSession } from './middleware/session';
import { UPLOAD_NAME, uploadsDir } from './services/uploads';

/** Public files have random names that never change: cached for good. */
export const PUBLIC_UPLOAD_CACHE = 'public, max-age=31536000, immutable';
/** A private file is for one person's eyes: no shared cache keeps it, no browser cache stores it. */
export const PRIVATE_UPLOAD_CACHE = 'private, no-store';

/**
 * GET /uploads/<name>. Who may see a file is its `uploads` row: a public one (campaign images) anyone, a private
 * one (creators' evidence screenshots) only the user who uploaded it and admins, with the session cookie the page's
 * <img> sends. Anyone else gets the same 404 as for a name that does not exist, so a name is never confirmed; a
 * file without a row (none after the start-up backfill) is treated as private to admins.
 */
export function uploadedFiles(dataDir: string): Handler<AppBindings> {
  const files = serveStatic<AppBindings>({
    root: uploadsDir(dataDir),
    rewriteRequestPath: (p) => p.replace(/^\/uploads/, ''),
  });
  const notFound = (c: Context<AppBindings>) => {
    const response = c.json(errorBody('Not found', 'NOT_FOUND'), 404);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  };

  return async (c) => {
    const name = c.req.path.slice('/uploads/'.length);
    if (!UPLOAD_NAME.test(name)) return notFound(c);
    const row = await findUpload(c.get('deps').db, name);
    let cacheControl = PUBLIC_UPLOAD_CACHE;
    if (row?.visibility !== 'public') {
      await loadSession(c, async () => {});
      const user = c.get('user');
      const allowed = user?.role === 'admin' || (!!user && !!row?.ownerUserId && row.ownerUserId === user.id);
      if (!allowed) return notFound(c);
      cacheControl = PRIVATE_UPLOAD_CACHE;
    }
    const response = await files(c, async () => {});
    if (!(response instanceof Response)) return notFound(c);
    response.headers.set('Cache-Control', cacheControl);
    return response;
  };
}
