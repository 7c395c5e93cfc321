import { z } from 'zod';
import type { Database } from '../../db/client';
import {
  markTiktokFollowersAsked,
  saveTiktokTokens,
  tiktokFollowersDue,
  tiktokOwners,
} from '../../db/queries/content-metrics';
import { saveVerifiedFollowers } from '../../db/queries/onboarding';
import { tiktokVideoId } from '../../shared/content-metrics';
import { normalizeHandle } from '../../shared/social-links';
import { systemClock } from '../clock';
import { OutboundError, sendOutbound } from '../http/outbound';
import type { Logger } from '../logger';
import { openTiktokToken, requestTiktokTokens, sealTiktokToken, TiktokTokenError } from '../tiktok-login';
import {
  type MetricsSource,
  MetricsSourceError,
  type PostLook,
  type PostReading,
  type PostToRead,
} from './types';

/**
 * TikTok Display API v2 with the creator's own token (from the TikTok sign-in, scope video.list):
 * POST /v2/video/query/?fields=id,view_count,like_count,comment_count,share_count,title,video_description,
 * cover_image_url with
 * `{ filters: { video_ids: [...] } }` (at most 20), `Authorization: Bearer <access token>`. Every answer has
 * `error: { code, message, log_id }` (`ok` on success). The tokens in tiktok_auth are sealed with Better Auth's
 * cipher (as the sign-in stored them) and opened here with AUTH_SECRET. An access token lives 24 hours: an expired
 * one is renewed with POST /v2/oauth/token/ (grant_type=refresh_token) and the new pair is sealed and stored;
 * `access_token_invalid` renews once and retries. A video missing from `data.videos` is deleted, private or not
 * the creator's. The same call gives the look of the video ("Video Object"): `title` and `video_description` (150
 * characters at most each) and `cover_image_url`, a static image on TikTok's CDN whose link lives 6 hours.
 *
 * What fails where: `rate_limit_exceeded` (the app's quota), a refused client key and a TikTok that does not
 * answer at all fail the whole call; a creator whose grant is gone (refused refresh, scope not granted, a token
 * that cannot be opened) gets "not now" readings; any other error while reading one creator's videos (5xx, an
 * unreadable answer, an unexpected code) gives `failed` readings for that creator's posts alone.
 *
 * `maintain` reads each signed-in creator's follower count once a day (and within one run after a new sign-in):
 * GET /v2/user/info/?fields=open_id,username,follower_count (follower_count needs user.info.stats, "Get User
 * Info"); the count is stored as the creator's verified TikTok followers with the date read.
 */

const videoSchema = z.object({
  id: z.string(),
  view_count: z.number().optional(),
  like_count: z.number().optional(),
  comment_count: z.number().optional(),
  share_count: z.number().optional(),
  title: z.string().optional(),
  video_description: z.string().optional(),
  cover_image_url: z.string().optional(),
});

const QUERY_FIELDS =
  'id,view_count,like_count,comment_count,share_count,title,video_description,cover_image_url';

/** The caption of a video: its title and its description (when they differ), as TikTok gives them. */
function lookOf(video: z.infer<typeof videoSchema>): PostLook {
  const title = video.title?.trim() ?? '';
  const description = video.video_description?.trim() ?? '';
  const caption =
    title && description && title !== description ? `${title}\n\n${description}` : title || description;
  return { caption: caption || null, thumbnailUrl: video.cover_image_url || null };
}
const answerSchema = z.object({
  data: z
    .object({ videos: z.array(videoSchema).default([]) })
    .partial()
    .default({}),
  error: z.object({ code: z.string(), message: z.string().optional(), log_id: z.string().optional() }),
});

export interface TiktokConfig {
  clientKey: string;
  clientSecret: string;
  apiBase: string;
  /** Opens and seals the stored tokens (Better Auth's key). */
  authSecret: string;
}

/** The creator must sign in with TikTok again (or never connected): read again at the next scheduled read. */
class TokenRefused extends Error {}
/** Reading this creator's videos failed unexpectedly: their posts alone are retried after a back-off. */
class CreatorFailed extends Error {}

const SIGN_IN_AGAIN = 'the creator needs to sign in with TikTok again';
/** The start of a reading's reason when the grant lacks a scope (issue 42). */
const RECONNECT = 'reconnect TikTok: ';

