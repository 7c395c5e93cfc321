import { z } from 'zod';
import type { Database } from '../../db/client';
import { saveTiktokTokens, tiktokOwners } from '../../db/queries/content-metrics';
import { tiktokVideoId } from '../../shared/content-metrics';
import { type MetricsSource, MetricsSourceError, type PostReading, type PostToRead } from './types';

/**
 * TikTok Display API v2 with the creator's own token (from the TikTok sign-in, scope video.list):
 * POST /v2/video/query/?fields=id,view_count,like_count,comment_count,share_count with
 * `{ filters: { video_ids: [...] } }` (at most 20), `Authorization: Bearer <access token>`. Every answer has
 * `error: { code, message, log_id }` (`ok` on success). An access token lives 24 hours: an expired one is renewed
 * with POST /v2/oauth/token/ (grant_type=refresh_token) and the new pair is stored; `access_token_invalid` renews
 * once and retries. `rate_limit_exceeded` is the quota. A video missing from `data.videos` is deleted, private or
 * not the creator's.
 */

const videoSchema = z.object({
  id: z.string(),
  view_count: z.number().optional(),
  like_count: z.number().optional(),
  comment_count: z.number().optional(),
  share_count: z.number().optional(),
});
const answerSchema = z.object({
  data: z
    .object({ videos: z.array(videoSchema).default([]) })
    .partial()
    .default({}),
  error: z.object({ code: z.string(), message: z.string().optional() }),
});
const tokenSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
});

export interface TiktokConfig {
  clientKey: string;
  clientSecret: string;
  apiBase: string;
}

class TokenRefused extends Error {}

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

  async function refresh(influencerId: number, refreshToken: string): Promise<string> {
    const { body } = await call(`${config.apiBase}/v2/oauth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_key: config.clientKey,
        client_secret: config.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      }),
    });
    const tokens = tokenSchema.safeParse(body);
    if (!tokens.success) throw new TokenRefused('the creator needs to sign in with TikTok again');
    await saveTiktokTokens(deps.db, influencerId, {
      accessToken: tokens.data.access_token,
      refreshToken: tokens.data.refresh_token,
      expiresAt: new Date(now().getTime() + tokens.data.expires_in * 1000),
    });
    return tokens.data.access_token;
  }

  async function query(token: string, ids: string[]) {
    const { status, body } = await call(
      `${config.apiBase}/v2/video/query/?fields=id,view_count,like_count,comment_count,share_count`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ filters: { video_ids: ids } }),
      },
    );
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new MetricsSourceError('unavailable', `TikTok answered ${status} unreadably`);
    const { code, message } = parsed.data.error;
    if (code === 'ok') return parsed.data.data.videos ?? [];
    if (code === 'access_token_invalid') return 'expired' as const;
    const text = `TikTok answered ${status} ${code}${message ? `: ${message}` : ''}`;
    if (code === 'rate_limit_exceeded') throw new MetricsSourceError('quota', text);
    if (code === 'scope_not_authorized')
      throw new TokenRefused('the creator did not allow reading their videos');
    throw new MetricsSourceError('unavailable', text);
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
          let token = owner.accessToken;
          if (!owner.expiresAt || owner.expiresAt.getTime() < now().getTime() + 60_000) {
            token = await refresh(influencerId, owner.refreshToken);
          }
          let videos = await query(token, ids);
          if (videos === 'expired')
            videos = await query(await refresh(influencerId, owner.refreshToken), ids);
          if (videos === 'expired') throw new TokenRefused('the creator needs to sign in with TikTok again');
          const found = new Map(videos.map((v) => [v.id, v]));
          for (const [k, i] of indexes.entries()) {
            const video = found.get(ids[k]!);
            readings[i] = video
              ? {
                  ok: true,
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
          if (!(error instanceof TokenRefused)) throw error;
          for (const i of indexes) readings[i] = { ok: false, gone: false, reason: error.message };
        }
      }
      return readings;
    },
  };
}
