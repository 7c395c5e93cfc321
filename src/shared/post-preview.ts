/**
 * What a submitted post's link says about the post, read from the URL alone (issue 24: admins see the content, not a
 * bare URL): the platform (from the link's host, never assumed from the campaign), what kind of post it is, the
 * post's id and the author's handle where the link carries them. No network call: a thumbnail or caption would need
 * the platform's API (see the preview card).
 */
import { PLATFORM_LABELS, type Platform } from './constants';
import { instagramShortcode, tiktokVideoId, youtubeVideoId } from './content-metrics';
import { PLATFORM_POST_HOSTS } from './lifecycle/post-links';
import { handleLabel, normalizeHandle } from './social-links';
import { isWebLink, parseUrl } from './urls';

export type PostPreviewData = {
  url: string;
  /** The platform whose site the link is on, or null for any other site (or text that is not a web link). */
  platform: Platform | null;
  /** "Instagram", or "Link" when the site is none of ours. */
  platformLabel: string;
  /** What the link points to, in words: "Post", "Reel", "Video", "Short", "Photo", "Share link", "Link". */
  kind: string;
  /** The post's id (shortcode, video id, share code) as the platform writes it, or null when the link has none. */
  id: string | null;
  /** The author's handle as read on a page ("@ana", "glowpage"), when the link names one that passes the rule. */
  handle: string | null;
  /** The link without its scheme and "www.", for reading ("instagram.com/p/abc123/"). */
  display: string;
};

const KIND_LINK = 'Link';

function hostOf(parsed: URL): string {
  return parsed.hostname.toLowerCase();
}

function platformOfHost(host: string): Platform | null {
  for (const [platform, hosts] of Object.entries(PLATFORM_POST_HOSTS)) {
    if (hosts.includes(host)) return platform as Platform;
  }
  return null;
}

function handleOf(platform: Platform, raw: string | null | undefined): string | null {
  let text: string | null = null;
  try {
    text = raw ? decodeURIComponent(raw) : null;
  } catch {
    return null;
  }
  const kept = normalizeHandle(platform, text);
  return kept === null ? null : handleLabel(platform, kept);
}

function segments(parsed: URL): string[] {
  return parsed.pathname.split('/').filter(Boolean);
}

function instagram(parsed: URL, url: string): Pick<PostPreviewData, 'kind' | 'id' | 'handle'> {
  const id = instagramShortcode(url);
  const parts = segments(parsed);
  const at = parts.findIndex((p) => /^(p|reels?|tv)$/.test(p));
  if (!id || at < 0) return { kind: KIND_LINK, id: null, handle: null };
  const kind = parts[at] === 'p' ? 'Post' : parts[at] === 'tv' ? 'Video' : 'Reel';
  return { kind, id, handle: at === 1 ? handleOf('instagram', parts[0]) : null };
}

function tiktok(parsed: URL, url: string): Pick<PostPreviewData, 'kind' | 'id' | 'handle'> {
  const parts = segments(parsed);
  const handle = parts[0]?.startsWith('@') ? handleOf('tiktok', parts[0]) : null;
  const id = tiktokVideoId(url);
  if (id) return { kind: parts[1] === 'photo' ? 'Photo' : 'Video', id, handle };
  // Short share links: vm.tiktok.com/ZMabc123/ and tiktok.com/t/ZTabc123/.
  const code = hostOf(parsed) === 'vm.tiktok.com' ? parts[0] : parts[0] === 't' ? parts[1] : undefined;
  if (code && /^[A-Za-z0-9]{5,20}$/.test(code)) return { kind: 'Share link', id: code, handle: null };
  return { kind: KIND_LINK, id: null, handle };
}

function youtube(parsed: URL, url: string): Pick<PostPreviewData, 'kind' | 'id' | 'handle'> {
  const parts = segments(parsed);
  const handle = parts[0]?.startsWith('@') ? handleOf('youtube', parts[0]) : null;
  const id = youtubeVideoId(url);
  if (!id) return { kind: KIND_LINK, id: null, handle };
  const kind = parts[0] === 'shorts' ? 'Short' : parts[0] === 'live' ? 'Live video' : 'Video';
  return { kind, id, handle: null };
}

