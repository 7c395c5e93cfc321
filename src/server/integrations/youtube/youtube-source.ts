import { z } from 'zod';
import { youtubeVideoId } from '../../../shared/content-metrics';
import { OutboundError, sendOutbound } from '../../http/outbound';
import {
  type MetricsSource,
  MetricsSourceError,
  type PostLook,
  type PostReading,
  type PostToRead,
} from '../metrics-source';

/**
 * YouTube Data API v3, `videos.list?part=snippet,statistics` with an API key (no creator consent needed: statistics
 * of public videos are public). One call reads up to 50 videos and costs 1 quota unit (a list call costs 1 unit
 * whatever parts it asks for). The snippet gives the look of the video: `title`, `description` and `thumbnails`
 * (default 120×90, medium 320×180, high 480×360, standard, maxres; each `{ url, width, height }`): the medium one is
 * kept, else high, else default. A video missing from `items`
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
const thumbnailSchema = z.object({ url: z.string() }).optional();
const snippetSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  thumbnails: z
    .object({ default: thumbnailSchema, medium: thumbnailSchema, high: thumbnailSchema })
    .partial()
    .optional(),
});
const listSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        statistics: statisticsSchema.optional(),
        snippet: snippetSchema.optional(),
      }),
    )
    .default([]),
});

/** The caption of a video: its title, and its description below when it has one. */
function lookOf(snippet: z.infer<typeof snippetSchema> | undefined): PostLook | undefined {
  if (!snippet) return undefined;
  const caption = [snippet.title?.trim(), snippet.description?.trim()].filter(Boolean).join('\n\n');
  const thumbs = snippet.thumbnails;
  return {
    caption: caption || null,
    thumbnailUrl: thumbs?.medium?.url ?? thumbs?.high?.url ?? thumbs?.default?.url ?? null,
  };
}
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
    url.searchParams.set('part', 'snippet,statistics');
    // No maxResults: the discovery document supports it (and pageToken) only with chart or myRating, not with id;
    // an id list answers every video it names (up to 50 ids).
    url.searchParams.set('id', ids.join(','));
    url.searchParams.set('key', config.apiKey);
    // A GET: the outbound helper retries it after no answer, a 429 or a 5xx (src/server/http/outbound.ts).
    let answer: Awaited<ReturnType<typeof sendOutbound>>;
    try {
      answer = await sendOutbound({
        service: 'YouTube',
        url,
        headers: { accept: 'application/json' },
        timeoutMs: options.timeoutMs ?? 15_000,
        fetch: doFetch,
      });
    } catch (error) {
      if (error instanceof OutboundError) throw new MetricsSourceError('unavailable', error.message);
      throw error;
    }
    const { body, status } = answer;
    if (answer.failure && answer.failure !== 'unreadable') {
      const parsed = errorSchema.safeParse(body);
      const reason = parsed.success ? parsed.data.error.errors?.[0]?.reason : undefined;
      const message = `YouTube answered ${status}${reason ? ` ${reason}` : ''}${
        parsed.success && parsed.data.error.message ? `: ${parsed.data.error.message}` : ''
      }`;
      if (reason && QUOTA_REASONS.has(reason)) throw new MetricsSourceError('quota', message);
      if (status === 400 || status === 401 || status === 403) throw new MetricsSourceError('auth', message);
      throw new MetricsSourceError('unavailable', message);
    }
    const parsed = listSchema.safeParse(body);
    if (!parsed.success) throw new MetricsSourceError('unavailable', 'YouTube answered something unreadable');
    return new Map(parsed.data.items.map((item) => [item.id, item]));
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
        const item = found.get(id);
        if (!item) return { ok: false, gone: true, reason: 'the video is deleted or private' };
        const stats = item.statistics ?? {};
        const look = lookOf(item.snippet);
        return {
          ...(look ? { look } : {}),
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