const userInfoSchema = z.object({
  data: z
    .object({
      user: z
        .object({
          open_id: z.string().optional(),
          username: z.string().optional(),
          follower_count: z.number().int().nonnegative().optional(),
        })
        .default({}),
    })
    .partial()
    .default({}),
  error: z.object({ code: z.string(), message: z.string().optional(), log_id: z.string().optional() }),
});
/** Follower counts asked for in one maintain run (TikTok's per-app limit is per minute; the rest wait 10 minutes). */
const FOLLOWER_READS_PER_RUN = 100;
const DAY_MS = 86_400_000;

export function createTiktokSource(
  config: TiktokConfig,
  deps: { db: Database; now?: () => Date; fetch?: typeof fetch; logger?: Logger },
): MetricsSource & Required<Pick<MetricsSource, 'maintain'>> {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? systemClock;

  /**
   * One exchange through the outbound helper (src/server/http/outbound.ts), retried after no answer, a 429 or a
   * 5xx: both calls only read (the video query is a POST that changes nothing).
   */
  async function call(
    url: string,
    init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number; body: unknown }> {
    try {
      const answer = await sendOutbound({
        service: 'TikTok',
        url,
        ...init,
        fetch: doFetch,
        idempotent: true,
      });
      return { status: answer.status, body: answer.body };
    } catch (error) {
      if (error instanceof OutboundError) throw new MetricsSourceError('unavailable', error.message);
      throw error;
    }
  }

  async function refresh(influencerId: number, refreshToken: string) {
    try {
      const tokens = await requestTiktokTokens(
        config,
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        { now, fetch: doFetch },
      );
      await saveTiktokTokens(deps.db, influencerId, {
        accessToken: await sealTiktokToken(config.authSecret, tokens.accessToken),
        refreshToken: await sealTiktokToken(config.authSecret, tokens.refreshToken),
        expiresAt: tokens.accessTokenExpiresAt,
      });
      return { access: tokens.accessToken, refresh: tokens.refreshToken };
    } catch (error) {
      if (!(error instanceof TiktokTokenError)) throw error;
      if (error.kind === 'refused') throw new TokenRefused(SIGN_IN_AGAIN);
      if (error.kind === 'client') throw new MetricsSourceError('auth', error.message);
      throw new CreatorFailed(error.message);
    }
  }

  async function query(token: string, ids: string[]) {
    const { status, body } = await call(`${config.apiBase}/v2/video/query/?fields=${QUERY_FIELDS}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filters: { video_ids: ids } }),
    });
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new CreatorFailed(`TikTok answered ${status} unreadably`);
    const { code, message, log_id: logId } = parsed.data.error;
    if (code === 'ok') return parsed.data.data.videos ?? [];
    if (code === 'access_token_invalid') return 'expired' as const;
    const text = `TikTok answered ${status} ${code}${message ? `: ${message}` : ''}${logId ? ` [log_id ${logId}]` : ''}`;
    if (code === 'rate_limit_exceeded') throw new MetricsSourceError('quota', text);
    // The grant lacks a scope (scope_not_authorized) or a field's scope (scope_permission_missed): only the creator
    // can fix it, by reconnecting TikTok; read again at the next scheduled read, never retried as a failure.
    if (code === 'scope_not_authorized' || code === 'scope_permission_missed')
      throw new TokenRefused(`${RECONNECT}the creator did not allow reading their videos`);
    throw new CreatorFailed(text);
  }

  /** The creator's follower count as TikTok says it, or 'expired' when the access token was refused. */
  async function followers(token: string) {
    const { status, body } = await call(
      `${config.apiBase}/v2/user/info/?fields=open_id,username,follower_count`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const parsed = userInfoSchema.safeParse(body);
    if (!parsed.success) throw new CreatorFailed(`TikTok answered ${status} unreadably`);
    const { code, message, log_id: logId } = parsed.data.error;
    if (code === 'ok') return parsed.data.data.user ?? {};
    if (code === 'access_token_invalid') return 'expired' as const;
    const text = `TikTok answered ${status} ${code}${message ? `: ${message}` : ''}${logId ? ` [log_id ${logId}]` : ''}`;
    if (code === 'rate_limit_exceeded') throw new MetricsSourceError('quota', text);
    if (code === 'scope_not_authorized' || code === 'scope_permission_missed')
      throw new TokenRefused(`${RECONNECT}the creator did not allow reading their stats`);
    throw new CreatorFailed(text);
  }

  /** The stored (sealed) tokens in clear; a value that cannot be opened (AUTH_SECRET changed) means a new sign-in. */
  async function opened(stored: string) {
    try {
      return await openTiktokToken(config.authSecret, stored);
    } catch {
      throw new TokenRefused(SIGN_IN_AGAIN);
    }
  }

  return {
    platform: 'tiktok',
    batchSize: 20,
    async read(posts: PostToRead[]): Promise<PostReading[]> {
      const owners = new Map(
        (await tiktokOwners(deps.db, [...new Set(posts.map((p) => p.submissionId))])).map((o) => [
          o.submissionId,
          o,
        ]),
      );
      const readings: PostReading[] = posts.map(() => ({
        ok: false,
        gone: true,
        reason: 'not a TikTok video link',
      }));
      const byCreator = new Map<number, number[]>();
      posts.forEach((post, index) => {
        const owner = owners.get(post.submissionId);
        if (!owner || !tiktokVideoId(post.postUrl)) return;
        byCreator.set(owner.influencerId, [...(byCreator.get(owner.influencerId) ?? []), index]);
      });
      for (const [influencerId, indexes] of byCreator) {
        const owner = owners.get(posts[indexes[0]!]!.submissionId)!;
        const ids = indexes.map((i) => tiktokVideoId(posts[i]!.postUrl)!);
        try {
          if (!owner.accessToken || !owner.refreshToken)
            throw new TokenRefused('the creator has not connected TikTok');
          let tokens = { access: await opened(owner.accessToken), refresh: await opened(owner.refreshToken) };
          let renewed = false;
          if (!owner.expiresAt || owner.expiresAt.getTime() < now().getTime() + 60_000) {
            tokens = await refresh(influencerId, tokens.refresh);
            renewed = true;
          }
          let videos = await query(tokens.access, ids);
          if (videos === 'expired' && !renewed) {
            videos = await query((await refresh(influencerId, tokens.refresh)).access, ids);
          }
          if (videos === 'expired') throw new TokenRefused(SIGN_IN_AGAIN);
          const found = new Map(videos.map((v) => [v.id, v]));
          for (const [k, i] of indexes.entries()) {
            const video = found.get(ids[k]!);
            readings[i] = video
              ? {
                  ok: true,
                  look: lookOf(video),
                  figures: {
                    views: video.view_count ?? null,
                    likes: video.like_count ?? null,
                    comments: video.comment_count ?? null,
                    shares: video.share_count ?? null,
                    saves: null,
                    reach: null,
                  },
                }
              : { ok: false, gone: true, reason: 'the video is deleted, private or not the creator’s' };
          }
        } catch (error) {
          if (error instanceof TokenRefused) {
            for (const i of indexes) readings[i] = { ok: false, gone: false, reason: error.message };
          } else if (error instanceof CreatorFailed) {
            for (const i of indexes)
              readings[i] = { ok: false, gone: false, failed: true, reason: error.message };
          } else {
            throw error;
          }
        }
      }
      return readings;
    },
    async maintain(at: Date) {
      const due = await tiktokFollowersDue(deps.db, new Date(at.getTime() - DAY_MS), FOLLOWER_READS_PER_RUN);
      for (const creator of due) {
        await markTiktokFollowersAsked(deps.db, creator.influencerId, at);
        try {
          let tokens = {
            access: await opened(creator.accessToken),
            refresh: await opened(creator.refreshToken),
          };
          let renewed = false;
          if (!creator.expiresAt || creator.expiresAt.getTime() < at.getTime() + 60_000) {
            tokens = await refresh(creator.influencerId, tokens.refresh);
            renewed = true;
          }
          let user = await followers(tokens.access);
          if (user === 'expired' && !renewed)
            user = await followers((await refresh(creator.influencerId, tokens.refresh)).access);
          if (user === 'expired') throw new TokenRefused(SIGN_IN_AGAIN);
          // Only the account the creator signed in with counts (the answer names it).
          if (user.follower_count === undefined || user.open_id !== creator.openId) continue;
          await saveVerifiedFollowers(deps.db, {
            influencerId: creator.influencerId,
            platform: 'tiktok',
            followers: user.follower_count,
            handle: normalizeHandle('tiktok', user.username ?? null) ?? user.username ?? creator.openId,
            at,
          });
        } catch (error) {
          // A used-up quota ends the run (the rest are asked at the next one); a refused grant waits for a new
          // sign-in or tomorrow; anything else is logged and this creator alone is asked again tomorrow.
          if (error instanceof MetricsSourceError && error.kind === 'quota') return;
          if (error instanceof TokenRefused) continue;
          if (error instanceof CreatorFailed || error instanceof MetricsSourceError) {
            deps.logger?.warn(
              { influencerId: creator.influencerId, err: error.message },
              'tiktok follower count not read',
            );
            continue;
          }
          throw error;
        }
      }
    },
  };
}
