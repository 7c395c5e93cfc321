import { randomBytes } from 'node:crypto';
import type { Env } from '../../config/env';
import {
  deleteInstagramConnection,
  findInstagramConnection,
  saveInstagramConnection,
} from '../../db/queries/instagram-connections';
import { saveVerifiedFollowers } from '../../db/queries/onboarding';
import { deleteInstagramPreviews } from '../../db/queries/post-previews';
import type { InstagramConnectionStatus, InstagramConnectResult } from '../../shared/schemas/instagram';
import { seal, sign, verify } from '../auth/secret-box';
import { AppError } from '../http/errors';
import { createInstagramClient } from '../integrations/instagram/client';
import {
  InstagramNoInsightsError,
  InstagramNotFoundError,
  InstagramTokenError,
} from '../integrations/instagram/graph-errors';
import { INSTAGRAM_TOKEN_PURPOSE } from '../integrations/instagram/instagram-source';
import { MetricsSourceError } from '../integrations/metrics-source';
import { creatorOfAccount } from './creator-accounts';
import { atInstant, type ServiceContext } from './service-context';
import { discardImage } from './uploads';

/*
 * A creator connects their Instagram professional account (Instagram API with Instagram Login): the start returns
 * the authorization window's address with a signed `state` naming the user and when it ends; the callback accepts
 * it only for the same signed-in user within 10 minutes, trades the code for a long-lived token, and keeps the
 * token sealed (AES-256-GCM, a key derived from AUTH_SECRET), never in clear.
 */

const STATE_PURPOSE = 'instagram-connect-state';
const STATE_TTL_MS = 10 * 60_000;

/** What the connection reads from the app's settings besides its context: Instagram's app (null: not set up), the secret. */
export type InstagramSettings = Pick<Env, 'instagram' | 'authSecret'>;

export const instagramRedirectUri = (env: Pick<Env, 'appUrl'>) =>
  `${env.appUrl}/api/me/connections/instagram/callback`;

function configured(env: InstagramSettings) {
  if (!env.instagram)
    throw new AppError('CONFLICT', 'Connecting Instagram is not set up on this server yet.');
  return env.instagram;
}

export async function instagramConnectionStatus(
  services: ServiceContext,
  settings: InstagramSettings,
  creatorId: number,
): Promise<InstagramConnectionStatus> {
  const { db, now } = atInstant(services);
  const row = await findInstagramConnection(db, creatorId);
  return {
    available: settings.instagram !== null,
    connection: row
      ? {
          username: row.username,
          connectedAt: row.connectedAt.toISOString(),
          needsReconnect: row.tokenExpiresAt <= now,
          demographicsAt: row.demographicsAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The authorization window's address for this user, with a signed state that ends in 10 minutes. */
export function startInstagramConnection(
  services: ServiceContext,
  settings: InstagramSettings,
  userId: string,
): { url: string } {
  const { now, appUrl } = atInstant(services);
  const config = configured(settings);
  const state = sign(settings.authSecret, STATE_PURPOSE, {
    u: userId,
    n: randomBytes(12).toString('base64url'),
    e: now.getTime() + STATE_TTL_MS,
  });
  return { url: createInstagramClient(config).authorizeUrl(instagramRedirectUri({ appUrl }), state) };
}

/** Whether `state` was made by startInstagramConnection for `userId` and has not ended. */
export function stateIsValid(secret: string, state: string | undefined, userId: string | null, now: Date) {
  if (!state || !userId) return false;
  const value = verify(secret, STATE_PURPOSE, state) as { u?: unknown; e?: unknown } | null;
  return (
    value !== null &&
    typeof value === 'object' &&
    value.u === userId &&
    typeof value.e === 'number' &&
    value.e > now.getTime()
  );
}

/**
 * The callback (a top-level navigation from Instagram, for the signed-in `user` if any): checks the state, trades the
 * code for a long-lived token and stores the connection of the user's creator record.
 */
export async function completeInstagramConnection(
  services: ServiceContext,
  settings: InstagramSettings,
  params: {
    user: { id: string; role: string } | null;
    state: string | undefined;
    code: string | undefined;
    error: string | undefined;
  },
): Promise<InstagramConnectResult> {
  const { db, now, appUrl, logger } = atInstant(services);
  const creator = params.user?.role === 'influencer' ? await creatorOfAccount(db, params.user.id) : null;
  if (!settings.instagram) return 'unavailable';
  if (!creator || !stateIsValid(settings.authSecret, params.state, params.user?.id ?? null, now))
    return 'invalid';
  if (params.error) return 'cancelled';
  if (!params.code) return 'invalid';
  const client = createInstagramClient(settings.instagram, { now: () => now });
  try {
    const short = await client.exchangeCode(params.code, instagramRedirectUri({ appUrl }));
    const long = await client.exchangeForLongLived(short.accessToken);
    const me = await client.me(long.accessToken);
    const creatorId = creator.id;
    // The connection and the follower count read with it are stored together.
    await db.transaction(async (tx) => {
      await saveInstagramConnection(tx, {
        creatorId,
        igUserId: me.userId,
        igScopedId: me.scopedId,
        username: me.username,
        tokenCiphertext: seal(settings.authSecret, INSTAGRAM_TOKEN_PURPOSE, long.accessToken),
        tokenExpiresAt: long.expiresAt,
        now,
      });
      if (me.followersCount !== null)
        await saveVerifiedFollowers(tx, {
          creatorId,
          platform: 'instagram',
          followers: me.followersCount,
          handle: me.username,
          at: now,
        });
    });
    return 'connected';
  } catch (error) {
    if (
      error instanceof MetricsSourceError ||
      error instanceof InstagramTokenError ||
      error instanceof InstagramNotFoundError ||
      error instanceof InstagramNoInsightsError
    ) {
      logger.warn({ err: error.message }, 'instagram connection failed');
      return 'failed';
    }
    throw error;
  }
}

/**
 * Removes the creator's Instagram connection and, in the same transaction, the previews read through it (captions and
 * thumbnail rows); the thumbnail files go once that is committed. Figures already read stay (decision 0017).
 */
export async function disconnectInstagram({ db, files: store }: ServiceContext, creatorId: number) {
  const files = await db.transaction(async (tx) => {
    if (!(await deleteInstagramConnection(tx, creatorId)))
      throw new AppError('NOT_FOUND', 'No Instagram account is connected.');
    return (await deleteInstagramPreviews(tx, [creatorId])).files;
  });
  for (const name of files) await discardImage(store, name);
}
