import { z } from 'zod';
import type { InstagramConfig } from '../../config/env';
import type { Database } from '../../db/client';
import {
  connectionsToMaintain,
  instagramOwners,
  markDemographicsRead,
  saveAgeDemographics,
  updateInstagramToken,
} from '../../db/queries/instagram-connections';
import { saveVerifiedFollowers } from '../../db/queries/onboarding';
import type { AgeBracket } from '../../db/schema/content-metrics';
import { instagramShortcode } from '../../shared/content-metrics';
import { systemClock } from '../clock';
import { OutboundError, sendOutbound } from '../http/outbound';
import type { Logger } from '../logger';
import { open, seal } from '../secret-box';
import {
  type MetricsSource,
  MetricsSourceError,
  type PostLook,
  type PostReading,
  type PostToRead,
} from './types';

/*
 * Instagram API with Instagram Login (professional accounts: business and creator), Graph API v23.0.
 * - Authorization window: GET {www.instagram.com}/oauth/authorize?client_id&redirect_uri&response_type=code&scope&state
 * - Code exchange: POST {api.instagram.com}/oauth/access_token (form: client_id, client_secret,
 *   grant_type=authorization_code, redirect_uri, code) -> a short-lived token (1 hour) and the user id.
 * - Long-lived token (60 days): GET {graph.instagram.com}/access_token?grant_type=ig_exchange_token&client_secret
 *   &access_token; renewed with GET /refresh_access_token?grant_type=ig_refresh_token&access_token (a token at
 *   least 24 hours old and still valid) -> { access_token, token_type, expires_in }.
 * - GET /{version}/me?fields=user_id,username,followers_count (followers_count: the account's followers, read at
 *   connect time and in the daily upkeep as the creator's verified count); GET /{version}/me/media?fields=id,permalink,shortcode,media_type,
 *   timestamp,caption,media_url,thumbnail_url (pages of `data` with `paging.next`; "IG Media" reference: `caption`
 *   is the text, `media_url` the image (or the video file), `thumbnail_url` a video's cover image, "only available on
 *   VIDEO media"; both are links on Instagram's CDN that expire); GET /{version}/{media-id}/insights?metric=views,reach,saved,
 *   likes,comments,shares -> { data: [{ name, period, values: [{ value }] }] } (an empty `data` when Instagram has
 *   no insights for the media: "Instagram Media Insights", Limitations).
 * - Followers' ages ("Instagram Account Insights", metric follower_demographics): GET /{version}/{ig-user-id}/insights
 *   ?metric=follower_demographics&period=lifetime&timeframe=this_month&metric_type=total_value&breakdown=age ->
 *   { data: [{ total_value: { breakdowns: [{ results: [{ dimension_values, value }] }] } }] }. `timeframe` is
 *   required for demographic metrics (this_week or this_month since v20.0); the metric is "not returned" for an
 *   account with fewer than 100 followers: an empty `data`, not an error.
 * - Errors ("Graph API: Handling errors"): { error: { message, type, code, error_subcode, fbtrace_id } }. Only these
 *   end a connection: 190 (the token expired or was invalidated; subcodes 458, 459, 460, 463, 464, 467, 492 say why),
 *   102 (the session ended), 200-299 (a permission not granted or withdrawn) and 10 "Permission denied". Code 10 is
 *   also "(#10) Not enough viewers for the media to show insights" on one media's insights: that post has no
 *   figures, the connection stays. 4, 17, 32 and 613 are rate limits (the whole platform waits); 100 with subcode 33
 *   is an object that no longer exists; anything else about one media fails that post alone.
 */

export const INSTAGRAM_SCOPES = 'instagram_business_basic,instagram_business_manage_insights';
export const INSTAGRAM_GRAPH_VERSION = 'v23.0';
/** The sealed token's purpose (its key is derived from AUTH_SECRET for this use only). */
export const INSTAGRAM_TOKEN_PURPOSE = 'instagram-token';
/** Media pages looked through to find a submitted post (newest first, 50 each). */
const MEDIA_PAGES = 6;
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const DAY_MS = 86_400_000;

const errorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    fbtrace_id: z.string().optional(),
  }),
});
/** Code 10's message on a media's insights when too few accounts saw it (stories under 5 viewers, new posts). */
const NOT_ENOUGH_VIEWERS = /not enough viewers/i;
const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
// The code exchange answers { data: [{ access_token, user_id, permissions }] } (older answers had them at the top).
const shortTokenSchema = z.union([
  z.object({
    data: z.array(z.object({ access_token: z.string(), user_id: z.union([z.string(), z.number()]) })).min(1),
  }),
  z.object({ access_token: z.string(), user_id: z.union([z.string(), z.number()]) }),
]);
const meSchema = z.object({
  user_id: z.union([z.string(), z.number()]).optional(),
  id: z.string(),
  username: z.string(),
  followers_count: z.number().int().nonnegative().optional(),
});
const mediaPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      permalink: z.string().optional(),
      shortcode: z.string().optional(),
      media_type: z.string().optional(),
      caption: z.string().optional(),
      media_url: z.string().optional(),
      thumbnail_url: z.string().optional(),
    }),
  ),
  paging: z.object({ next: z.string().optional() }).optional(),
});
const insightsSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      values: z.array(z.object({ value: z.number() })).optional(),
      total_value: z.object({ value: z.number() }).optional(),
    }),
  ),
});
const demographicsSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      total_value: z
        .object({
          breakdowns: z
            .array(
              z.object({
                results: z
                  .array(z.object({ dimension_values: z.array(z.string()), value: z.number() }))
                  .default([]),
              }),
            )
            .default([]),
        })
        .optional(),
    }),
  ),
});

/**
 * What a media looks like: its caption, and its cover image: `thumbnail_url` for a video, `media_url` for an image or
 * an album (a video's `media_url` is the video file itself, never downloaded).
 */
function lookOf(media: z.infer<typeof mediaPageSchema>['data'][number]): PostLook {
  const caption = media.caption?.trim();
  const image = media.media_type === 'VIDEO' ? undefined : media.media_url;
  return { caption: caption || null, thumbnailUrl: media.thumbnail_url || image || null };
}

/** The token was refused (expired, revoked or the permission withdrawn): the creator must connect again. */
export class InstagramTokenError extends Error {
  override name = 'InstagramTokenError';
}

/** The object asked for no longer exists (a deleted post). */
export class InstagramNotFoundError extends Error {
  override name = 'InstagramNotFoundError';
}

/** Instagram has no insights for this media (code 10, "Not enough viewers for the media to show insights"). */
export class InstagramNoInsightsError extends Error {
  override name = 'InstagramNoInsightsError';
}

/**
 * Instagram answered, but not as documented for success: an error we do not act on (a 5xx, an unknown code) or a
 * body we cannot read. About one media, it fails that post alone; the fields say what Instagram said (never a token).
 */
export class InstagramAnswerError extends MetricsSourceError {
  override name = 'InstagramAnswerError';
  constructor(
    message: string,
    readonly detail: {
      status?: number;
      code?: number;
      subcode?: number;
      type?: string;
      fbtraceId?: string;
    } = {},
  ) {
    super('unavailable', message);
  }
}

/** Whether a Graph error means the token can no longer be used (expired, invalidated, permission withdrawn). */
export function endsConnection(code: number | undefined, message = ''): boolean {
  if (code === undefined) return false;
  if (code === 190 || code === 102) return true;
  if (code >= 200 && code < 300) return true;
  return code === 10 && !NOT_ENOUGH_VIEWERS.test(message);
}

/** The followers' ages, or why there are none: too few followers (documented), or a refused request. */
export type AgeDemographicsResult =
  | { status: 'ages'; brackets: AgeBracket[] }
  | { status: 'too-few-followers' }
  | { status: 'refused'; error: InstagramAnswerError };

export interface LongLivedToken {
  accessToken: string;
  expiresAt: Date;
}

