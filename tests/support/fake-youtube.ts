import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the YouTube Data API v3 `videos.list` endpoint (GET /youtube/v3/videos?part=statistics&id=…
 * &key=…), with its documented shapes: `{ kind, items: [{ kind, id, statistics: { viewCount, likeCount,
 * favoriteCount, commentCount } }] }` (counts as strings; unknown or deleted ids are simply left out), and its error
 * body `{ error: { code, message, errors: [{ message, domain, reason }] } }` for a bad key (400 keyInvalid), a used-up
 * quota (403 quotaExceeded) and a missing part (400 required).
 */
export interface FakeYoutube {
  url: string;
  apiKey: string;
  /** Videos by id: their statistics (change them between calls to see figures grow). */
  videos: Map<string, { viewCount: number; likeCount?: number; commentCount?: number }>;
  /** Every call's `id` parameter, in order. */
  calls: string[];
  /** While true, every call answers 403 quotaExceeded. */
  quotaExceeded: boolean;
  /** While set, every call answers this status with a server error. */
  serverError: number | null;
  close(): Promise<void>;
}

const fail = (code: number, reason: string, domain: string, message: string) => ({
  error: { code, message, errors: [{ message, domain, reason }] },
});

export async function startFakeYoutube(apiKey = 'test-youtube-key'): Promise<FakeYoutube> {
  const fake: Omit<FakeYoutube, 'url' | 'close'> = {
    apiKey,
    videos: new Map(),
    calls: [],
    quotaExceeded: false,
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
    fake.calls.push(url.searchParams.get('id') ?? '');
    if (url.searchParams.get('key') !== fake.apiKey) {
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
    if (!url.searchParams.get('part')) {
      return send(400, fail(400, 'required', 'global', 'Required parameter: part'));
    }
    const ids = (url.searchParams.get('id') ?? '').split(',').filter(Boolean);
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeYoutube;
}
