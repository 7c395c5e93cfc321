import type { Platform } from '../../shared/constants';
import { readWithin } from '../http/bounded-read';
import { openOutbound } from '../http/outbound';
import { MAX_UPLOAD_BYTES } from '../services/uploads';

/**
 * Where each platform serves the images of its posts, as its API answers them (https only; a host is the name itself
 * or any name under it). A thumbnail address on any other host is never fetched: an address from an API answer is
 * data, and fetching it blindly would let whoever controls the answer make the server call anything (SSRF).
 * - Instagram: `media_url` / `thumbnail_url` of "IG Media" point at Instagram's CDN (`scontent-….cdninstagram.com`,
 *   and `….fbcdn.net` for some media);
 * - TikTok: `cover_image_url` of the "Video Object" is "a CDN link" (the documented example is on
 *   `p16-sign.tiktokcdn-us.com`; other regions use `tiktokcdn.com` and `tiktokcdn-eu.com`);
 * - YouTube: `snippet.thumbnails.*.url` are on `i.ytimg.com` (the "Thumbnails" resource and its examples).
 * Facebook posts are not read from an API, so no host is allowed.
 */
export const MEDIA_HOSTS: Record<Platform, readonly string[]> = {
  instagram: ['cdninstagram.com', 'fbcdn.net'],
  tiktok: ['tiktokcdn.com', 'tiktokcdn-us.com', 'tiktokcdn-eu.com'],
  youtube: ['ytimg.com'],
  facebook: [],
};

/** Redirects followed (each to an allowed host too). */
const MAX_REDIRECTS = 2;
const TIMEOUT_MS = 10_000;

export class ThumbnailRefused extends Error {
  override name = 'ThumbnailRefused';
}

/** The address when it is an https link on one of the platform's media hosts (default port, no credentials). */
export function allowedMediaUrl(platform: Platform, raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const allowed = MEDIA_HOSTS[platform].some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
  return allowed ? url : null;
}

export interface ThumbnailFetchOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /**
   * Tests and the demo only (refused in production by loadEnv): a media host -> the origin that answers for it
   * (`scontent.cdninstagram.com` -> `http://127.0.0.1:4321`). The allowed-host check runs on the platform's
   * address first, so an override never widens what is fetched.
   */
  hostOverrides?: Readonly<Record<string, string>>;
  maxBytes?: number;
}

/**
 * Downloads a post's thumbnail from the platform's CDN: only from the platform's media hosts (redirects included),
 * within the time and size limits of an upload (5 MB). The bytes are checked as an image when stored (storeImage
 * sniffs the type). Each hop goes through the outbound helper (a GET: retried after no answer, a 429 or a 5xx), within
 * what is left of the one time limit. Throws ThumbnailRefused for an address or answer it will not take, or the
 * helper's OutboundError when the CDN did not answer.
 */
export async function downloadThumbnail(
  platform: Platform,
  address: string,
  options: ThumbnailFetchOptions = {},
): Promise<Buffer> {
  const doFetch = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const deadline = Date.now() + (options.timeoutMs ?? TIMEOUT_MS);
  let current = address;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const url = allowedMediaUrl(platform, current);
    if (!url) throw new ThumbnailRefused(`not an address on ${platform}'s media hosts`);
    const origin = options.hostOverrides?.[url.hostname.toLowerCase()];
    const target = origin ? `${origin.replace(/\/+$/, '')}${url.pathname}${url.search}` : url.toString();
    const { response } = await openOutbound({
      service: `${platform}'s media host`,
      url: target,
      redirect: 'manual',
      timeoutMs: Math.max(1, deadline - Date.now()),
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif' },
      fetch: doFetch,
    });
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      await response.body?.cancel();
      if (!location) throw new ThumbnailRefused(`the CDN answered ${response.status} without a location`);
      current = new URL(location, url).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ThumbnailRefused(`the CDN answered ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new ThumbnailRefused('the image is larger than 5 MB');
    }
    return readLimited(response, maxBytes);
  }
  throw new ThumbnailRefused('too many redirects');
}

async function readLimited(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const { bytes } = await readWithin(reader, maxBytes);
  if (bytes) return bytes;
  await reader.cancel();
  throw new ThumbnailRefused('the image is larger than 5 MB');
}
