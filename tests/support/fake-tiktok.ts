import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import contract from '../contracts/tiktok-v2.json';
import { closeHttpServer, listen } from './bounded';
import { answerMedia, type FakeMediaAnswer } from './fake-media';
import { readRequestBody } from './request-body';

/**
 * A local stand-in for TikTok as its developer documentation describes it (read 2026, pages of
 * developers.tiktok.com; the shapes are written here from those pages, nothing is copied):
 *
 * - "Login Kit for Web" (/doc/login-kit-web): GET /v2/auth/authorize/?client_key&scope (comma-separated)
 *   &response_type=code&redirect_uri&state. The person consents (here at once, as `authorizeAs`, granting
 *   `grantScopes` or every scope asked) and the browser goes back to redirect_uri with `code`, `scopes` and
 *   `state`, or with `error` and `error_description` (and `state`).
 * - "Manage User Access Tokens" (/doc/oauth-user-access-token-management): POST /v2/oauth/token/, form body with
 *   client_key, client_secret, grant_type authorization_code (code, redirect_uri) or refresh_token
 *   (refresh_token). The answer: access_token, expires_in (86400), open_id, refresh_expires_in, refresh_token,
 *   scope (the granted scopes, comma-separated), token_type "Bearer". Errors follow "OAuth Error Handling"
 *   (/doc/oauth-error-handling): `{ error, error_description, log_id }` with invalid_client, invalid_grant,
 *   invalid_request, unsupported_grant_type. The pages give no HTTP status for them; TikTok is reported to answer
 *   them with 200, which this fake does too (a client must look at the body, not the status).
 * - "Get User Info" (/doc/tiktok-api-v2-get-user-info): GET /v2/user/info/?fields=… with a Bearer token;
 *   open_id, union_id, avatar_url(_100), avatar_large_url and display_name need user.info.basic;
 *   bio_description, profile_deep_link, is_verified and username need user.info.profile; the counts need
 *   user.info.stats. Answers `{ data: { user }, error: { code: "ok", message: "", log_id } }`.
 * - "Query Videos" (/doc/tiktok-api-v2-video-query): POST /v2/video/query/?fields=… with
 *   `{ filters: { video_ids } }` (at most 20), scope video.list; `{ data: { videos, cursor, has_more }, error }`.
 *   A video that is not the token owner's is left out. Each video answers the "Video Object" fields asked for:
 *   the counts, `title` and `video_description` (150 characters at most), `cover_image_url` ("a CDN link for the
 *   video's cover image", valid 6 hours: a signed address on `TIKTOK_MEDIA_HOST`, answered by this server under
 *   /tos-; map the host to `url`).
 * - "Error Handling" of API v2 (/doc/tiktok-api-v2-error-handling): `{ data: {}, error: { code, message,
 *   log_id } }` with access_token_invalid 401, scope_not_authorized 401, invalid_params 400,
 *   rate_limit_exceeded 429, internal_error 500.
 *
 * Strict as TikTok is (issue 42): a scope outside the app's list is invalid_scope at the authorize page, a field
 * that is not a documented one is invalid_params, a field whose scope was not granted is scope_permission_missed and
 * an endpoint whose scope was not granted is scope_not_authorized (tests/contracts/tiktok-v2.json).
 *
 * Tokens it issued work until `expire(token)`. Run by tests in-process, or as a server for `npm run demo`
 * (`startFakeTiktok({ port })`).
 */

/** The scope each user field needs (Get User Info, "Authorized Scope"). */
export const TIKTOK_FIELD_SCOPES: Readonly<Record<string, string>> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

export interface FakeTiktokUser {
  open_id: string;
  union_id: string;
  display_name: string;
  username: string;
  avatar_large_url: string;
  /** What "Get User Info" answers for follower_count (user.info.stats); 0 when not set. */
  follower_count?: number;
}

export interface FakeTiktokVideo {
  /** The creator (open_id) the video belongs to. */
  owner: string;
  view_count: number;
  like_count: number;
  comment_count: number;
  share_count: number;
  title?: string;
  video_description?: string;
  /** A cover image link on another host than TikTok's CDN (a test of the refusal). */
  cover_image_url?: string;
}

/** The CDN host of the fake's cover images (TikTok's documented example is p16-sign.tiktokcdn-us.com). */
export const TIKTOK_MEDIA_HOST = 'p16-sign-va.tiktokcdn.com';

interface Grant {
  openId: string;
  scopes: string[];
}

