import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import contract from '../contracts/youtube-videos-list.json';
import { closeHttpServer, listen } from './bounded';
import { answerMedia, type FakeMediaAnswer } from './fake-media';

/**
 * A local stand-in for the YouTube Data API v3 `videos.list` endpoint (GET /youtube/v3/videos?part=statistics&id=…
 * &key=…), answering as Google documents it:
 * - the request: the parameters of `youtube.videos.list` in the v3 discovery document (revision 20220419, kept as
 *   tests/contracts/youtube-videos-list.json): `part` required, exactly one filter (chart, id, myRating), and
 *   maxResults / pageToken not with `id`;
 * - the answer: `{ kind: 'youtube#videoListResponse', etag, items: [{ kind, etag, id, snippet?, statistics?
 *   }], pageInfo }` with the parts asked for (every `part` value must be one the contract lists): `statistics: {
 *   viewCount, likeCount, favoriteCount, commentCount }` (counts as strings), `snippet: { publishedAt, channelId,
 *   title, description, thumbnails: { default, medium, high: { url, width, height } }, channelTitle, categoryId,
 *   liveBroadcastContent }` (VideoSnippet, ThumbnailDetails); unknown, deleted or private ids are left out;
 * - the thumbnails: `https://i.ytimg.com/vi/<id>/<size>.jpg`, answered by this server under /vi/ (map i.ytimg.com
 *   to `url`);
 * - the errors, `{ error: { code, message, errors: [{ message, domain, reason }] } }` with the reasons of the
 *   "YouTube Data API - Errors" page (developers.google.com/youtube/v3/docs/errors): 403 quotaExceeded
 *   (domain youtube.quota), 403 forbidden, 400 missingRequiredParameter / incompatibleParameters /
 *   unexpectedParameter, and Google's global 400 keyInvalid (domain usageLimits) for a bad API key.
 */
export interface FakeYoutube {
  url: string;
  apiKey: string;
  /** Videos by id: their statistics (change them between calls to see figures grow), title and description. */
  videos: Map<
    string,
    {
      viewCount: number;
      likeCount?: number;
      commentCount?: number;
      title?: string;
      description?: string;
      /** A medium thumbnail on another host (a test of the refusal). */
      thumbnailUrl?: string;
    }
  >;
  /** The thumbnails' answers by path (the PNG when absent) and every thumbnail path asked for. */
  mediaAnswers: Map<string, FakeMediaAnswer>;
  mediaRequests: string[];
  /** i.ytimg.com -> this fake's origin. */
  hostOverrides: Record<string, string>;
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
const PARTS = new Set<string>(contract.parts.values);
export const YOUTUBE_MEDIA_HOST = 'i.ytimg.com';

export async function startFakeYoutube(
  apiKey = 'test-youtube-key',
  options: { port?: number; host?: string } = {},
): Promise<FakeYoutube> {
  const fake: Omit<FakeYoutube, 'url' | 'close' | 'hostOverrides'> = {
    apiKey,
    videos: new Map(),
    mediaAnswers: new Map(),
    mediaRequests: [],
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
    if (request.method === 'GET' && url.pathname.startsWith('/vi/')) {
      fake.mediaRequests.push(url.pathname);
      return answerMedia(response, fake.mediaAnswers.get(url.pathname));
    }
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
    const parts = (query.get('part') ?? '').split(',').map((p) => p.trim());
    const unknownPart = parts.find((p) => !PARTS.has(p));
    if (unknownPart !== undefined) {
      return send(
        400,
        fail(
          400,
          'unexpectedPart',
          'youtube.part',
          `The request specifies an unexpected value for the part parameter: ${unknownPart}.`,
        ),
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
      const thumb = (size: string, width: number, height: number) => ({
        url: `https://${YOUTUBE_MEDIA_HOST}/vi/${id}/${size}.jpg`,
        width,
        height,
      });
      const snippet = {
        publishedAt: '2026-06-01T10:00:00Z',
        channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
        title: video.title ?? `Video ${id}`,
        description: video.description ?? '',
        thumbnails: {
          default: thumb('default', 120, 90),
          medium: video.thumbnailUrl
            ? { url: video.thumbnailUrl, width: 320, height: 180 }
            : thumb('mqdefault', 320, 180),
          high: thumb('hqdefault', 480, 360),
        },
        channelTitle: 'A creator',
        categoryId: '26',
        liveBroadcastContent: 'none',
      };
      return [
        {
          kind: 'youtube#video',
          etag: 'etag',
          id,
          ...(parts.includes('snippet') ? { snippet } : {}),
          ...(parts.includes('statistics') ? { statistics } : {}),
        },
      ];
    });
    send(200, {
      kind: 'youtube#videoListResponse',
      etag: 'etag',
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    });
  });
  await listen(server, 'the YouTube stand-in', options.port, options.host);
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return Object.assign(fake, {
    url: origin,
    hostOverrides: { [YOUTUBE_MEDIA_HOST]: origin },
    close: () => closeHttpServer(server, 'the YouTube stand-in'),
  }) as FakeYoutube;
}