const FACEBOOK_ID = /^(?:\d{5,25}|pfbid[A-Za-z0-9]{10,80})$/;
const FACEBOOK_CODE = /^[A-Za-z0-9]{5,30}$/;

function facebook(parsed: URL): Pick<PostPreviewData, 'kind' | 'id' | 'handle'> {
  const parts = segments(parsed);
  const query = (name: string) => parsed.searchParams.get(name);
  const none = { kind: KIND_LINK, id: null, handle: null };
  if (hostOf(parsed) === 'fb.watch') {
    return parts[0] && FACEBOOK_CODE.test(parts[0]) ? { kind: 'Video', id: parts[0], handle: null } : none;
  }
  const [first, second, third, fourth] = parts;
  // facebook.com/share/p/Abc123/, /share/v/…, /share/r/…, /share/Abc123/
  if (first === 'share') {
    const code = second && /^[pvr]$/.test(second) ? third : second;
    const kind = second === 'v' ? 'Video' : second === 'r' ? 'Reel' : 'Share link';
    return code && FACEBOOK_CODE.test(code) ? { kind, id: code, handle: null } : none;
  }
  if (first === 'reel' && second && /^\d{5,25}$/.test(second))
    return { kind: 'Reel', id: second, handle: null };
  if (first === 'watch') {
    const v = query('v');
    return v && /^\d{5,25}$/.test(v) ? { kind: 'Video', id: v, handle: null } : none;
  }
  if (first === 'permalink.php' || first === 'story.php') {
    const id = query('story_fbid');
    const owner = query('id');
    return id && FACEBOOK_ID.test(id)
      ? { kind: 'Post', id, handle: owner && /^\d{1,20}$/.test(owner) ? `profile.php?id=${owner}` : null }
      : none;
  }
  if (first === 'photo' || first === 'photo.php') {
    const id = query('fbid');
    return id && /^\d{5,25}$/.test(id) ? { kind: 'Photo', id, handle: null } : none;
  }
  // facebook.com/{page}/posts/{id}, /{page}/videos/{id}, /{page}/videos/{title}/{id}, /{page}/photos/{album}/{id}
  if (first && second && /^(posts|videos|photos)$/.test(second)) {
    const id = [fourth, third].find((p) => p && FACEBOOK_ID.test(p));
    const kind = second === 'posts' ? 'Post' : second === 'videos' ? 'Video' : 'Photo';
    return id
      ? { kind, id, handle: handleOf('facebook', first) }
      : { ...none, handle: handleOf('facebook', first) };
  }
  return none;
}

/** What the link says about the post: see PostPreviewData. Never throws, whatever the text. */
export function postPreview(url: string): PostPreviewData {
  const text = url.trim();
  const parsed = parseUrl(text);
  if (!parsed || !isWebLink(parsed)) {
    return {
      url: text,
      platform: null,
      platformLabel: KIND_LINK,
      kind: KIND_LINK,
      id: null,
      handle: null,
      display: text,
    };
  }
  const display = `${parsed.hostname.replace(/^www\./i, '')}${parsed.pathname === '/' ? '' : parsed.pathname}${parsed.search}`;
  const platform = platformOfHost(hostOf(parsed));
  const base = { url: text, platform, display };
  switch (platform) {
    case 'instagram':
      return { ...base, platformLabel: PLATFORM_LABELS.instagram, ...instagram(parsed, text) };
    case 'tiktok':
      return { ...base, platformLabel: PLATFORM_LABELS.tiktok, ...tiktok(parsed, text) };
    case 'youtube':
      return { ...base, platformLabel: PLATFORM_LABELS.youtube, ...youtube(parsed, text) };
    case 'facebook':
      return { ...base, platformLabel: PLATFORM_LABELS.facebook, ...facebook(parsed) };
    default:
      return { ...base, platformLabel: KIND_LINK, kind: KIND_LINK, id: null, handle: null };
  }
}
