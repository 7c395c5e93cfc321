import { labelledValues } from './labelled-values';
import { parseUrl, siteOf } from './urls';
/** Content metrics: who a figure comes from, which figures there are, and the engagement arithmetic. */

/** How the UI labels a figure's source (always shown next to the figure). */
export const METRIC_SOURCE_LABELS = {
  api: 'API',
  admin: 'Admin',
  creator: 'Creator',
};
export const METRIC_SOURCES = labelledValues(METRIC_SOURCE_LABELS);
export type MetricSource = (typeof METRIC_SOURCES)[number];

export const METRIC_LABELS = {
  views: 'Views',
  likes: 'Likes',
  comments: 'Comments',
  shares: 'Shares',
  saves: 'Saves',
  reach: 'Reach',
};
export const METRIC_FIELDS = labelledValues(METRIC_LABELS);
export type MetricField = (typeof METRIC_FIELDS)[number];

export type MetricFigures = Record<MetricField, number | null>;

/** How the platform's figures get in, said in the UI of each tab. */
export const PLATFORM_METRIC_NOTES = {
  youtube:
    'YouTube figures are read from the YouTube Data API every hour for two days, then daily for 30 days.',
  tiktok:
    "TikTok figures are read with the creator's TikTok sign-in where they signed in with TikTok; otherwise an admin enters them or the creator reports them with a screenshot.",
  instagram:
    'Instagram figures are read from the Instagram API where the creator connected their professional account on their profile; otherwise they are entered by an admin or reported by the creator with a screenshot.',
  facebook:
    'Facebook figures are entered by an admin or reported by the creator with a screenshot (no Facebook Page connection yet).',
} as const;

/** Where age demographics come from (shown when no connected account provides them). */
export const DEMOGRAPHICS_NOTE =
  'Age demographics appear when the creator connects an Instagram business or creator account on their profile.';

/** The video id of a YouTube link (watch, youtu.be, shorts, embed, live), or null. */
export function youtubeVideoId(url: string): string | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  const host = siteOf(parsed, ['music.']);
  const valid = (id: string | null | undefined) => (id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null);
  if (host === 'youtu.be') return valid(parsed.pathname.split('/')[1]);
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (parsed.pathname === '/watch') return valid(parsed.searchParams.get('v'));
  const [, kind, id] = parsed.pathname.split('/');
  if (kind === 'shorts' || kind === 'embed' || kind === 'live' || kind === 'v') return valid(id);
  return null;
}

/** The video id of a TikTok video link (www.tiktok.com/@user/video/123…), or null. */
export function tiktokVideoId(url: string): string | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  const host = siteOf(parsed);
  if (host !== 'tiktok.com') return null;
  return /^\/@[^/]+\/(?:video|photo)\/(\d{8,25})(?:\/|$)/.exec(parsed.pathname)?.[1] ?? null;
}

/** The shortcode of an Instagram post, reel or IGTV link (instagram.com/p/…, /reel/…, /reels/…, /tv/…), or null. */
export function instagramShortcode(url: string): string | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  const host = siteOf(parsed);
  if (host !== 'instagram.com' && host !== 'instagr.am') return null;
  return /^(?:\/[^/]+)?\/(?:p|reels?|tv)\/([A-Za-z0-9_-]{5,40})(?:\/|$)/.exec(parsed.pathname)?.[1] ?? null;
}