export interface FakeTiktok {
  url: string;
  port: number;
  clientKey: string;
  clientSecret: string;
  /** TikTok accounts by open_id. */
  users: Map<string, FakeTiktokUser>;
  /** Who consents on the authorize page (an open_id of `users`). */
  authorizeAs: string | null;
  /** The scopes the person grants (a subset of those asked); null grants every scope asked. */
  grantScopes: string[] | null;
  /** Videos by id. */
  videos: Map<string, FakeTiktokVideo>;
  /** Creators (open_id) whose video query fails with `videoQueryFailure`. */
  failingCreators: Set<string>;
  /** What a failing creator's video query answers (default 500 internal_error). */
  videoQueryFailure: { status: number; body: string };
  rateLimited: boolean;
  /** Every authorize request's query parameters. */
  authorizeRequests: URLSearchParams[];
  /** Every Bearer token sent to the user info and video endpoints, in order. */
  bearers: string[];
  /** Every user info request's fields and answer code. */
  userInfoRequests: { fields: string[]; code: string }[];
  /** Every token pair issued (sign-ins, refreshes, issueTokens), oldest first. */
  issued: { openId: string; accessToken: string; refreshToken: string }[];
  /** Successful refresh_token grants. */
  refreshes: number;
  /** The cover images' answers by path (the PNG when absent) and every cover path asked for. */
  mediaAnswers: Map<string, FakeMediaAnswer>;
  mediaRequests: string[];
  /** The CDN host -> this fake's origin. */
  hostOverrides: Record<string, string>;
  /** The variables that point the app at this stand-in: its client, Login Kit and Display API. */
  appEnv: Record<string, string>;
  /** Ends an access token (calls with it get 401 access_token_invalid). */
  expire(accessToken: string): void;
  /** Issues tokens straight away, as if `openId` had signed in and granted `scopes`. */
  issueTokens(openId: string, scopes: string[]): { accessToken: string; refreshToken: string };
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}.${randomBytes(18).toString('base64url')}!${Date.now() % 10000}`;
const logId = () => `2026${randomBytes(8).toString('hex').toUpperCase()}`;

export async function startFakeTiktok(options: { port?: number } = {}): Promise<FakeTiktok> {
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const codes = new Map<string, Grant & { redirectUri: string }>();
  const issue = (grant: Grant) => {
    const accessToken = token('act');
    const refreshToken = token('rft');
    accessTokens.set(accessToken, grant);
    refreshTokens.set(refreshToken, grant);
    fake.issued.push({ openId: grant.openId, accessToken, refreshToken });
    return { accessToken, refreshToken };
  };
  const fake = {
    clientKey: 'tt-client-key',
    clientSecret: 'tt-client-secret',
    users: new Map<string, FakeTiktokUser>(),
    authorizeAs: null as string | null,
    grantScopes: null as string[] | null,
    videos: new Map<string, FakeTiktokVideo>(),
    failingCreators: new Set<string>(),
    videoQueryFailure: {
      status: 500,
      body: JSON.stringify({
        data: {},
        error: { code: 'internal_error', message: 'Something went wrong.', log_id: 'log-internal' },
      }),
    },
    rateLimited: false,
    authorizeRequests: [] as URLSearchParams[],
    bearers: [] as string[],
    userInfoRequests: [] as { fields: string[]; code: string }[],
    issued: [] as { openId: string; accessToken: string; refreshToken: string }[],
    refreshes: 0,
    mediaAnswers: new Map<string, FakeMediaAnswer>(),
    mediaRequests: [] as string[],
    expire(accessToken: string) {
      accessTokens.delete(accessToken);
    },
    issueTokens(openId: string, scopes: string[]) {
      return issue({ openId, scopes });
    },
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname.startsWith('/tos-')) {
      fake.mediaRequests.push(url.pathname);
      return answerMedia(response, fake.mediaAnswers.get(url.pathname));
    }
    const body = await readRequestBody(request);
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(payload));
    };
    const apiError = (status: number, code: string, message: string) =>
      send(status, { data: {}, error: { code, message, log_id: logId() } });
    const oauthError = (error: string, description: string) =>
      send(200, { error, error_description: description, log_id: logId() });
    const bearer = () => {
      const value = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      fake.bearers.push(value);
      return accessTokens.get(value);
    };

    if (request.method === 'GET' && url.pathname === '/v2/auth/authorize/') {
      const q = url.searchParams;
      fake.authorizeRequests.push(q);
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_key') !== fake.clientKey || !redirectUri) {
        // No trustworthy place to send the person back to: TikTok shows its own error page.
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        return response.end('client_key or redirect_uri is not valid');
      }
      const back = new URL(redirectUri);
      const state = q.get('state');
      if (state !== null) back.searchParams.set('state', state);
      const asked = (q.get('scope') ?? '').split(',').filter(Boolean);
      const user = fake.authorizeAs ? fake.users.get(fake.authorizeAs) : undefined;
      const unknownScope = asked.find((scope) => !contract.scopes.includes(scope));
      if (unknownScope) {
        // "OAuth Error Handling": a scope that is unknown (or not approved for the app) is invalid_scope.
        back.searchParams.set('error', 'invalid_scope');
        back.searchParams.set('error_description', `The scope ${unknownScope} is not valid for this app.`);
      } else if (q.get('response_type') !== 'code' || asked.length === 0) {
        back.searchParams.set('error', 'invalid_request');
        back.searchParams.set('error_description', 'response_type must be code and scope must be given');
      } else if (!user) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied the request.');
      } else {
        const scopes = fake.grantScopes ? asked.filter((s) => fake.grantScopes!.includes(s)) : asked;
        const code = token('code');
        codes.set(code, { openId: user.open_id, scopes, redirectUri });
        back.searchParams.set('code', code);
        back.searchParams.set('scopes', scopes.join(','));
      }
      response.writeHead(302, { location: back.href });
      return response.end();
    }

    if (request.method === 'POST' && url.pathname === '/v2/oauth/token/') {
      if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return oauthError('invalid_request', 'Content-Type must be application/x-www-form-urlencoded.');
      }
      const form = new URLSearchParams(body);
      if (form.get('client_key') !== fake.clientKey || form.get('client_secret') !== fake.clientSecret) {
        return oauthError('invalid_client', 'Client key or secret is incorrect.');
      }
      let grant: Grant | undefined;
      if (form.get('grant_type') === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        if (!code) return oauthError('invalid_grant', 'Authorization code is expired.');
        if (code.redirectUri !== form.get('redirect_uri')) {
          return oauthError('invalid_grant', 'redirect_uri does not match the authorization request.');
        }
        codes.delete(form.get('code') ?? '');
        grant = code;
      } else if (form.get('grant_type') === 'refresh_token') {
        grant = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!grant) return oauthError('invalid_grant', 'Refresh token is invalid or expired.');
        refreshTokens.delete(form.get('refresh_token') ?? '');
        fake.refreshes += 1;
      } else {
        return oauthError('unsupported_grant_type', 'The grant type is not supported.');
      }
      const issued = issue({ openId: grant.openId, scopes: grant.scopes });
      return send(200, {
        access_token: issued.accessToken,
        expires_in: 86400,
        open_id: grant.openId,
        refresh_expires_in: 31536000,
        refresh_token: issued.refreshToken,
        scope: grant.scopes.join(','),
        token_type: 'Bearer',
      });
    }

    if (request.method === 'GET' && url.pathname === '/v2/user/info/') {
      const grant = bearer();
      const fields = (url.searchParams.get('fields') ?? '').split(',').filter(Boolean);
      const record = (code: string) => fake.userInfoRequests.push({ fields, code });
      if (!grant) {
        record('access_token_invalid');
        return apiError(
          401,
          'access_token_invalid',
          'The access token is invalid or not found in the request.',
        );
      }
      const unknown = fields.filter((f) => !(f in TIKTOK_FIELD_SCOPES));
      if (fields.length === 0 || unknown.length > 0) {
        record('invalid_params');
        return apiError(400, 'invalid_params', `Invalid fields: ${unknown.join(',') || '(none)'}`);
      }
      const missing = [...new Set(fields.map((f) => TIKTOK_FIELD_SCOPES[f]!))].filter(
        (scope) => !grant.scopes.includes(scope),
      );
      // The endpoint's own scope missing: scope_not_authorized; a field's scope missing: scope_permission_missed
      // ("Error Handling": "some fields need additional scopes").
      if (!grant.scopes.includes('user.info.basic')) {
        record('scope_not_authorized');
        return apiError(
          401,
          'scope_not_authorized',
          'The user did not authorize the scope required for completing this request.',
        );
      }
      if (missing.length > 0) {
        record('scope_permission_missed');
        return apiError(
          401,
          'scope_permission_missed',
          `Access token is invalid, some fields need additional scopes: ${missing.join(',')}`,
        );
      }
      record('ok');
      const user = fake.users.get(grant.openId);
      const values: Record<string, unknown> = {
        ...user,
        avatar_url: user?.avatar_large_url,
        avatar_url_100: user?.avatar_large_url,
        bio_description: '',
        profile_deep_link: `https://www.tiktok.com/@${user?.username ?? ''}`,
        is_verified: false,
        follower_count: user?.follower_count ?? 0,
        following_count: 0,
        likes_count: 0,
        video_count: 0,
      };
      return send(200, {
        data: { user: Object.fromEntries(fields.map((f) => [f, values[f]])) },
        error: { code: 'ok', message: '', log_id: logId() },
      });
    }

    if (request.method === 'POST' && url.pathname === '/v2/video/query/') {
      const grant = bearer();
      if (!grant) {
        return apiError(
          401,
          'access_token_invalid',
          'The access token is invalid or not found in the request.',
        );
      }
      const videoFields = (url.searchParams.get('fields') ?? '').split(',').filter(Boolean);
      const badField = videoFields.find((field) => !contract.videoQuery.fields.includes(field));
      if (videoFields.length === 0 || badField) {
        return apiError(400, 'invalid_params', `Invalid fields: ${badField ?? '(none)'}`);
      }
      if (!grant.scopes.includes('video.list')) {
        return apiError(
          401,
          'scope_not_authorized',
          'The user did not authorize the scope required for completing this request.',
        );
      }
      if (fake.rateLimited) return apiError(429, 'rate_limit_exceeded', 'API rate limit was exceeded.');
      if (fake.failingCreators.has(grant.openId)) {
        response.writeHead(fake.videoQueryFailure.status, { 'content-type': 'application/json' });
        return response.end(fake.videoQueryFailure.body);
      }
      let ids: unknown;
      try {
        ids = (JSON.parse(body || '{}') as { filters?: { video_ids?: unknown } }).filters?.video_ids;
      } catch {
        return apiError(400, 'invalid_params', 'The request body is not valid JSON.');
      }
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20) {
        return apiError(400, 'invalid_params', 'filters.video_ids must list 1 to 20 video ids.');
      }
      const fields = (url.searchParams.get('fields') ?? '').split(',');
      const videos = ids.flatMap((id: string) => {
        const video = fake.videos.get(id);
        if (!video || video.owner !== grant.openId) return [];
        const { owner: _owner, ...given } = video;
        const all: Record<string, unknown> = {
          title: '',
          video_description: '',
          cover_image_url: `https://${TIKTOK_MEDIA_HOST}/tos-maliva-p-0068/${id}~tplv-photomode-zoomcover:720:720.jpeg?x-expires=1767225600&x-signature=abc%3D`,
          ...given,
        };
        return [Object.fromEntries([['id', id], ...Object.entries(all).filter(([k]) => fields.includes(k))])];
      });
      return send(200, {
        data: { videos, cursor: 0, has_more: false },
        error: { code: 'ok', message: '', log_id: logId() },
      });
    }
    apiError(404, 'invalid_params', 'Not found');
  });
  await listen(server, 'the TikTok stand-in', options.port);
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    port,
    hostOverrides: { [TIKTOK_MEDIA_HOST]: `http://127.0.0.1:${port}` },
    appEnv: {
      TIKTOK_CLIENT_ID: fake.clientKey,
      TIKTOK_CLIENT_SECRET: fake.clientSecret,
      TIKTOK_AUTH_BASE: `http://127.0.0.1:${port}`,
      TIKTOK_API_BASE: `http://127.0.0.1:${port}`,
    },
    close: () => closeHttpServer(server, 'the TikTok stand-in', undefined, 0),
  });
}

/**
 * A TikTok sign-in through the app's real routes: GET /api/auth/tiktok (the sign-in button's address), TikTok's
 * authorize page (this fake, consenting as `fake.authorizeAs`), then Better Auth's callback. Returns where the
 * callback sent the browser and the cookies it set (the session's, when the sign-in worked).
 */
export async function signInWithTiktok(app: {
  request: (input: string, init?: RequestInit) => Response | Promise<Response>;
}) {
  const start = await app.request('/api/auth/tiktok');
  const authorize = start.headers.get('location') ?? '';
  if (start.status !== 302 || !authorize) throw new Error(`sign-in did not start: ${start.status}`);
  const cookies = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]);
  const consent = await fetch(authorize, { redirect: 'manual' });
  const callback = consent.headers.get('location');
  if (consent.status !== 302 || !callback)
    throw new Error(`TikTok did not send the browser back: ${consent.status}`);
  const done = await app.request(callback, { headers: { cookie: cookies(start).join('; ') } });
  return {
    authorize: new URL(authorize),
    callback: new URL(callback),
    status: done.status,
    location: done.headers.get('location') ?? '',
    cookie: cookies(done).join('; '),
  };
}
