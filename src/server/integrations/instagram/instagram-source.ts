import type { InstagramConfig } from '../../../config/env-services';
import type { Database } from '../../../db/client';
import {
  connectionsToMaintain,
  instagramOwners,
  markDemographicsRead,
  saveAgeDemographics,
  updateInstagramToken,
} from '../../../db/queries/instagram-connections';
import { saveVerifiedFollowers } from '../../../db/queries/onboarding';
import { instagramShortcode } from '../../../shared/content-metrics';
import { open, seal } from '../../auth/secret-box';
import { systemClock } from '../../process/clock';
import type { Logger } from '../../process/logger';
import { type MetricsSource, MetricsSourceError, type PostReading, type PostToRead } from '../metrics-source';
import { createInstagramClient, type InstagramClient } from './client';
import {
  InstagramAnswerError,
  InstagramNoInsightsError,
  InstagramNotFoundError,
  InstagramTokenError,
} from './graph-errors';

/** The sealed token's purpose (its key is derived from AUTH_SECRET for this use only). */
export const INSTAGRAM_TOKEN_PURPOSE = 'instagram-token';
const DAY_MS = 86_400_000;

/** Renew a long-lived token this long before it ends (Instagram renews tokens at least a day old). */
export const RENEW_BEFORE_MS = 10 * DAY_MS;

/** Why a post without insights has no API figures (code 10 "Not enough viewers", or an empty insights set). */
export const NO_INSIGHTS_REASON = 'Instagram shows no insights for this post yet (not enough viewers)';

type SourceDeps = {
  db: Database;
  authSecret: string;
  now?: () => Date;
  fetch?: typeof fetch;
  logger?: Logger;
};
type SourceContext = {
  client: InstagramClient;
  deps: SourceDeps;
  now: () => Date;
  tokenOf: (ciphertext: string | null) => string | null;
};
type Owner = Awaited<ReturnType<typeof instagramOwners>>[number];
type Connection = Awaited<ReturnType<typeof connectionsToMaintain>>[number];

const RECONNECT = 'the creator needs to connect Instagram again';

/**
 * Instagram figures of approved posts, read with each creator's connected account: the post is found among the
 * account's media by its shortcode, then its insights are read. A creator without a connection (or whose token
 * was refused) is tried again at the next scheduled read; a post not among the account's media is gone; a post
 * Instagram has no insights for is tried again at its next read; an unexpected answer about one post fails that
 * post alone (`failed`), while a rate limit or no answer at all fails the batch.
 * `maintain` renews tokens that end within 10 days and reads the follower count and the followers' ages once a day.
 */
export function createInstagramSource(
  config: InstagramConfig,
  deps: SourceDeps,
): MetricsSource & Required<Pick<MetricsSource, 'maintain'>> {
  const ctx: SourceContext = {
    client: createInstagramClient(config, deps),
    deps,
    now: deps.now ?? systemClock,
    tokenOf: (ciphertext) => (ciphertext ? open(deps.authSecret, INSTAGRAM_TOKEN_PURPOSE, ciphertext) : null),
  };
  return {
    platform: 'instagram',
    batchSize: 25,
    read: (posts) => readPosts(ctx, posts),
    maintain: (at) => maintainConnections(ctx, at),
  };
}

/** One reading per post, in order; a creator whose token is refused is not asked again in this batch. */
async function readPosts(ctx: SourceContext, posts: PostToRead[]): Promise<PostReading[]> {
  const owners = new Map(
    (await instagramOwners(ctx.deps.db, [...new Set(posts.map((p) => p.submissionId))])).map((o) => [
      o.submissionId,
      o,
    ]),
  );
  const readings: PostReading[] = [];
  const refused = new Set<number>();
  const finders = new Map<number, ReturnType<InstagramClient['mediaFinder']>>();
  for (const post of posts) {
    const owner = owners.get(post.submissionId);
    if (!instagramShortcode(post.postUrl)) {
      readings.push({ ok: false, gone: true, reason: 'not an Instagram post link' });
      continue;
    }
    const token = ctx.tokenOf(owner?.tokenCiphertext ?? null);
    if (!owner || !token) {
      readings.push({ ok: false, gone: false, reason: 'the creator has not connected Instagram' });
      continue;
    }
    if (refused.has(owner.creatorId) || (owner.expiresAt && owner.expiresAt <= ctx.now())) {
      readings.push({ ok: false, gone: false, reason: RECONNECT });
      continue;
    }
    let find = finders.get(owner.creatorId);
    if (!find) {
      find = ctx.client.mediaFinder(token);
      finders.set(owner.creatorId, find);
    }
    readings.push(await readPost(ctx, { post, owner, token, find, refused }));
  }
  return readings;
}

