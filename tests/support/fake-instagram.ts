import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import contract from '../contracts/instagram-graph.json';
import { closeHttpServer, listen } from './bounded';
import { answerMedia, type FakeMediaAnswer } from './fake-media';
import { readRequestBody } from './request-body';

/**
 * A local stand-in for the Instagram API with Instagram Login (Graph API v23.0), on one port for its three hosts.
 * It answers as Meta's documentation says, not as our client expects:
 * - "Business Login for Instagram" (developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/
 *   business-login): GET /oauth/authorize redirects at once to `redirect_uri?code=…&state=…#_` for the account in
 *   `authorizeAs` (or `?error=access_denied&error_reason=user_denied…` when it is null); POST /oauth/access_token
 *   (form: client_id, client_secret, grant_type=authorization_code, redirect_uri, code) -> { data: [{ access_token,
 *   user_id, permissions }] };
 * - "Long-lived access tokens" (…/instagram-api-with-instagram-login/business-login#long-lived): GET /access_token?
 *   grant_type=ig_exchange_token&client_secret&access_token and GET /refresh_access_token?grant_type=
 *   ig_refresh_token&access_token -> { access_token, token_type, expires_in };
 * - "Instagram User" / "Instagram Media" references: GET /v23.0/me?fields=user_id,username,followers_count answers
 *   the fields asked for and `id`, the app-scoped id (`user_id` is the professional account's id; "Instagram User"
 *   reference, …/instagram-api-with-instagram-login/ig-user: followers_count is "Total number of Instagram users following the user"), GET /v23.0/me/media
 *   (pages with paging.cursors and paging.next) answers the "IG Media" fields asked for and `id`: `caption`,
 *   `media_type` (IMAGE, VIDEO, CAROUSEL_ALBUM), `media_url` (the image, or a video's file), `thumbnail_url` ("only
 *   available on VIDEO media"), `permalink`, `shortcode`, `timestamp`; the media links are signed CDN addresses on
 *   `MEDIA_HOST` (scontent-….cdninstagram.com), whose images this server answers under /v/ (map the host to `url`);
 * - "Instagram Media Insights" (…/api-reference/instagram-media/insights): GET /v23.0/{media-id}/insights?metric=…
 *   -> { data: [{ name, period, values: [{ value }], title, description, id }] }; an empty `data` when there are no
 *   insights; "(#10) Not enough viewers for the media to show insights" (code 10) for a media in `mediaErrors`;
 * - "Instagram Account Insights" (…/api-reference/instagram-user/insights): GET /v23.0/{ig-user-id}/insights?metric=
 *   follower_demographics&period=lifetime&timeframe=this_week|this_month&metric_type=total_value&breakdown=age|city|
 *   country|gender -> { data: [{ name, period, title, description, total_value: { breakdowns: [{ dimension_keys,
 *   results: [{ dimension_values, value }] }] }, id }] }; the metric is not returned (an empty `data`) for an account
 *   with fewer than 100 followers (`ages: null`); a missing or invalid parameter is error 100;
 * - strict as Graph is (issue 42): a field a node does not have, or a metric that is not (or no longer, like
 *   `impressions` and `plays` since v22.0) one of the endpoint's, is error 100; the lists are the published ones kept
 *   in tests/contracts/instagram-graph.json;
 * - "Graph API: Handling errors" (developers.facebook.com/docs/graph-api/guides/error-handling): every error is
 *   { error: { message, type, code, error_subcode?, is_transient?, fbtrace_id } }: 190 without a subcode for a
 *   token it never issued, 190 with the subcode given to `expire` (463 expired, 460 password changed, 458 app
 *   removed…) for a token ended, 4 (application request limit) while `rateLimited`, 100/33 for a media that does not
 *   exist, and any of GRAPH_ERRORS where a test puts it (`mediaErrors`, `demographicsError`).
 * Run as a server (the demo): `startFakeInstagram({ port })`.
 */

/** An error answer: the HTTP status and Graph's error object (fbtrace_id is added). */
export interface FakeGraphError {
  status: number;
  error: { message: string; type: string; code: number; error_subcode?: number; is_transient?: boolean };
}

