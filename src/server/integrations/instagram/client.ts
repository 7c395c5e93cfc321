import type { z } from 'zod';
import type { InstagramConfig } from '../../../config/env-services';
import { instagramShortcode } from '../../../shared/content-metrics';
import { OutboundError, sendOutbound } from '../../http/outbound';
import { systemClock } from '../../process/clock';
import { MetricsSourceError, type PostLook } from '../metrics-source';
import {
  type AgeDemographicsResult,
  demographicsSchema,
  insightsSchema,
  type LongLivedToken,
  lookOf,
  mediaPageSchema,
  meSchema,
  shortTokenSchema,
  tokenSchema,
} from './graph-answers';
import {
  graphAnswerError,
  InstagramAnswerError,
  InstagramNoInsightsError,
  InstagramNotFoundError,
} from './graph-errors';

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
/** Media pages looked through to find a submitted post (newest first, 50 each). */
const MEDIA_PAGES = 6;

/** The Instagram API with Instagram Login, as the calls we make. */
export class InstagramClient {
  private readonly doFetch: typeof fetch;
  private readonly now: () => Date;

  constructor(
    private readonly config: InstagramConfig,
    deps: { fetch?: typeof fetch; now?: () => Date } = {},
  ) {
    this.doFetch = deps.fetch ?? fetch;
    this.now = deps.now ?? systemClock;
  }

  private graph(path: string, params: Record<string, string>): string {
    return `${this.config.apiBase}${path}?${new URLSearchParams(params)}`;
  }

  /**
   * One exchange through the outbound helper (src/server/http/outbound.ts): the GETs are retried after no answer,
   * a 429 or a 5xx; the code exchange (a POST, the code is good once) is sent once.
   */
  private async call(
    url: string,
    init: { method?: 'POST'; headers?: Record<string, string>; body?: string } = {},
  ): Promise<unknown> {
    let answer: Awaited<ReturnType<typeof sendOutbound>>;
    try {
      answer = await sendOutbound({ service: 'Instagram', url, ...init, fetch: this.doFetch });
    } catch (error) {
      if (error instanceof OutboundError) throw new MetricsSourceError('unavailable', error.message);
      throw error;
    }
    const { status, body } = answer;
    if (status < 200 || status >= 300) throw graphAnswerError(status, body);
    if (body === null) throw new InstagramAnswerError('Instagram answered unreadably', { status });
    return body;
  }