export function createInstagramClient(
  config: InstagramConfig,
  deps: { fetch?: typeof fetch; now?: () => Date } = {},
) {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? systemClock;
  const graph = (path: string, params: Record<string, string>) =>
    `${config.apiBase}${path}?${new URLSearchParams(params)}`;

  /**
   * One exchange through the outbound helper (src/server/http/outbound.ts): the GETs are retried after no answer,
   * a 429 or a 5xx; the code exchange (a POST, the code is good once) is sent once.
   */
  async function call(
    url: string,
    init: { method?: 'POST'; headers?: Record<string, string>; body?: string } = {},
  ): Promise<unknown> {
    let answer: Awaited<ReturnType<typeof sendOutbound>>;
    try {
      answer = await sendOutbound({ service: 'Instagram', url, ...init, fetch: doFetch });
    } catch (error) {
      if (error instanceof OutboundError) throw new MetricsSourceError('unavailable', error.message);
      throw error;
    }
    const { status, body } = answer;
    if (status >= 200 && status < 300) {
      if (body === null) throw new InstagramAnswerError('Instagram answered unreadably', { status: status });
      return body;
    }
    const parsed = errorSchema.safeParse(body);
    const error = parsed.success ? parsed.data.error : undefined;
    const code = error?.code;
    const message = error?.message ?? '';
    const described = `Instagram answered ${status}${
      code === undefined
        ? ''
        : ` (code ${code}${error?.error_subcode === undefined ? '' : `/${error.error_subcode}`})`
    }${message ? `: ${message}` : ''}`;
    if (endsConnection(code, message)) throw new InstagramTokenError(described);
    if (code === 10) throw new InstagramNoInsightsError(described);
    if (code !== undefined && RATE_LIMIT_CODES.has(code)) throw new MetricsSourceError('quota', described);
    if (code === 100 && error?.error_subcode === 33) throw new InstagramNotFoundError(described);
    throw new InstagramAnswerError(described, {
      status: status,
      ...(code === undefined ? {} : { code }),
      ...(error?.error_subcode === undefined ? {} : { subcode: error.error_subcode }),
      ...(error?.type === undefined ? {} : { type: error.type }),
      ...(error?.fbtrace_id === undefined ? {} : { fbtraceId: error.fbtrace_id }),
    });
  }

  function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new InstagramAnswerError(`Instagram answered ${what} unreadably`);
    return parsed.data;
  }

  const longLived = (body: unknown): LongLivedToken => {
    const token = parse(tokenSchema, body, 'a token');
    return {
      accessToken: token.access_token,
      expiresAt: new Date(now().getTime() + token.expires_in * 1000),
    };
  };

  return {
    /** The authorization window the creator is sent to. */
    authorizeUrl(redirectUri: string, state: string): string {
      return `${config.authorizeBase}/oauth/authorize?${new URLSearchParams({
        client_id: config.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: INSTAGRAM_SCOPES,
        state,
        enable_fb_login: '0',
        force_authentication: '1',
      })}`;
    },

    /** The code from the callback for a short-lived token and the account's id. */
    async exchangeCode(code: string, redirectUri: string): Promise<{ accessToken: string; userId: string }> {
      const body = await call(`${config.oauthBase}/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: config.appId,
          client_secret: config.appSecret,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
          code,
        }).toString(),
      });
      const parsed = parse(shortTokenSchema, body, 'the code exchange');
      const token = 'data' in parsed ? parsed.data[0]! : parsed;
      return { accessToken: token.access_token, userId: String(token.user_id) };
    },

    /** A short-lived token for a long-lived one (60 days). */
    async exchangeForLongLived(shortToken: string): Promise<LongLivedToken> {
      return longLived(
        await call(
          graph('/access_token', {
            grant_type: 'ig_exchange_token',
            client_secret: config.appSecret,
            access_token: shortToken,
          }),
        ),
      );
    },

    /** A long-lived token renewed for another 60 days. */
    async refreshLongLived(token: string): Promise<LongLivedToken> {
      return longLived(
        await call(graph('/refresh_access_token', { grant_type: 'ig_refresh_token', access_token: token })),
      );
    },

    /** The account's id, username and follower count (null when Instagram leaves it out). */
    async me(
      token: string,
    ): Promise<{ userId: string; scopedId: string; username: string; followersCount: number | null }> {
      const me = parse(
        meSchema,
        await call(
          graph(`/${INSTAGRAM_GRAPH_VERSION}/me`, {
            fields: 'user_id,username,followers_count',
            access_token: token,
          }),
        ),
        'the profile',
      );
      return {
        userId: String(me.user_id ?? me.id),
        // `id` is the app-scoped id, the one Meta's Deauthorize and Data Deletion callbacks name (issue 42).
        scopedId: me.id,
        username: me.username,
        followersCount: me.followers_count ?? null,
      };
    },

    /**
     * A finder of the account's media by link (matched by shortcode, or by permalink): it pages through the newest
     * media only as far as needed, and remembers the pages it read, so several posts of one creator cost one
     * listing. `find` answers the media id and its look (caption, cover image: read in the same listing), or null
     * when none matches (deleted, or not this account's).
     */
    mediaFinder(token: string) {
      const byShortcode = new Map<string, { id: string; look: PostLook }>();
      let url: string | undefined = graph(`/${INSTAGRAM_GRAPH_VERSION}/me/media`, {
        fields: 'id,permalink,shortcode,media_type,timestamp,caption,media_url,thumbnail_url',
        limit: '50',
        access_token: token,
      });
      let pages = 0;
      return async (postUrl: string): Promise<{ id: string; look: PostLook } | null> => {
        const shortcode = instagramShortcode(postUrl);
        if (!shortcode) return null;
        while (!byShortcode.has(shortcode) && url && pages < MEDIA_PAGES) {
          const media: z.infer<typeof mediaPageSchema> = parse(
            mediaPageSchema,
            await call(url),
            'the media list',
          );
          pages += 1;
          for (const m of media.data) {
            const code = m.shortcode ?? (m.permalink ? instagramShortcode(m.permalink) : null);
            if (code) byShortcode.set(code, { id: m.id, look: lookOf(m) });
          }
          const next: string | undefined = media.paging?.next;
          // Only pages on the API's own host (the next link carries the token).
          url = next?.startsWith(`${config.apiBase}/`) ? next : undefined;
        }
        return byShortcode.get(shortcode) ?? null;
      };
    },

    /**
     * A media's lifetime insights. Instagram answers an empty set when it has none for the media (and code 10 when
     * too few accounts saw it): both throw InstagramNoInsightsError.
     */
    async mediaInsights(token: string, mediaId: string) {
      const insights = parse(
        insightsSchema,
        await call(
          graph(`/${INSTAGRAM_GRAPH_VERSION}/${encodeURIComponent(mediaId)}/insights`, {
            metric: 'views,reach,saved,likes,comments,shares',
            access_token: token,
          }),
        ),
        'the insights',
      );
      const value = (name: string) => {
        const metric = insights.data.find((m) => m.name === name);
        if (!metric) return null;
        return metric.total_value?.value ?? metric.values?.[0]?.value ?? null;
      };
      const figures = {
        views: value('views'),
        likes: value('likes'),
        comments: value('comments'),
        shares: value('shares'),
        saves: value('saved'),
        reach: value('reach'),
      };
      if (Object.values(figures).every((v) => v === null))
        throw new InstagramNoInsightsError('Instagram answered no insights for the media');
      return figures;
    },

    /**
     * The followers' ages (lifetime, as of this month). Instagram returns no figures for an account with fewer than
     * 100 followers (too-few-followers); any other refusal is `refused` with what Instagram said. A refused token
     * and a rate limit throw, as elsewhere.
     */
    async ageDemographics(token: string, igUserId: string): Promise<AgeDemographicsResult> {
      let body: unknown;
      try {
        body = await call(
          graph(`/${INSTAGRAM_GRAPH_VERSION}/${encodeURIComponent(igUserId)}/insights`, {
            metric: 'follower_demographics',
            period: 'lifetime',
            timeframe: 'this_month',
            metric_type: 'total_value',
            breakdown: 'age',
            access_token: token,
          }),
        );
      } catch (error) {
        if (error instanceof InstagramAnswerError) return { status: 'refused', error };
        if (error instanceof InstagramNoInsightsError || error instanceof InstagramNotFoundError)
          return { status: 'refused', error: new InstagramAnswerError(error.message) };
        throw error;
      }
      const parsed = demographicsSchema.safeParse(body);
      if (!parsed.success)
        return {
          status: 'refused',
          error: new InstagramAnswerError('Instagram answered the demographics unreadably'),
        };
      const results =
        parsed.data.data.find((m) => m.name === 'follower_demographics')?.total_value?.breakdowns[0]
          ?.results ?? [];
      const brackets = results
        .map((r) => ({ age: r.dimension_values[0] ?? '', followers: r.value }))
        .filter((r) => r.age)
        .sort((a, b) => a.age.localeCompare(b.age));
      return brackets.length === 0 ? { status: 'too-few-followers' } : { status: 'ages', brackets };
    },
  };
}

export type InstagramClient = ReturnType<typeof createInstagramClient>;

/** Renew a long-lived token this long before it ends (Instagram renews tokens at least a day old). */
export const RENEW_BEFORE_MS = 10 * DAY_MS;

/** Why a post without insights has no API figures (code 10 "Not enough viewers", or an empty insights set). */
export const NO_INSIGHTS_REASON = 'Instagram shows no insights for this post yet (not enough viewers)';

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
  deps: { db: Database; authSecret: string; now?: () => Date; fetch?: typeof fetch; logger?: Logger },
): MetricsSource & Required<Pick<MetricsSource, 'maintain'>> {
  const client = createInstagramClient(config, deps);
  const now = deps.now ?? systemClock;
  const tokenOf = (ciphertext: string | null) =>
    ciphertext ? open(deps.authSecret, INSTAGRAM_TOKEN_PURPOSE, ciphertext) : null;

  return {
    platform: 'instagram',
    batchSize: 25,
    async read(posts: PostToRead[]): Promise<PostReading[]> {
      const owners = new Map(
        (await instagramOwners(deps.db, [...new Set(posts.map((p) => p.submissionId))])).map((o) => [
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
        const token = tokenOf(owner?.tokenCiphertext ?? null);
        if (!owner || !token) {
          readings.push({ ok: false, gone: false, reason: 'the creator has not connected Instagram' });
          continue;
        }
        if (refused.has(owner.influencerId) || (owner.expiresAt && owner.expiresAt <= now())) {
          readings.push({ ok: false, gone: false, reason: 'the creator needs to connect Instagram again' });
          continue;
        }
        try {
          let find = finders.get(owner.influencerId);
          if (!find) {
            find = client.mediaFinder(token);
            finders.set(owner.influencerId, find);
          }
          const media = await find(post.postUrl);
          if (!media) {
            readings.push({
              ok: false,
              gone: true,
              reason: 'the post is deleted or not on the connected account',
            });
            continue;
          }
          readings.push({ ok: true, figures: await client.mediaInsights(token, media.id), look: media.look });
        } catch (error) {
          if (error instanceof InstagramTokenError) {
            refused.add(owner.influencerId);
            await updateInstagramToken(deps.db, owner.influencerId, {
              tokenCiphertext: owner.tokenCiphertext!,
              tokenExpiresAt: now(),
              now: now(),
            });
            readings.push({ ok: false, gone: false, reason: 'the creator needs to connect Instagram again' });
          } else if (error instanceof InstagramNotFoundError) {
            readings.push({ ok: false, gone: true, reason: 'the post is deleted' });
          } else if (error instanceof InstagramNoInsightsError) {
            readings.push({ ok: false, gone: false, reason: NO_INSIGHTS_REASON });
          } else if (error instanceof InstagramAnswerError) {
            // This post alone: the other posts of the batch keep their readings.
            readings.push({ ok: false, gone: false, failed: true, reason: error.message });
          } else throw error;
        }
      }
      return readings;
    },

    async maintain(at: Date) {
      const due = await connectionsToMaintain(
        deps.db,
        at,
        new Date(at.getTime() + RENEW_BEFORE_MS),
        new Date(at.getTime() - DAY_MS),
      );
      for (const connection of due) {
        let token = tokenOf(connection.tokenCiphertext);
        if (!token) continue;
        try {
          if (connection.tokenExpiresAt.getTime() < at.getTime() + RENEW_BEFORE_MS) {
            const renewed = await client.refreshLongLived(token);
            token = renewed.accessToken;
            await updateInstagramToken(deps.db, connection.influencerId, {
              tokenCiphertext: seal(deps.authSecret, INSTAGRAM_TOKEN_PURPOSE, renewed.accessToken),
              tokenExpiresAt: renewed.expiresAt,
              now: at,
            });
          }
          if (!connection.demographicsAt || connection.demographicsAt.getTime() < at.getTime() - DAY_MS) {
            // The follower count, read once a day with the ages: the creator's verified count on Instagram.
            const me = await client.me(token);
            if (me.followersCount !== null && me.userId === connection.igUserId)
              await saveVerifiedFollowers(deps.db, {
                influencerId: connection.influencerId,
                platform: 'instagram',
                followers: me.followersCount,
                handle: me.username,
                at,
              });
            const ages = await client.ageDemographics(token, connection.igUserId);
            if (ages.status === 'refused') {
              // Not "too few followers": Instagram refused the request. The ages last read stay; tried again
              // tomorrow. What Instagram said is logged (its code and trace id, never the token).
              deps.logger?.warn(
                { influencerId: connection.influencerId, ...ages.error.detail, err: ages.error.message },
                'instagram demographics refused',
              );
              await markDemographicsRead(deps.db, connection.influencerId, at);
            } else {
              await saveAgeDemographics(
                deps.db,
                connection.influencerId,
                ages.status === 'ages' ? ages.brackets : null,
                at,
              );
            }
          }
        } catch (error) {
          if (error instanceof InstagramTokenError) {
            // The token is dead: the profile asks the creator to connect again, and nothing is read until then.
            await updateInstagramToken(deps.db, connection.influencerId, {
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
    },
  };
}