/** One post's reading: found among the account's media, then its insights; what went wrong says why. */
async function readPost(
  ctx: SourceContext,
  {
    post,
    owner,
    token,
    find,
    refused,
  }: {
    post: PostToRead;
    owner: Owner;
    token: string;
    find: ReturnType<InstagramClient['mediaFinder']>;
    refused: Set<number>;
  },
): Promise<PostReading> {
  try {
    const media = await find(post.postUrl);
    if (!media)
      return { ok: false, gone: true, reason: 'the post is deleted or not on the connected account' };
    return { ok: true, figures: await ctx.client.mediaInsights(token, media.id), look: media.look };
  } catch (error) {
    if (error instanceof InstagramTokenError) {
      refused.add(owner.creatorId);
      await updateInstagramToken(ctx.deps.db, owner.creatorId, {
        tokenCiphertext: owner.tokenCiphertext!,
        tokenExpiresAt: ctx.now(),
        now: ctx.now(),
      });
      return { ok: false, gone: false, reason: RECONNECT };
    }
    if (error instanceof InstagramNotFoundError)
      return { ok: false, gone: true, reason: 'the post is deleted' };
    if (error instanceof InstagramNoInsightsError)
      return { ok: false, gone: false, reason: NO_INSIGHTS_REASON };
    // This post alone: the other posts of the batch keep their readings.
    if (error instanceof InstagramAnswerError)
      return { ok: false, gone: false, failed: true, reason: error.message };
    throw error;
  }
}

/** Tokens renewed before they end, and the daily follower count and ages, for every connection that is due. */
async function maintainConnections(ctx: SourceContext, at: Date): Promise<void> {
  const due = await connectionsToMaintain(
    ctx.deps.db,
    at,
    new Date(at.getTime() + RENEW_BEFORE_MS),
    new Date(at.getTime() - DAY_MS),
  );
  for (const connection of due) {
    const token = ctx.tokenOf(connection.tokenCiphertext);
    if (!token) continue;
    try {
      const current = await renewIfEnding(ctx, connection, token, at);
      if (!connection.demographicsAt || connection.demographicsAt.getTime() < at.getTime() - DAY_MS)
        await readDailyFigures(ctx, connection, current, at);
    } catch (error) {
      if (error instanceof InstagramTokenError) {
        // The token is dead: the profile asks the creator to connect again, and nothing is read until then.
        await updateInstagramToken(ctx.deps.db, connection.creatorId, {
          tokenCiphertext: connection.tokenCiphertext,
          tokenExpiresAt: at,
          now: at,
        });
        continue;
      }
      if (error instanceof MetricsSourceError && error.kind === 'quota') return;
      if (!(error instanceof MetricsSourceError)) throw error;
    }
  }
}

/** The token to use from now: renewed (and saved sealed) when it ends within RENEW_BEFORE_MS. */
async function renewIfEnding(ctx: SourceContext, connection: Connection, token: string, at: Date) {
  if (connection.tokenExpiresAt.getTime() >= at.getTime() + RENEW_BEFORE_MS) return token;
  const renewed = await ctx.client.refreshLongLived(token);
  await updateInstagramToken(ctx.deps.db, connection.creatorId, {
    tokenCiphertext: seal(ctx.deps.authSecret, INSTAGRAM_TOKEN_PURPOSE, renewed.accessToken),
    tokenExpiresAt: renewed.expiresAt,
    now: at,
  });
  return renewed.accessToken;
}

/** The follower count (the creator's verified count on Instagram) and the followers' ages, read once a day. */
async function readDailyFigures(ctx: SourceContext, connection: Connection, token: string, at: Date) {
  const me = await ctx.client.me(token);
  if (me.followersCount !== null && me.userId === connection.igUserId)
    await saveVerifiedFollowers(ctx.deps.db, {
      creatorId: connection.creatorId,
      platform: 'instagram',
      followers: me.followersCount,
      handle: me.username,
      at,
    });
  const ages = await ctx.client.ageDemographics(token, connection.igUserId);
  if (ages.status === 'refused') {
    // Not "too few followers": Instagram refused the request. The ages last read stay; tried again tomorrow.
    // What Instagram said is logged (its code and trace id, never the token).
    ctx.deps.logger?.warn(
      { creatorId: connection.creatorId, ...ages.error.detail, err: ages.error.message },
      'instagram demographics refused',
    );
    await markDemographicsRead(ctx.deps.db, connection.creatorId, at);
    return;
  }
  await saveAgeDemographics(
    ctx.deps.db,
    connection.creatorId,
    ages.status === 'ages' ? ages.brackets : null,
    at,
  );
}
