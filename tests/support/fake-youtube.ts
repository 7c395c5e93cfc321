import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import contract from '../contracts/youtube-videos-list.json';

/**
 * A local stand-in for the YouTube Data API v3 `videos.list` endpoint (GET /youtube/v3/videos?part=statistics&id=…
 * &key=…), answering as Google documents it:
 * - the request: the parameters of `youtube.videos.list` in the v3 discovery document (revision 20220419, kept as
 *   tests/contracts/youtube-videos-list.json): `part` required, exactly one filter (chart, id, myRating), and
 *   maxResults / pageToken not with `id`;
 * - the answer: `{ kind: 'youtube#videoListResponse', etag, items: [{ kind, etag, id, statistics: { viewCount,
 *   likeCount, favoriteCount, commentCount } }], pageInfo }` (counts as strings; unknown, deleted or private ids are
 *   left out);
 * - the errors, `{ error: { code, message, errors: [{ message, domain, reason }] } }` with the reasons of the
 *   "YouTube Data API - Errors" page (developers.google.com/youtube/v3/docs/errors): 403 quotaExceeded
 *   (domain youtube.quota), 403 forbidden, 400 missingRequiredParameter / incompatibleParameters /
 *   unexpectedParameter, and Google's global 400 keyInvalid (domain usageLimits) for a bad API key.
 */
export interface FakeYoutube {
  url: string;
  apiKey: string;
  /** Videos by id: their statistics (change them between calls to see figures grow). */
  videos: Map<string, { viewCount: number; likeCount?: number; commentCount?: number }>;
  /** Every call's `id` parameter, in order. */
  calls: string[];
  /** Every call's full query, in order (the contract test checks them). */
  queries: URLSearchParams[];
  /** While true, every call answers 403 quotaExceeded. */
  quotaExceeded: boolean;
  /** While true, every call answers 403 forbidden (e.g. the key's project may not use the API). */
  forbidden: boolean;
  /** While set, every call answers this status with a server error. */
  serverError: number | null;
  close(): Promise<void>;
}

const fail = (code: number, reason: string, domain: string, message: string) => ({
  error: { code, message, errors: [{ message, domain, reason }] },
});

const ALLOWED = new Set<string>([...contract.methodParameters, ...contract.commonParameters]);

export async function startFakeYoutube(
  apiKey = 'test-youtube-key',
  options: { port?: number; host?: string } = {},
): Promise<FakeYoutube> {
  const fake: Omit<FakeYoutube, 'url' | 'close'> = {
    apiKey,
    videos: new Map(),
    calls: [],
    queries: [],
    quotaExceeded: false,
    forbidden: false,
    serverError: null,
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || url.pathname !== '/youtube/v3/videos') {
      return send(404, fail(404, 'notFound', 'global', 'Not Found'));
    }
    const query = url.searchParams;
    fake.calls.push(query.get('id') ?? '');
    fake.queries.push(new URLSearchParams(query));
    if (query.get('key') !== fake.apiKey) {
      return send(
        400,
        fail(400, 'keyInvalid', 'usageLimits', 'API key not valid. Please pass a valid API key.'),
      );
    }
    if (fake.serverError)
      return send(fake.serverError, fail(fake.serverError, 'backendError', 'global', 'Backend Error'));
    if (fake.quotaExceeded) {
      return send(
        403,
        fail(
          403,
          'quotaExceeded',
          'youtube.quota',
          'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
        ),
      );
    }
    if (fake.forbidden) {
      return send(
        403,
        fail(
          403,
          'forbidden',
          'youtube.common',
          'Access forbidden. The request may not be properly authorized.',
        ),
      );
    }
    const unexpected = [...query.keys()].find((name) => !ALLOWED.has(name));
    if (unexpected) {
      return send(
        400,
        fail(
          400,
          'unexpectedParameter',
          'youtube.parameter',
          `The request specifies an unexpected parameter: ${unexpected}.`,
        ),
      );
    }
    if (!query.get('part')) {
      return send(
        400,
        fail(400, 'missingRequiredParameter', 'youtube.parameter', 'Required parameter: part'),
      );
    }
    const filters = contract.filters.filter((name) => query.has(name));
    if (filters.length !== 1) {
      return send(
        400,
        fail(
          400,
          'incompatibleParameters',
          'youtube.parameter',
          'Exactly one of chart, id and myRating must be given.',
        ),
      );
    }
    const notWithId = Object.keys(contract.notWithId).filter((name) => query.has(name));
    if (query.has('id') && notWithId.length > 0) {
      return send(
        400,
        fail(
          400,
          'incompatibleParameters',
          'youtube.parameter',
          `The request specifies ${notWithId.join(', ')} with id, which cannot be used together.`,
        ),
      );
    }
    const ids = (query.get('id') ?? '').split(',').filter(Boolean);
    const items = ids.flatMap((id) => {
      const video = fake.videos.get(id);
      if (!video) return [];
      const statistics: Record<string, string> = { viewCount: String(video.viewCount), favoriteCount: '0' };
      if (video.likeCount !== undefined) statistics.likeCount = String(video.likeCount);
      if (video.commentCount !== undefined) statistics.commentCount = String(video.commentCount);
      return [{ kind: 'youtube#video', etag: 'etag', id, statistics }];
    });
    send(200, {
      kind: 'youtube#videoListResponse',
      etag: 'etag',
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve()),
  );
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeYoutube;
}
