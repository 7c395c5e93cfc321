import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { InstagramConfig } from '../../config/env-services';
import type { Database } from '../../db/client';
import { updateEngagementRates } from '../../db/queries/content-metrics-writes';
import {
  completePlatformDataDeletion,
  deleteInstagramData,
  findPlatformDataDeletion,
  insertPlatformDataDeletion,
  platformDataDeletionByDigest,
  resetEngagementWithoutFigures,
  submissionsOfCreators,
} from '../../db/queries/instagram-connections';
import { forgetVerifiedFollowers } from '../../db/queries/onboarding';
import { deleteInstagramPreviews } from '../../db/queries/post-previews';
import type { PlatformDataDeletionRow } from '../../db/schema/content-metrics';
import { AppError } from '../http/errors';
import { atInstant, type ServiceContext } from './service-context';
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

/**
 * How old a signed_request may be (issue 42): Meta signs each callback when it sends it (`issued_at`, Unix seconds),
 * so an older one is a replay. A repeat within the window is answered from its record and runs nothing; a clock
 * ahead of ours by at most SIGNED_REQUEST_SKEW_S is tolerated.
 */
export const SIGNED_REQUEST_MAX_AGE_S = 3600;
export const SIGNED_REQUEST_SKEW_S = 300;
export const STALE_SIGNED_REQUEST =
  'The signed_request was issued more than 1 hour ago (or in the future): Meta sends a new one.';

/** The user id of a signed_request made with `appSecret`, issued within the window; a clear 400 for anything else. */
export function verifySignedRequest(appSecret: string, signedRequest: string, now: Date): { userId: string } {
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
  const issuedAt = (data as { issued_at?: unknown }).issued_at;
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt))
    throw new AppError('BAD_REQUEST', 'The signed_request has no issued_at time.');
  const age = now.getTime() / 1000 - issuedAt;
  if (age > SIGNED_REQUEST_MAX_AGE_S || age < -SIGNED_REQUEST_SKEW_S)
    throw new AppError('BAD_REQUEST', STALE_SIGNED_REQUEST);
  return { userId };
}

/** The public page that shows what a request removed. */
export const dataDeletionStatusUrl = (appUrl: string, code: string) =>
  `${appUrl}/data-deletion/${encodeURIComponent(code)}`;

/**
 * A Deauthorize or Data Deletion request from Meta: verified (signature, and issued within the last hour), then in
 * one transaction recorded under its digest and a new confirmation code, and the Instagram connections of that user
 * (matched by the app-scoped id Meta sends, or the professional account's id) are removed (token and ages), the
 * figures read from Instagram for their posts are deleted and no longer read, the follower counts read from
 * Instagram are forgotten (tiers from what is left), the previews read from Instagram (captions, thumbnail rows) are
 * removed; the thumbnail files go once that is committed. The same request again (a retry, a replay) is answered
 * with the first code and runs nothing (issue 42). A user we hold nothing of gets a code too, and a log line.
 */
export async function handleInstagramDeletion(
  services: ServiceContext,
  config: InstagramConfig | null,
  params: { kind: DeletionKind; signedRequest: string },
): Promise<{ url: string; confirmationCode: string }> {
  const { db, now, files, logger, appUrl } = atInstant(services);
  if (!config) throw new AppError('NOT_FOUND', 'Instagram is not set up on this server.');
  const { userId } = verifySignedRequest(config.appSecret, params.signedRequest, now);
  const requestDigest = createHash('sha256').update(params.signedRequest).digest('hex');
  const fresh = randomBytes(12).toString('hex');
  const outcome = await db.transaction(async (tx) => {
    const recorded = await insertPlatformDataDeletion(tx, {
      confirmationCode: fresh,
      platform: 'instagram',
      kind: params.kind,
      platformUserId: userId,
      removed: { connections: 0, snapshots: 0 },
      requestedAt: now,
      requestDigest,
    });
    if (!recorded) {
      const first = await platformDataDeletionByDigest(tx, requestDigest);
      return { confirmationCode: first ?? fresh, files: [] as string[], repeat: true, connections: 0 };
    }
    const removed = await deleteInstagramData(tx, userId, now);
    const previews = await deleteInstagramPreviews(tx, removed.creatorIds);
    if (removed.creatorIds.length > 0) {
      await updateEngagementRates(tx, await submissionsOfCreators(tx, removed.creatorIds), now);
      await resetEngagementWithoutFigures(tx, removed.creatorIds);
      await forgetVerifiedFollowers(tx, removed.creatorIds, 'instagram');
    }
    await completePlatformDataDeletion(
      tx,
      fresh,
      { connections: removed.connections, snapshots: removed.snapshots },
      now,
    );
    return {
      confirmationCode: fresh,
      files: previews.files,
      repeat: false,
      connections: removed.connections,
    };
  });
  if (outcome.repeat) {
    logger.info(
      { kind: params.kind },
      'a repeated Instagram deletion request was answered with its first code',
    );
  } else if (outcome.connections === 0) {
    logger.warn(
      { kind: params.kind, confirmationCode: outcome.confirmationCode },
      'an Instagram deletion request matched no Instagram connection (nothing held; answered as Meta requires)',
    );
  }
  for (const name of outcome.files) await discardImage(files, name);
  return {
    url: dataDeletionStatusUrl(appUrl, outcome.confirmationCode),
    confirmationCode: outcome.confirmationCode,
  };
}

/** A recorded request by its confirmation code, or null (unknown, or not a code we make). */
export async function findDataDeletion(db: Database, code: string): Promise<PlatformDataDeletionRow | null> {
  if (!/^[0-9a-f]{24}$/.test(code)) return null;
  return findPlatformDataDeletion(db, code);
}
