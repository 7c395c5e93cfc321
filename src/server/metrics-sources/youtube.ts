import { z } from 'zod';
import { youtubeVideoId } from '../../shared/content-metrics';
import { type MetricsSource, MetricsSourceError, type PostReading, type PostToRead } from './types';

/**
 * YouTube Data API v3, `videos.list?part=statistics` with an API key (no creator consent needed: statistics of
 * public videos are public). One call reads up to 50 videos and costs 1 quota unit. A video missing from `items`
 * is deleted or private. Errors come as `{ error: { code, message, errors: [{ reason, domain }] } }`: 403
 * `quotaExceeded` / `rateLimitExceeded` (quota), 400 `keyInvalid` or 403 `forbidden`/`accessNotConfigured`
 * (the key), 5xx (unavailable). Follows the discovery document revision 20220419 (tests/contracts/README.md) and
 * the "YouTube Data API - Errors" page.
 */

const statisticsSchema = z.object({
  viewCount: z.string().optional(),
  likeCount: z.string().optional(),
  commentCount: z.string().optional(),
});
const listSchema = z.object({
  items: z.array(z.object({ id: z.string(), statistics: statisticsSchema.optional() })).default([]),
});
const errorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional(), domain: z.string().optional() })).optional(),
  }),
});

const QUOTA_REASONS = new Set([
  'quotaExceeded',
  'rateLimitExceeded',
  'dailyLimitExceeded',
  'userRateLimitExceeded',
]);
const count = (v: string | undefined) => (v === undefined ? null : Number(v));

export interface YoutubeConfig {
  apiKey: string;
  apiBase: string;
}

export function createYoutubeSource(
  config: YoutubeConfig,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): MetricsSource {
  const doFetch = options.fetch ?? fetch;
  async function statistics(ids: string[]) {
    const url = new URL(`${config.apiBase}/youtube/v3/videos`);
    url.searchParams.set('part', 'statistics');
    // No maxResults: the discovery document supports it (and pageToken) only with chart or myRating, not with id;
    // an id list answers every video it names (up to 50 ids).
    url.searchParams.set('id', ids.join(','));
    url.searchParams.set('key', config.apiKey);
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new MetricsSourceError('unavailable', `YouTube did not answer: ${(error as Error).message}`);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = errorSchema.safeParse(body);
      const reason = parsed.success ? parsed.data.error.errors?.[0]?.reason : undefined;
      const message = `YouTube answered ${response.status}${reason ? ` ${reason}` : ''}${
        parsed.success && parsed.data.error.message ? `: ${parsed.data.error.message}` : ''
      }`;
      if (reason && QUOTA_REASONS.has(reason)) throw new MetricsSourceError('quota', message);
      if (response.status === 400 || response.status === 401 || response.status === 403)
        throw new MetricsSourceError('auth', message);
      throw new MetricsSourceError('unavailable', message);
    }
    const parsed = listSchema.safeParse(body);
    if (!parsed.success) throw new MetricsSourceError('unavailable', 'YouTube answered something unreadable');
    return new Map(parsed.data.items.map((item) => [item.id, item.statistics ?? {}]));
  }

  return {
    platform: 'youtube',
    batchSize: 50,
    async read(posts: PostToRead[]): Promise<PostReading[]> {
      const ids = posts.map((p) => youtubeVideoId(p.postUrl));
      const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
      const found = wanted.length > 0 ? await statistics(wanted) : new Map();
      return ids.map((id): PostReading => {
        if (id === null) return { ok: false, gone: true, reason: 'not a YouTube video link' };
        const stats = found.get(id);
        if (!stats) return { ok: false, gone: true, reason: 'the video is deleted or private' };
        return {
          ok: true,
          figures: {
            views: count(stats.viewCount),
            likes: count(stats.likeCount),
            comments: count(stats.commentCount),
            shares: null,
            saves: null,
            reach: null,
          },
        };
      });
    },
  };
}
