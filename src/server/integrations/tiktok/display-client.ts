import { z } from 'zod';
import type { Database } from '../../../db/client';
import { saveTiktokTokens } from '../../../db/queries/tiktok-metric-tokens';
import { OutboundError, sendOutbound } from '../../http/outbound';
import { systemClock } from '../../process/clock';
import { MetricsSourceError, type PostLook } from '../metrics-source';
import { openTiktokToken, requestTiktokTokens, sealTiktokToken, TiktokTokenError } from './tiktok-login';

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

export interface TiktokConfig {
  clientKey: string;
  clientSecret: string;
  apiBase: string;
  /** Opens and seals the stored tokens (Better Auth's key). */
  authSecret: string;
}

/** The creator must sign in with TikTok again (or never connected): read again at the next scheduled read. */
export class TokenRefused extends Error {}
/** Reading this creator's videos failed unexpectedly: their posts alone are retried after a back-off. */
export class CreatorFailed extends Error {}

export const SIGN_IN_AGAIN = 'the creator needs to sign in with TikTok again';
/** The start of a reading's reason when the grant lacks a scope (issue 42). */
const RECONNECT = 'reconnect TikTok: ';

export const videoSchema = z.object({
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
export function lookOf(video: z.infer<typeof videoSchema>): PostLook {
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

export type TiktokVideo = z.infer<typeof videoSchema>;
export type TiktokUser = NonNullable<z.infer<typeof userInfoSchema>['data']['user']>;
/** A creator's stored grant: sealed tokens and when the access token ends. */
export interface StoredGrant {
  creatorId: number;
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** TikTok's Display API with one creator's grant, as the calls we make. */
export class TiktokDisplayClient {
  private readonly doFetch: typeof fetch;
  private readonly now: () => Date;

  constructor(
    private readonly config: TiktokConfig,
    private readonly deps: { db: Database; now?: () => Date; fetch?: typeof fetch },
  ) {
    this.doFetch = deps.fetch ?? fetch;
    this.now = deps.now ?? systemClock;
  }

  /**
   * Runs `ask` with the creator's access token, renewed first when it ends within a minute, and renewed once more
   * when TikTok answers that it expired; a grant that cannot be used throws TokenRefused.
   */
  async withGrant<T>(
    grant: StoredGrant,
    at: Date,
    ask: (token: string) => Promise<T | 'expired'>,
  ): Promise<T> {
    if (!grant.accessToken || !grant.refreshToken)
      throw new TokenRefused('the creator has not connected TikTok');
    let tokens = {
      access: await this.opened(grant.accessToken),
      refresh: await this.opened(grant.refreshToken),
    };
    let renewed = false;
    if (!grant.expiresAt || grant.expiresAt.getTime() < at.getTime() + 60_000) {
      tokens = await this.refresh(grant.creatorId, tokens.refresh);
      renewed = true;
    }
    let answer = await ask(tokens.access);
    if (answer === 'expired' && !renewed)
      answer = await ask((await this.refresh(grant.creatorId, tokens.refresh)).access);
    if (answer === 'expired') throw new TokenRefused(SIGN_IN_AGAIN);
    return answer;
  }

  /** The videos TikTok finds among `ids` (missing ones are deleted, private or not the creator's). */
  async queryVideos(token: string, ids: string[]): Promise<TiktokVideo[] | 'expired'> {
    const { status, body } = await this.call(
      `${this.config.apiBase}/v2/video/query/?fields=${QUERY_FIELDS}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ filters: { video_ids: ids } }),
      },
    );
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new CreatorFailed(`TikTok answered ${status} unreadably`);
    if (parsed.data.error.code === 'ok') return parsed.data.data.videos ?? [];
    return refusal(status, parsed.data.error, 'reading their videos');
  }

  /** The creator's follower count as TikTok says it, or 'expired' when the access token was refused. */
  async userInfo(token: string): Promise<TiktokUser | 'expired'> {
    const { status, body } = await this.call(
      `${this.config.apiBase}/v2/user/info/?fields=open_id,username,follower_count`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const parsed = userInfoSchema.safeParse(body);
    if (!parsed.success) throw new CreatorFailed(`TikTok answered ${status} unreadably`);
    if (parsed.data.error.code === 'ok') return parsed.data.data.user ?? {};
    return refusal(status, parsed.data.error, 'reading their stats');
  }

  /**
   * One exchange through the outbound helper (src/server/http/outbound.ts), retried after no answer, a 429 or a
   * 5xx: both calls only read (the video query is a POST that changes nothing).
   */
  private async call(
    url: string,
    init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number; body: unknown }> {
    try {
      const answer = await sendOutbound({
        service: 'TikTok',
        url,
        ...init,
        fetch: this.doFetch,
        idempotent: true,
      });
      return { status: answer.status, body: answer.body };
    } catch (error) {
      if (error instanceof OutboundError) throw new MetricsSourceError('unavailable', error.message);
      throw error;
    }
  }

  private async refresh(creatorId: number, refreshToken: string) {
    try {
      const tokens = await requestTiktokTokens(
        this.config,
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        { now: this.now, fetch: this.doFetch },
      );
      await saveTiktokTokens(this.deps.db, creatorId, {
        accessToken: await sealTiktokToken(this.config.authSecret, tokens.accessToken),
        refreshToken: await sealTiktokToken(this.config.authSecret, tokens.refreshToken),
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

  /** The stored (sealed) tokens in clear; a value that cannot be opened (AUTH_SECRET changed) means a new sign-in. */
  private async opened(stored: string) {
    try {
      return await openTiktokToken(this.config.authSecret, stored);
    } catch {
      throw new TokenRefused(SIGN_IN_AGAIN);
    }
  }
}

/** What an error answer means: an expired token, the app's quota, a scope not granted, or this creator failing. */
function refusal(
  status: number,
  error: { code: string; message?: string | undefined; log_id?: string | undefined },
  what: string,
): 'expired' {
  const { code, message, log_id: logId } = error;
  if (code === 'access_token_invalid') return 'expired';
  const text = `TikTok answered ${status} ${code}${message ? `: ${message}` : ''}${logId ? ` [log_id ${logId}]` : ''}`;
  if (code === 'rate_limit_exceeded') throw new MetricsSourceError('quota', text);
  // The grant lacks a scope (scope_not_authorized) or a field's scope (scope_permission_missed): only the creator
  // can fix it, by reconnecting TikTok; read again at the next scheduled read, never retried as a failure.
  if (code === 'scope_not_authorized' || code === 'scope_permission_missed')
    throw new TokenRefused(`${RECONNECT}the creator did not allow ${what}`);
  throw new CreatorFailed(text);
}