/** Error answers as "Graph API: Handling errors" and the insights pages document them. */
export const GRAPH_ERRORS = {
  notEnoughViewers: {
    status: 400,
    error: {
      message: '(#10) Not enough viewers for the media to show insights',
      type: 'OAuthException',
      code: 10,
    },
  },
  permissionDenied: {
    status: 400,
    error: {
      message: '(#10) Application does not have permission for this action',
      type: 'OAuthException',
      code: 10,
    },
  },
  insightsPermissionMissing: {
    status: 403,
    error: {
      message: '(#200) Requires instagram_business_manage_insights permission to manage the object',
      type: 'OAuthException',
      code: 200,
    },
  },
  unknownError: {
    status: 500,
    error: {
      message: 'An unexpected error has occurred. Please retry your request later.',
      type: 'OAuthException',
      code: 2,
      is_transient: true,
    },
  },
  invalidParameter: {
    status: 400,
    error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 },
  },
  /** A code this client knows nothing of (a feature not available to the account). */
  unsupported: {
    status: 400,
    error: {
      message: '(#3) Application does not have the capability to make this API call.',
      type: 'OAuthException',
      code: 3,
    },
  },
} satisfies Record<string, FakeGraphError>;

/** What Graph says for each reason a token ended (code 190 with a subcode). */
const TOKEN_ENDED: Record<number, string> = {
  458: 'Error validating access token: The user has not authorized application.',
  459: 'Error validating access token: The user is checkpointed and must log in to Instagram first.',
  460: 'Error validating access token: The session has been invalidated because the user changed their password or Instagram has changed the session for security reasons.',
  463: 'Error validating access token: Session has expired.',
  464: 'Error validating access token: Sessions for the user are not allowed because the user is not a confirmed user.',
  467: 'Error validating access token: The access token is invalid.',
};

/** An account's app-scoped id: its own, or one made from the professional id (another number, as Meta's are). */
export function scopedIdOf(account: Pick<FakeInstagramAccount, 'userId' | 'scopedId'>): string {
  return account.scopedId ?? `9${account.userId.slice(1)}`;
}

/**
 * What Meta posts to the Deauthorize or Data Deletion callback for `account`: a signed_request naming its app-scoped
 * id, issued at `at` (the callbacks refuse one issued too long ago).
 */
export function metaCallbackFor(appSecret: string, account: FakeInstagramAccount, at: Date): string {
  return metaSignedRequest(appSecret, {
    user_id: scopedIdOf(account),
    issued_at: Math.floor(at.getTime() / 1000),
  });
}

/**
 * A `signed_request` as Meta sends it to the Deauthorize and Data Deletion callbacks (HMAC-SHA256, app secret):
 * `{ algorithm, issued_at, user_id }` (issued now unless the payload says otherwise).
 */
export function metaSignedRequest(appSecret: string, payload: Record<string, unknown>): string {
  const body = Buffer.from(
    JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), ...payload }),
  ).toString('base64url');
  const signature = createHmac('sha256', appSecret).update(body).digest('base64url');
  return `${signature}.${body}`;
}

export interface FakeInstagramAccount {
  /** The professional account's id (`user_id` of /me, the id the insights are read under). */
  userId: string;
  /**
   * The app-scoped id: `id` of /me, and the `user_id` Meta puts in the signed_request of the Deauthorize and Data
   * Deletion callbacks ("The signed request contains an app-scoped ID identifying the user", Data Deletion Request
   * Callback). `scopedIdOf(account)` when not given.
   */
  scopedId?: string;
  username: string;
  /** Age bracket -> followers; null: the account is too small (Instagram answers an error). */
  ages: Record<string, number> | null;
  /** The account's followers (`followers_count`); a test may change it between reads. 0 when not given. */
  followersCount?: number;
}

/** The CDN host the fake's media links name (an Instagram CDN name; tests map it to the fake's origin). */
export const INSTAGRAM_MEDIA_HOST = 'scontent-iad3-2.cdninstagram.com';

export interface FakeInstagramMedia {
  owner: string;
  shortcode: string;
  /** VIDEO unless given (reels are videos). */
  mediaType?: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  caption?: string;
  /** A cover image link on another host than Instagram's CDN (a test of the refusal). */
  coverUrl?: string;
  views: number;
  reach: number;
  saved: number;
  likes: number;
  comments: number;
  shares: number;
}

