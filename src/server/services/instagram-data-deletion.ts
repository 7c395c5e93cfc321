import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { updateEngagementRates } from '../../db/queries/content-metrics';
import {
  deleteInstagramData,
  findPlatformDataDeletion,
  insertPlatformDataDeletion,
  resetEngagementWithoutFigures,
  submissionsOfCreators,
} from '../../db/queries/instagram-connections';
import { forgetVerifiedFollowers } from '../../db/queries/onboarding';
import { deleteInstagramPreviews } from '../../db/queries/post-previews';
import type { PlatformDataDeletionRow } from '../../db/schema/content-metrics';
import { AppError } from '../errors';
import type { FileStore } from '../integrations/file-storage/file-store';
import { discardImage } from './uploads';

/*
 * Meta's Deauthorize and Data Deletion callbacks for the Instagram app ("Data Deletion Request Callback",
 * developers.facebook.com/docs/development/create-an-app/app-dashboard/data-deletion-callback; Instagram's app
 * settings name both URLs). Meta POSTs a form with `signed_request`: `<signature>.<payload>`, both base64url; the
 * payload is JSON { algorithm: "HMAC-SHA256", issued_at, user_id, … } and the signature is HMAC-SHA256 of the
 * payload as sent, keyed with the app secret. Both callbacks remove what we obtained from Instagram for that user
 * and record it; the Data Deletion answer is { url, confirmation_code }, the url a page a person can open.
 */

export type DeletionKind = 'deauthorize' | 'data_deletion';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const BAD_SIGNED_REQUEST = 'The signed_request is not one Meta signed for this app.';

/** The user id of a signed_request made with `appSecret`; a clear 400 for anything else. */
export function verifySignedRequest(appSecret: string, signedRequest: string): { userId: string } {
  const parts = signedRequest.split('.');
  if (parts.length !== 2 || !BASE64URL.test(parts[0]!) || !BASE64URL.test(parts[1]!))
    throw new AppError('BAD_REQUEST', 'The signed_request must be two base64url parts joined by a dot.');
  const [signature, payload] = parts as [string, string];
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', 'The signed_request payload is not JSON.');
  }
  if (typeof data !== 'object' || data === null)
    throw new AppError('BAD_REQUEST', 'The signed_request payload is not JSON.');
  const fields = data as { algorithm?: unknown; user_id?: unknown };
  if (typeof fields.algorithm !== 'string' || fields.algorithm.toUpperCase() !== 'HMAC-SHA256')
    throw new AppError('BAD_REQUEST', 'The signed_request must be signed with HMAC-SHA256.');
  const expected = createHmac('sha256', appSecret).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('BAD_REQUEST', BAD_SIGNED_REQUEST);
  const userId =
    typeof fields.user_id === 'string' || typeof fields.user_id === 'number' ? String(fields.user_id) : '';
  if (!/^\d{1,30}$/.test(userId))
    throw new AppError('BAD_REQUEST', 'The signed_request does not name an Instagram user.');
  return { userId };
}

/** The public page that shows what a request removed. */
export const dataDeletionStatusUrl = (appUrl: string, code: string) =>
  `${appUrl}/data-deletion/${encodeURIComponent(code)}`;

/**
 * A Deauthorize or Data Deletion request from Meta: verified, then in one transaction the Instagram connections of
 * that user are removed (token and ages), the figures read from Instagram for their posts are deleted and no longer
 * read, the follower counts read from Instagram are forgotten (tiers from what is left), the previews read from
 * Instagram (captions, thumbnail rows) are removed, and the request is recorded under a new confirmation code; the
 * thumbnail files go once that is committed. An unknown user gets a code too (nothing held).
 */
export async function handleInstagramDeletion(
  deps: { db: Database; env: Pick<Env, 'instagram' | 'appUrl'>; files: FileStore },
  params: { kind: DeletionKind; signedRequest: string; now: Date },
): Promise<{ url: string; confirmationCode: string }> {
  const config = deps.env.instagram;
  if (!config) throw new AppError('NOT_FOUND', 'Instagram is not set up on this server.');
  const { userId } = verifySignedRequest(config.appSecret, params.signedRequest);
  const confirmationCode = randomBytes(12).toString('hex');
  const files = await deps.db.transaction(async (tx) => {
    const removed = await deleteInstagramData(tx, userId, params.now);
    const previews = await deleteInstagramPreviews(tx, removed.influencerIds);
    if (removed.influencerIds.length > 0) {
      await updateEngagementRates(tx, await submissionsOfCreators(tx, removed.influencerIds), params.now);
      await resetEngagementWithoutFigures(tx, removed.influencerIds);
      await forgetVerifiedFollowers(tx, removed.influencerIds, 'instagram');
    }
    await insertPlatformDataDeletion(tx, {
      confirmationCode,
      platform: 'instagram',
      kind: params.kind,
      platformUserId: userId,
      removed: { connections: removed.connections, snapshots: removed.snapshots },
      requestedAt: params.now,
      completedAt: params.now,
    });
    return previews.files;
  });
  for (const name of files) await discardImage(deps.files, name);
  return { url: dataDeletionStatusUrl(deps.env.appUrl, confirmationCode), confirmationCode };
}

/** A recorded request by its confirmation code, or null (unknown, or not a code we make). */
export async function findDataDeletion(db: Database, code: string): Promise<PlatformDataDeletionRow | null> {
  if (!/^[0-9a-f]{24}$/.test(code)) return null;
  return findPlatformDataDeletion(db, code);
}
