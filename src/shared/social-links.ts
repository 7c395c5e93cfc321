import type { Platform } from './constants';
import { parseUrl, siteOf } from './urls';

/**
 * Social handles (issue 24): one rule per platform, the same in the browser and on the server.
 *
 * What is kept is the handle alone: a leading '@' and a pasted profile link are accepted and reduced to it.
 * - Instagram: 1-30 letters, digits, periods and underscores; no period first or last, no two in a row. Kept bare.
 * - TikTok: 2-24 letters, digits, underscores and periods; not ending with a period. Kept bare.
 * - YouTube: an @handle of 3-30 letters, digits, underscores, hyphens and periods (kept with its '@', as YouTube
 *   writes it), or a channel link youtube.com/channel/UC + 22 characters (kept as the channel id, "UC…").
 * - Facebook page: 5 or more letters, digits and periods (kept bare), or a profile.php?id=N link (kept as
 *   "profile.php?id=N").
 */

const INSTAGRAM = /^(?!\.)(?!.*\.\.)(?!.*\.$)[A-Za-z0-9._]{1,30}$/;
const TIKTOK = /^(?!.*\.$)[A-Za-z0-9_.]{2,24}$/;
const YOUTUBE_HANDLE = /^[A-Za-z0-9_.-]{3,30}$/;
const YOUTUBE_CHANNEL = /^UC[A-Za-z0-9_-]{22}$/;
const FACEBOOK = /^[A-Za-z0-9.]{5,}$/;
const FACEBOOK_PROFILE_ID = /^\d{1,20}$/;

/** The message shown under a handle field (and in the 400 of the route) when the handle does not pass its rule. */
export const HANDLE_MESSAGES: Record<Platform, string> = {
  instagram:
    'Enter an Instagram username (up to 30 letters, numbers, periods and underscores) or paste your profile link',
  tiktok:
    'Enter a TikTok username (2 to 24 letters, numbers, underscores and periods, not ending with a period) or paste your profile link',
  youtube:
    'Enter a YouTube handle (@ and 3 to 30 letters, numbers, underscores, hyphens and periods) or paste your channel link',
  facebook: 'Enter a Facebook page name (5 or more letters, numbers and periods) or paste your page link',
};

/** The hosts a pasted profile link may name, per platform (with or without www. / m.). */
const HOSTS: Record<Platform, string> = {
  instagram: 'instagram.com',
  tiktok: 'tiktok.com',
  youtube: 'youtube.com',
  facebook: 'facebook.com',
};

/** First path segments that are not a profile (a post, a reel, a search…): a link to one of them is refused. */
const NOT_PROFILES: Record<Platform, readonly string[]> = {
  instagram: ['p', 'reel', 'reels', 'tv', 'explore', 'accounts', 'stories', 'direct'],
  tiktok: [],
  youtube: [],
  facebook: ['groups', 'events', 'watch', 'pages', 'marketplace', 'share', 'story.php', 'permalink.php'],
};

const isPlatform = (value: string): value is Platform => value in HOSTS;

/** A link (with or without https://) to the platform's own site, or null when the text is no such link. */
function platformLink(platform: Platform, raw: string): URL | null {
  const withScheme = /^https?:\/\//i.test(raw)
    ? raw
    : /^(www\.|m\.)?[a-z]+\.com\//i.test(raw)
      ? `https://${raw}`
      : '';
  if (!withScheme) return null;
  const url = parseUrl(withScheme);
  return url && siteOf(url) === HOSTS[platform] ? url : null;
}

/** The handle a pasted profile link names, or null when the link is not a profile of this platform. */
function handleFromLink(platform: Platform, url: URL): string | null {
  let segments: string[];
  try {
    segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  const first = segments[0] ?? '';
  if (!first) return null;
  if (NOT_PROFILES[platform].includes(first.toLowerCase())) return null;
  switch (platform) {
    case 'instagram':
      return first;
    case 'tiktok':
      return first.startsWith('@') ? first.slice(1) : null;
    case 'youtube':
      if (first.startsWith('@')) return first;
      if (first === 'channel' && segments[1] && YOUTUBE_CHANNEL.test(segments[1])) return segments[1];
      return null;
    case 'facebook': {
      if (first === 'profile.php') {
        const id = url.searchParams.get('id') ?? '';
        return FACEBOOK_PROFILE_ID.test(id) ? `profile.php?id=${id}` : null;
      }
      return first;
    }
  }
}

/**
 * The handle as kept (see the file's header), or null when the text is not a valid handle or profile link of the
 * platform. Empty text is null too: callers treat an empty field as "no account" before asking.
 */
export function normalizeHandle(
  platform: Platform | string,
  input: string | null | undefined,
): string | null {
  if (!isPlatform(platform)) return null;
  const raw = (input ?? '').trim();
  if (!raw) return null;
  const link = platformLink(platform, raw);
  let handle: string | null;
  if (link) handle = handleFromLink(platform, link);
  else if (platform === 'facebook' && /^profile\.php\?id=\d{1,20}$/.test(raw)) return raw;
  else if (platform === 'youtube' && YOUTUBE_CHANNEL.test(raw)) return raw;
  else if (/[/:?#\s]/.test(raw)) return null;
  else handle = raw;
  if (handle === null) return null;
  switch (platform) {
    case 'instagram': {
      const name = handle.replace(/^@/, '');
      return INSTAGRAM.test(name) ? name : null;
    }
    case 'tiktok': {
      const name = handle.replace(/^@/, '');
      return TIKTOK.test(name) ? name : null;
    }
    case 'youtube': {
      if (link && YOUTUBE_CHANNEL.test(handle)) return handle;
      const name = handle.replace(/^@/, '');
      return YOUTUBE_HANDLE.test(name) ? `@${name}` : null;
    }
    case 'facebook': {
      if (handle.startsWith('profile.php?id=')) return handle;
      const name = handle.replace(/^@/, '');
      return FACEBOOK.test(name) ? name : null;
    }
  }
}

/** How a handle reads on a page: "@name" on Instagram and TikTok, as kept on YouTube and Facebook. */
export function handleLabel(platform: Platform | string, handle: string | null | undefined): string | null {
  const kept = normalizeHandle(platform, handle);
  if (kept === null) return handle?.trim() || null;
  return platform === 'instagram' || platform === 'tiktok' ? `@${kept}` : kept;
}

/**
 * The public profile page of a handle (as kept, typed with an '@', or a pasted profile link), or null when it is
 * empty or does not pass the platform's rule: a link is only ever made to the platform's own site.
 */
export function profileUrl(platform: Platform | string, handle: string | null | undefined): string | null {
  const kept = normalizeHandle(platform, handle);
  if (kept === null) return null;
  switch (platform) {
    case 'instagram':
      return `https://www.instagram.com/${kept}/`;
    case 'tiktok':
      return `https://www.tiktok.com/@${kept}`;
    case 'youtube':
      return kept.startsWith('@')
        ? `https://www.youtube.com/${kept}`
        : `https://www.youtube.com/channel/${kept}`;
    case 'facebook':
      return `https://www.facebook.com/${kept}`;
    default:
      return null;
  }
}