export interface FakeInstagram {
  url: string;
  appId: string;
  appSecret: string;
  accounts: Map<string, FakeInstagramAccount>;
  /** Media by id. */
  media: Map<string, FakeInstagramMedia>;
  /** Ids of media that were deleted (insights answer 100/33). */
  deleted: Set<string>;
  /** Media id -> the error its insights answer (GRAPH_ERRORS.notEnoughViewers, …), or 'unreadable' (a 502 page). */
  mediaErrors: Map<string, FakeGraphError | 'unreadable'>;
  /** Media ids whose insights are an empty set (Instagram has none for them). */
  noInsights: Set<string>;
  /** The error follower_demographics answers (whatever the account), or null. */
  demographicsError: FakeGraphError | null;
  /** Working tokens: token -> user id (short- and long-lived alike). */
  tokens: Map<string, string>;
  /** The account the authorization window signs in as (null: the creator cancels). */
  authorizeAs: string | null;
  rateLimited: boolean;
  /** Every request's path and query, for assertions (tokens included). */
  requests: string[];
  refreshes: number;
  /** The CDN's answer for each image path (the PNG when absent), and every image path asked for. */
  mediaAnswers: Map<string, FakeMediaAnswer>;
  mediaRequests: string[];
  /** The media host -> this fake's origin (for MEDIA_HOST_OVERRIDES / hostOverrides). */
  hostOverrides: Record<string, string>;
  /** The variables that point the app at this stand-in: its Instagram app, authorize window, OAuth and Graph API. */
  appEnv: Record<string, string>;
  /** Ends every token of `userId`: code 190 with this subcode from then on (463: expired, 460: password changed…). */
  expire(userId: string, subcode?: number): void;
  close(): Promise<void>;
}

