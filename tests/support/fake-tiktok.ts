import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for TikTok's Display API v2 (POST /v2/video/query/ with a Bearer token and
 * `{ filters: { video_ids } }`, answering `{ data: { videos, cursor, has_more }, error: { code, message, log_id } }`)
 * and its token endpoint (POST /v2/oauth/token/, form body, grant_type=refresh_token). Tokens it issued work until
 * `expire()`; an unknown or expired token gets 401 access_token_invalid; `rateLimited` gives 429 rate_limit_exceeded.
 */
export interface FakeTiktok {
  url: string;
  clientKey: string;
  clientSecret: string;
  /** Videos by id, with the creator (open id) they belong to. */
  videos: Map<
    string,
    { owner: string; view_count: number; like_count: number; comment_count: number; share_count: number }
  >;
  /** Access tokens that work, with the creator they belong to. */
  tokens: Map<string, string>;
  /** Refresh tokens that work, with the creator they belong to. */
  refreshTokens: Map<string, string>;
  rateLimited: boolean;
  refreshes: number;
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

export async function startFakeTiktok(): Promise<FakeTiktok> {
  const fake: Omit<FakeTiktok, 'url' | 'close'> = {
    clientKey: 'tt-client-key',
    clientSecret: 'tt-client-secret',
    videos: new Map(),
    tokens: new Map(),
    refreshTokens: new Map(),
    rateLimited: false,
    refreshes: 0,
  };
  let issued = 0;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = await read(request);
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const error = (code: string, message: string) => ({ code, message, log_id: 'log-1' });
    if (request.method === 'POST' && url.pathname === '/v2/oauth/token/') {
      const form = new URLSearchParams(body);
      const owner = fake.refreshTokens.get(form.get('refresh_token') ?? '');
      if (
        form.get('client_key') !== fake.clientKey ||
        form.get('client_secret') !== fake.clientSecret ||
        !owner
      ) {
        return send(400, {
          error: 'invalid_grant',
          error_description: 'Refresh token is invalid or expired.',
          log_id: 'log-2',
        });
      }
      fake.refreshes += 1;
      issued += 1;
      const access = `act.${issued}`;
      const refresh = `rft.${issued}`;
      fake.tokens.set(access, owner);
      fake.refreshTokens.delete(form.get('refresh_token') ?? '');
      fake.refreshTokens.set(refresh, owner);
      return send(200, {
        access_token: access,
        expires_in: 86400,
        open_id: owner,
        refresh_expires_in: 31536000,
        refresh_token: refresh,
        scope: 'user.info.profile,video.list',
        token_type: 'Bearer',
      });
    }
    if (request.method === 'POST' && url.pathname === '/v2/video/query/') {
      const owner = fake.tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!owner) {
        return send(401, {
          data: {},
          error: error('access_token_invalid', 'The access token is invalid or not found in the request.'),
        });
      }
      if (fake.rateLimited) {
        return send(429, { data: {}, error: error('rate_limit_exceeded', 'API rate limit was exceeded.') });
      }
      const ids =
        (JSON.parse(body || '{}') as { filters?: { video_ids?: string[] } }).filters?.video_ids ?? [];
      const fields = (url.searchParams.get('fields') ?? '').split(',');
      const videos = ids.flatMap((id) => {
        const video = fake.videos.get(id);
        if (!video || video.owner !== owner) return [];
        const { owner: _owner, ...counts } = video;
        return [
          Object.fromEntries([['id', id], ...Object.entries(counts).filter(([k]) => fields.includes(k))]),
        ];
      });
      return send(200, { data: { videos, cursor: 0, has_more: false }, error: error('ok', '') });
    }
    send(404, { data: {}, error: error('invalid_params', 'Not found') });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeTiktok;
}