  private parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new InstagramAnswerError(`Instagram answered ${what} unreadably`);
    return parsed.data;
  }

  private longLived(body: unknown): LongLivedToken {
    const token = this.parse(tokenSchema, body, 'a token');
    return {
      accessToken: token.access_token,
      expiresAt: new Date(this.now().getTime() + token.expires_in * 1000),
    };
  }

  /** The authorization window the creator is sent to. */
  authorizeUrl(redirectUri: string, state: string): string {
    return `${this.config.authorizeBase}/oauth/authorize?${new URLSearchParams({
      client_id: this.config.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: INSTAGRAM_SCOPES,
      state,
      enable_fb_login: '0',
      force_authentication: '1',
    })}`;
  }

  /** The code from the callback for a short-lived token and the account's id. */
  async exchangeCode(code: string, redirectUri: string): Promise<{ accessToken: string; userId: string }> {
    const body = await this.call(`${this.config.oauthBase}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: this.config.appId,
        client_secret: this.config.appSecret,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
      }).toString(),
    });
    const parsed = this.parse(shortTokenSchema, body, 'the code exchange');
    const token = 'data' in parsed ? parsed.data[0]! : parsed;
    return { accessToken: token.access_token, userId: String(token.user_id) };
  }

  /** A short-lived token for a long-lived one (60 days). */
  async exchangeForLongLived(shortToken: string): Promise<LongLivedToken> {
    return this.longLived(
      await this.call(
        this.graph('/access_token', {
          grant_type: 'ig_exchange_token',
          client_secret: this.config.appSecret,
          access_token: shortToken,
        }),
      ),
    );
  }

  /** A long-lived token renewed for another 60 days. */
  async refreshLongLived(token: string): Promise<LongLivedToken> {
    return this.longLived(
      await this.call(
        this.graph('/refresh_access_token', { grant_type: 'ig_refresh_token', access_token: token }),
      ),
    );
  }

  /** The account's id, username and follower count (null when Instagram leaves it out). */
  async me(
    token: string,
  ): Promise<{ userId: string; scopedId: string; username: string; followersCount: number | null }> {
    const me = this.parse(
      meSchema,
      await this.call(
        this.graph(`/${INSTAGRAM_GRAPH_VERSION}/me`, {
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
  }

  /**
   * A finder of the account's media by link (matched by shortcode, or by permalink): it pages through the newest
   * media only as far as needed, and remembers the pages it read, so several posts of one creator cost one
   * listing. `find` answers the media id and its look (caption, cover image: read in the same listing), or null
   * when none matches (deleted, or not this account's).
   */
  mediaFinder(token: string) {
    const byShortcode = new Map<string, { id: string; look: PostLook }>();
    let url: string | undefined = this.graph(`/${INSTAGRAM_GRAPH_VERSION}/me/media`, {
      fields: 'id,permalink,shortcode,media_type,timestamp,caption,media_url,thumbnail_url',
      limit: '50',
      access_token: token,
    });
    let pages = 0;
    return async (postUrl: string): Promise<{ id: string; look: PostLook } | null> => {
      const shortcode = instagramShortcode(postUrl);
      if (!shortcode) return null;
      while (!byShortcode.has(shortcode) && url && pages < MEDIA_PAGES) {
        const media: z.infer<typeof mediaPageSchema> = this.parse(
          mediaPageSchema,
          await this.call(url),
          'the media list',
        );
        pages += 1;
        for (const m of media.data) {
          const code = m.shortcode ?? (m.permalink ? instagramShortcode(m.permalink) : null);
          if (code) byShortcode.set(code, { id: m.id, look: lookOf(m) });
        }
        const next: string | undefined = media.paging?.next;
        // Only pages on the API's own host (the next link carries the token).
        url = next?.startsWith(`${this.config.apiBase}/`) ? next : undefined;
      }
      return byShortcode.get(shortcode) ?? null;
    };
  }

  /**
   * A media's lifetime insights. Instagram answers an empty set when it has none for the media (and code 10 when
   * too few accounts saw it): both throw InstagramNoInsightsError.
   */
  async mediaInsights(token: string, mediaId: string) {
    const insights = this.parse(
      insightsSchema,
      await this.call(
        this.graph(`/${INSTAGRAM_GRAPH_VERSION}/${encodeURIComponent(mediaId)}/insights`, {
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
  }

  /**
   * The followers' ages (lifetime, as of this month). Instagram returns no figures for an account with fewer than
   * 100 followers (too-few-followers); any other refusal is `refused` with what Instagram said. A refused token
   * and a rate limit throw, as elsewhere.
   */
  async ageDemographics(token: string, igUserId: string): Promise<AgeDemographicsResult> {
    let body: unknown;
    try {
      body = await this.call(
        this.graph(`/${INSTAGRAM_GRAPH_VERSION}/${encodeURIComponent(igUserId)}/insights`, {
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
      parsed.data.data.find((m) => m.name === 'follower_demographics')?.total_value?.breakdowns[0]?.results ??
      [];
    const brackets = results
      .map((r) => ({ age: r.dimension_values[0] ?? '', followers: r.value }))
      .filter((r) => r.age)
      .sort((a, b) => a.age.localeCompare(b.age));
    return brackets.length === 0 ? { status: 'too-few-followers' } : { status: 'ages', brackets };
  }
}

/** The client for the configured app (the callers' name for `new InstagramClient`). */
export const createInstagramClient = (
  config: InstagramConfig,
  deps: { fetch?: typeof fetch; now?: () => Date } = {},
) => new InstagramClient(config, deps);