export async function startFakeInstagram(
  options: { port?: number; host?: string } = {},
): Promise<FakeInstagram> {
  const fake: Omit<FakeInstagram, 'url' | 'close' | 'expire' | 'hostOverrides' | 'appEnv'> = {
    appId: '990602627938098',
    appSecret: 'ig-app-secret',
    accounts: new Map(),
    media: new Map(),
    deleted: new Set(),
    mediaErrors: new Map(),
    noInsights: new Set(),
    demographicsError: null,
    tokens: new Map(),
    authorizeAs: null,
    rateLimited: false,
    requests: [],
    refreshes: 0,
    mediaAnswers: new Map(),
    mediaRequests: [],
  };
  const codes = new Map<string, { userId: string; redirectUri: string }>();
  /** Tokens ended by `expire`: token -> the 190 subcode. */
  const ended = new Map<string, number>();
  let issued = 0;
  let base = '';
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    fake.requests.push(`${request.method} ${url.pathname}${url.search}`);
    const body = await readRequestBody(request);
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const fail = (status: number, code: number, message: string, type = 'OAuthException', subcode?: number) =>
      send(status, {
        error: {
          message,
          type,
          code,
          ...(subcode ? { error_subcode: subcode } : {}),
          fbtrace_id: 'AbCdEf123',
        },
      });
    // Strict as Graph is (issue 42): a field a node does not have, or a metric that is not (or no longer) one of the
    // endpoint's, is error 100 (tests/contracts/instagram-graph.json).
    const unknownField = (asked: Iterable<string>, known: string[], node: string) => {
      const bad = [...asked].find((field) => !known.includes(field));
      return bad ? `(#100) Tried accessing nonexisting field (${bad}) on node type (${node})` : null;
    };
    const unknownMetric = (asked: string[], known: string[]) => {
      const index = asked.findIndex((metric) => !known.includes(metric));
      return index < 0
        ? null
        : `(#100) metric[${index}] must be one of the following values: ${known.join(', ')}`;
    };
    const answer = (graphError: FakeGraphError | 'unreadable') => {
      if (graphError === 'unreadable') {
        response.writeHead(502, { 'content-type': 'text/html' });
        return response.end('<html><body>Bad Gateway</body></html>');
      }
      send(graphError.status, { error: { ...graphError.error, fbtrace_id: 'AbCdEf123' } });
    };
    const q = url.searchParams;

    if (request.method === 'GET' && url.pathname === '/oauth/authorize') {
      const redirect = new URL(q.get('redirect_uri') ?? '');
      if (fake.authorizeAs) {
        issued += 1;
        const code = `ig-code-${issued}`;
        codes.set(code, { userId: fake.authorizeAs, redirectUri: q.get('redirect_uri') ?? '' });
        redirect.searchParams.set('code', code);
      } else {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_reason', 'user_denied');
        redirect.searchParams.set('error_description', 'The user denied your request.');
      }
      if (q.get('state') !== null) redirect.searchParams.set('state', q.get('state')!);
      response.writeHead(302, { location: `${redirect}#_` });
      return response.end();
    }
    if (request.method === 'POST' && url.pathname === '/oauth/access_token') {
      const form = new URLSearchParams(body);
      const grant = codes.get(form.get('code') ?? '');
      if (
        form.get('client_id') !== fake.appId ||
        form.get('client_secret') !== fake.appSecret ||
        form.get('grant_type') !== 'authorization_code' ||
        !grant ||
        grant.redirectUri !== form.get('redirect_uri')
      ) {
        return fail(400, 100, 'Invalid authorization code', 'OAuthException');
      }
      codes.delete(form.get('code') ?? '');
      issued += 1;
      const token = `IGQshort${issued}`;
      fake.tokens.set(token, grant.userId);
      return send(200, {
        data: [{ access_token: token, user_id: grant.userId, permissions: 'instagram_business_basic' }],
      });
    }
    if (request.method !== 'GET') return fail(404, 100, 'Unsupported request', 'GraphMethodException');
    if (url.pathname.startsWith('/v/')) {
      // The CDN (its signed links carry no token).
      fake.mediaRequests.push(url.pathname);
      return answerMedia(response, fake.mediaAnswers.get(url.pathname));
    }

    const token = q.get('access_token') ?? '';
    const endedAs = ended.get(token);
    if (endedAs) return fail(400, 190, TOKEN_ENDED[endedAs] ?? TOKEN_ENDED[467]!, 'OAuthException', endedAs);
    const owner = fake.tokens.get(token);
    if (!owner) return fail(400, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (url.pathname === '/access_token' || url.pathname === '/refresh_access_token') {
      const valid =
        url.pathname === '/access_token'
          ? q.get('grant_type') === 'ig_exchange_token' && q.get('client_secret') === fake.appSecret
          : q.get('grant_type') === 'ig_refresh_token';
      if (!valid) return fail(400, 100, 'Invalid parameter', 'OAuthException');
      if (url.pathname === '/refresh_access_token') fake.refreshes += 1;
      issued += 1;
      const token = `IGQlong${issued}`;
      fake.tokens.set(token, owner);
      return send(200, { access_token: token, token_type: 'bearer', expires_in: 5_184_000 });
    }
    if (fake.rateLimited)
      return send(400, {
        error: {
          message: '(#4) Application request limit reached',
          type: 'OAuthException',
          is_transient: true,
          code: 4,
          fbtrace_id: 'AbCdEf123',
        },
      });
    const account = fake.accounts.get(owner);
    if (url.pathname === '/v23.0/me' && account) {
      // Graph answers the fields asked for, and the id.
      const fields = new Set((q.get('fields') ?? '').split(',').filter(Boolean));
      const refused = unknownField(fields, contract.me.fields, 'User');
      if (refused) return fail(400, 100, refused);
      const all: Record<string, unknown> = {
        user_id: account.userId,
        username: account.username,
        followers_count: account.followersCount ?? 0,
      };
      return send(200, {
        ...Object.fromEntries(Object.entries(all).filter(([name]) => fields.has(name))),
        id: scopedIdOf(account),
      });
    }
    if (url.pathname === '/v23.0/me/media') {
      const fields = new Set((q.get('fields') ?? '').split(',').filter(Boolean));
      const refused = unknownField(fields, contract.media.fields, 'IGMedia');
      if (refused) return fail(400, 100, refused);
      const all = [...fake.media.entries()].filter(([, m]) => m.owner === owner).reverse();
      const after = Number(q.get('after') ?? 0);
      const limit = Number(q.get('limit') ?? 25);
      const page = all.slice(after, after + limit);
      const next = new URL(`${base}/v23.0/me/media`);
      next.search = q.toString();
      next.searchParams.set('after', String(after + limit));
      return send(200, {
        data: page.map(([id, m]) => {
          const type = m.mediaType ?? 'VIDEO';
          const signed = `?stp=dst-jpg_e35&_nc_ht=${INSTAGRAM_MEDIA_HOST}&oh=00_AfB&oe=68A1B2C3`;
          const cover = m.coverUrl ?? `https://${INSTAGRAM_MEDIA_HOST}/v/t51.2885-15/${id}_n.jpg${signed}`;
          const all: Record<string, unknown> = {
            media_type: type,
            shortcode: m.shortcode,
            permalink: `https://www.instagram.com/${type === 'VIDEO' ? 'reel' : 'p'}/${m.shortcode}/`,
            timestamp: '2026-06-01T10:00:00+0000',
            // No caption field when the post has none.
            ...(m.caption === undefined ? {} : { caption: m.caption }),
            media_url:
              type === 'VIDEO' ? `https://${INSTAGRAM_MEDIA_HOST}/o1/v/t16/f2/m86/${id}.mp4${signed}` : cover,
            ...(type === 'VIDEO' ? { thumbnail_url: cover } : {}),
          };
          return { ...Object.fromEntries(Object.entries(all).filter(([name]) => fields.has(name))), id };
        }),
        paging: {
          cursors: { before: String(after), after: String(after + limit) },
          ...(after + limit < all.length ? { next: next.toString() } : {}),
        },
      });
    }
    const insights = /^\/v23\.0\/([^/]+)\/insights$/.exec(url.pathname);
    if (insights) {
      const id = decodeURIComponent(insights[1]!);
      const metrics = (q.get('metric') ?? '').split(',');
      const known = fake.accounts.has(id) ? contract.accountInsights.metrics : contract.mediaInsights.metrics;
      const refusedMetric = unknownMetric(metrics, known);
      if (refusedMetric) return fail(400, 100, refusedMetric);
      if (q.get('metric') === 'follower_demographics') {
        const of = fake.accounts.get(id);
        if (!of || of.userId !== owner) return answer(GRAPH_ERRORS.permissionDenied);
        if (fake.demographicsError) return answer(fake.demographicsError);
        // Demographic metrics need a lifetime period, a timeframe (this_week or this_month since v20.0), the total
        // value metric type and a breakdown.
        if (q.get('period') !== 'lifetime')
          return fail(400, 100, '(#100) Incompatible period for follower_demographics');
        if (!['this_week', 'this_month'].includes(q.get('timeframe') ?? ''))
          return fail(400, 100, '(#100) The timeframe parameter is required for demographic metrics');
        if (q.get('metric_type') !== 'total_value')
          return fail(400, 100, '(#100) follower_demographics only supports metric_type total_value');
        const breakdown = q.get('breakdown') ?? '';
        if (!['age', 'city', 'country', 'gender'].includes(breakdown))
          return fail(400, 100, '(#100) A breakdown (age, city, country or gender) is required');
        // Not returned for an account with fewer than 100 followers.
        if (!of.ages) return send(200, { data: [] });
        return send(200, {
          data: [
            {
              name: 'follower_demographics',
              period: 'lifetime',
              title: 'Follower demographics',
              description:
                'The demographic characteristics of followers, including countries, cities and gender distribution.',
              total_value: {
                breakdowns: [
                  {
                    dimension_keys: [breakdown],
                    results: Object.entries(of.ages).map(([age, value]) => ({
                      dimension_values: [age],
                      value,
                    })),
                  },
                ],
              },
              id: `${id}/insights/follower_demographics/lifetime`,
            },
          ],
        });
      }
      if (fake.deleted.has(id) || !fake.media.has(id)) {
        return fail(
          400,
          100,
          `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          'GraphMethodException',
          33,
        );
      }
      const mediaError = fake.mediaErrors.get(id);
      if (mediaError) return answer(mediaError);
      if (fake.noInsights.has(id)) return send(200, { data: [] });
      const media = fake.media.get(id)!;
      return send(200, {
        data: metrics.map((name) => ({
          name,
          period: 'lifetime',
          values: [{ value: media[name as keyof FakeInstagramMedia] }],
          title: name,
          description: name,
          id: `${id}/insights/${name}/lifetime`,
        })),
      });
    }
    fail(400, 100, 'Unsupported get request.', 'GraphMethodException', 33);
  });
  const host = options.host ?? '127.0.0.1';
  await listen(server, 'the Instagram stand-in', options.port, host);
  const { port } = server.address() as AddressInfo;
  base = `http://${host}:${port}`;
  return Object.assign(fake, {
    url: base,
    hostOverrides: { [INSTAGRAM_MEDIA_HOST]: base },
    appEnv: {
      INSTAGRAM_APP_ID: fake.appId,
      INSTAGRAM_APP_SECRET: fake.appSecret,
      INSTAGRAM_AUTHORIZE_BASE: base,
      INSTAGRAM_OAUTH_BASE: base,
      INSTAGRAM_API_BASE: base,
    },
    expire(userId: string, subcode = 463) {
      for (const [token, owner] of fake.tokens) {
        if (owner !== userId) continue;
        fake.tokens.delete(token);
        ended.set(token, subcode);
      }
    },
    close: () => closeHttpServer(server, 'the Instagram stand-in'),
  }) as FakeInstagram;
}
