import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Instagram API with Instagram Login, on one port for its three hosts:
 * - GET /oauth/authorize (the authorization window): redirects at once to `redirect_uri?code=…&state=…#_` for the
 *   account in `authorizeAs` (or `?error=access_denied…` when it is null), as Instagram does after consent;
 * - POST /oauth/access_token (form: client_id, client_secret, grant_type=authorization_code, redirect_uri, code)
 *   -> { data: [{ access_token, user_id, permissions }] };
 * - GET /access_token?grant_type=ig_exchange_token&client_secret&access_token and
 *   GET /refresh_access_token?grant_type=ig_refresh_token&access_token -> { access_token, token_type, expires_in };
 * - GET /v23.0/me?fields=user_id,username, GET /v23.0/me/media (pages of 50 with paging.next),
 *   GET /v23.0/{media-id}/insights?metric=…, GET /v23.0/{ig-user-id}/insights?metric=follower_demographics….
 * Errors have Graph's shape { error: { message, type, code, error_subcode, fbtrace_id } }: 190 for an unknown or
 * expired token, 4 (application request limit) while `rateLimited`, 100/33 for a deleted media id.
 */
export interface FakeInstagramAccount {
  userId: string;
  username: string;
  /** Age bracket -> followers; null: the account is too small (Instagram answers an error). */
  ages: Record<string, number> | null;
}

export interface FakeInstagramMedia {
  owner: string;
  shortcode: string;
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
  /** Working tokens: token -> user id (short- and long-lived alike). */
  tokens: Map<string, string>;
  /** The account the authorization window signs in as (null: the creator cancels). */
  authorizeAs: string | null;
  rateLimited: boolean;
  /** Every request's path and query, for assertions (tokens included). */
  requests: string[];
  refreshes: number;
  /** Makes every token of `userId` stop working (as when it expires or is revoked). */
  expire(userId: string): void;
  close(): Promise<void>;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });

export async function startFakeInstagram(): Promise<FakeInstagram> {
  const fake: Omit<FakeInstagram, 'url' | 'close' | 'expire'> = {
    appId: '990602627938098',
    appSecret: 'ig-app-secret',
    accounts: new Map(),
    media: new Map(),
    deleted: new Set(),
    tokens: new Map(),
    authorizeAs: null,
    rateLimited: false,
    requests: [],
    refreshes: 0,
  };
  const codes = new Map<string, { userId: string; redirectUri: string }>();
  let issued = 0;
  let base = '';
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    fake.requests.push(`${request.method} ${url.pathname}${url.search}`);
    const body = await read(request);
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

    const owner = fake.tokens.get(q.get('access_token') ?? '');
    if (!owner) return fail(400, 190, 'Error validating access token: Session has expired.');
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
    if (fake.rateLimited) return fail(400, 4, 'Application request limit reached', 'OAuthException');
    const account = fake.accounts.get(owner);
    if (url.pathname === '/v23.0/me' && account) {
      return send(200, { user_id: account.userId, username: account.username, id: account.userId });
    }
    if (url.pathname === '/v23.0/me/media') {
      const all = [...fake.media.entries()].filter(([, m]) => m.owner === owner).reverse();
      const after = Number(q.get('after') ?? 0);
      const limit = Number(q.get('limit') ?? 25);
      const page = all.slice(after, after + limit);
      const next = new URL(`${base}/v23.0/me/media`);
      next.search = q.toString();
      next.searchParams.set('after', String(after + limit));
      return send(200, {
        data: page.map(([id, m]) => ({
          id,
          media_type: 'VIDEO',
          shortcode: m.shortcode,
          permalink: `https://www.instagram.com/reel/${m.shortcode}/`,
          timestamp: '2026-06-01T10:00:00+0000',
        })),
        paging: {
          cursors: { before: String(after), after: String(after + limit) },
          ...(after + limit < all.length ? { next: next.toString() } : {}),
        },
      });
    }
    const insights = /^\/v23\.0\/([^/]+)\/insights$/.exec(url.pathname);
    if (insights) {
      const id = decodeURIComponent(insights[1]!);
      if (q.get('metric') === 'follower_demographics') {
        const of = fake.accounts.get(id);
        if (!of || of.userId !== owner) return fail(400, 10, 'Application does not have permission');
        if (!of.ages) return fail(400, 100, '(#100) Not enough followers for demographics', 'OAuthException');
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
                    dimension_keys: ['age'],
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
      const media = fake.media.get(id)!;
      const metrics = (q.get('metric') ?? '').split(',');
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url: base,
    expire(userId: string) {
      for (const [token, owner] of fake.tokens) if (owner === userId) fake.tokens.delete(token);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeInstagram;
}
