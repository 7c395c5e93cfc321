import type { ServerResponse } from 'node:http';

/**
 * The images the fakes' CDN addresses point at. The platforms answer thumbnail links on their own CDN hosts (Instagram
 * `scontent-….cdninstagram.com`, TikTok `p16-sign-….tiktokcdn.com`, YouTube `i.ytimg.com`); a test maps such a host
 * to the fake's local origin (`MEDIA_HOST_OVERRIDES`, or `hostOverrides` of the thumbnail download) and the fake
 * answers the image at that path.
 */

/** A real 160×100 PNG (a checkerboard): the thumbnail every fake serves. */
export const FAKE_THUMBNAIL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAABkCAIAAACO1KzYAAABD0lEQVR42u3cMQ0AIAxFwTrAKSOWsIMXDNRDhw7NJew/ebc2xDq7/O5/5We3ZzeEBiw0YKEBAwZsF7BdwHYBAxYasNCAhQZsF7BdwHYBAxYasNCAhQYMuBVYrNm7gAELDVhowIAB2wVsF7BdwICFBiw0YKEB2wVsF7BdwICFBiw0YKEBA+4FFstVpdCAhQYMGLBdwHYB2wUMWGjAQgMWGrBdwHYB2wUMWGjAQgMWGjBgwHb9k2XXVaVdwICFBiw0YKEB2wVsF7BdwICFBiw0YKEB2wVsF7BdwICFBiw0YKH9kwXJVaVdwHYB2wUMWGjAQgMWGrBdwHYB2wUMWGjAQgMWGjBgwHYB2wUMWOjRuwknICBoSDBA7AAAAABJRU5ErkJggg==',
  'base64',
);

/** What a fake's CDN answers: the PNG (default), other bytes (not an image, too large), or a status. */
export type FakeMediaAnswer = { bytes: Buffer; type?: string } | { status: number };

/** Answers a CDN request of a fake (every path under its CDN prefix); counts the request. */
export function answerMedia(response: ServerResponse, answer: FakeMediaAnswer | undefined) {
  const chosen = answer ?? { bytes: FAKE_THUMBNAIL_PNG, type: 'image/png' };
  if ('status' in chosen) {
    response.writeHead(chosen.status, { 'content-type': 'text/plain' });
    return response.end('Not Found');
  }
  response.writeHead(200, {
    'content-type': chosen.type ?? 'image/jpeg',
    'content-length': String(chosen.bytes.length),
    'cache-control': 'max-age=1209600',
  });
  response.end(chosen.bytes);
}
