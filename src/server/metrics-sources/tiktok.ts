import { z } from 'zod';
import type { Database } from '../../db/client';
import { saveTiktokTokens, tiktokOwners } from '../../db/queries/content-metrics';
import { tiktokVideoId } from '../../shared/content-metrics';
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

export function createTiktokSource(
  config: TiktokConfig,
  deps: { db: Database; now?: () => Date; fetch?: typeof fetch },
): MetricsSource {
  const doFetch = deps.fetch ?? fetch;
  const now = () => deps.now?.() ?? new Date();

  async function call(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    try {
      const response = await doFetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      return { status: response.status, body: await response.json().catch(() => null) };
    } catch (error) {
      throw new MetricsSourceError('unavailable', `TikTok did not answer: ${(error as Error).message}`);
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
    if (code === 'scope_not_authorized')
      throw new TokenRefused('the creator did not allow reading their videos');
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
  };
}
