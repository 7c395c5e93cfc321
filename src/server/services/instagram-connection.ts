import { randomBytes } from 'node:crypto';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
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
import type { FileStore } from '../integrations/file-storage/file-store';
import { createInstagramClient } from '../integrations/instagram/client';
import {
  InstagramNoInsightsError,
  InstagramNotFoundError,
  InstagramTokenError,
} from '../integrations/instagram/graph-errors';
import { INSTAGRAM_TOKEN_PURPOSE } from '../integrations/instagram/instagram-source';
import { MetricsSourceError } from '../integrations/metrics-source';
import type { Logger } from '../process/logger';
import { discardImage } from './uploads';

/*
 * A creator connects their Instagram professional account (Instagram API with Instagram Login): the start returns
 * the authorization window's address with a signed `state` naming the user and when it ends; the callback accepts
 * it only for the same signed-in user within 10 minutes, trades the code for a long-lived token, and keeps the
 * token sealed (AES-256-GCM, a key derived from AUTH_SECRET), never in clear.
 */

const STATE_PURPOSE = 'instagram-connect-state';
const STATE_TTL_MS = 10 * 60_000;

type Deps = { db: Database; env: Pick<Env, 'instagram' | 'authSecret' | 'appUrl'> };

export const instagramRedirectUri = (env: Pick<Env, 'appUrl'>) =>
  `${env.appUrl}/api/me/connections/instagram/callback`;

function configured(env: Deps['env']) {
  if (!env.instagram)
    throw new AppError('CONFLICT', 'Connecting Instagram is not set up on this server yet.');
  return env.instagram;
}

export async function instagramConnectionStatus(
  deps: Deps,
  influencerId: number,
  now: Date,
): Promise<InstagramConnectionStatus> {
  const row = await findInstagramConnection(deps.db, influencerId);
  return {
    available: deps.env.instagram !== null,
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
export function startInstagramConnection(deps: Deps, userId: string, now: Date): { url: string } {
  const config = configured(deps.env);
  const state = sign(deps.env.authSecret, STATE_PURPOSE, {
    u: userId,
    n: randomBytes(12).toString('base64url'),
    e: now.getTime() + STATE_TTL_MS,
  });
  return { url: createInstagramClient(config).authorizeUrl(instagramRedirectUri(deps.env), state) };
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

/** The callback: checks the state, trades the code for a long-lived token and stores the connection. */
export async function completeInstagramConnection(
  deps: Deps & { logger: Logger },
  params: {
    userId: string | null;
    influencerId: number | null;
    state: string | undefined;
    code: string | undefined;
    error: string | undefined;
    now: Date;
  },
): Promise<InstagramConnectResult> {
  if (!deps.env.instagram) return 'unavailable';
  if (!params.influencerId || !stateIsValid(deps.env.authSecret, params.state, params.userId, params.now))
    return 'invalid';
  if (params.error) return 'cancelled';
  if (!params.code) return 'invalid';
  const client = createInstagramClient(deps.env.instagram, { now: () => params.now });
  try {
    const short = await client.exchangeCode(params.code, instagramRedirectUri(deps.env));
    const long = await client.exchangeForLongLived(short.accessToken);
    const me = await client.me(long.accessToken);
    const influencerId = params.influencerId;
    // The connection and the follower count read with it are stored together.
    await deps.db.transaction(async (tx) => {
      await saveInstagramConnection(tx, {
        influencerId,
        igUserId: me.userId,
        igScopedId: me.scopedId,
        username: me.username,
        tokenCiphertext: seal(deps.env.authSecret, INSTAGRAM_TOKEN_PURPOSE, long.accessToken),
        tokenExpiresAt: long.expiresAt,
        now: params.now,
      });
      if (me.followersCount !== null)
        await saveVerifiedFollowers(tx, {
          influencerId,
          platform: 'instagram',
          followers: me.followersCount,
          handle: me.username,
          at: params.now,
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
      deps.logger.warn({ err: error.message }, 'instagram connection failed');
      return 'failed';
    }
    throw error;
  }
}

/**
 * Removes the creator's Instagram connection and, in the same transaction, the previews read through it (captions and
 * thumbnail rows); the thumbnail files go once that is committed. Figures already read stay (decision 0017).
 */
export async function disconnectInstagram(deps: { db: Database; files: FileStore }, influencerId: number) {
  const files = await deps.db.transaction(async (tx) => {
    if (!(await deleteInstagramConnection(tx, influencerId)))
      throw new AppError('NOT_FOUND', 'No Instagram account is connected.');
    return (await deleteInstagramPreviews(tx, [influencerId])).files;
  });
  for (const name of files) await discardImage(deps.files, name);
}
