import type { Platform } from './constants';

/**
 * The public profile page of a handle on a platform ("@ana", "ana" or a full https link to the platform), or null when
 * the handle is empty or a link elsewhere. YouTube handles use the /@handle form.
 */
export function profileUrl(platform: Platform | string, handle: string | null | undefined): string | null {
  const raw = handle?.trim();
  if (!raw) return null;
  if (/^https?:\/\//i.test(raw)) {
    try {
      const url = new URL(raw);
      const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
      const expected: Record<string, string> = {
        instagram: 'instagram.com',
        tiktok: 'tiktok.com',
        youtube: 'youtube.com',
        facebook: 'facebook.com',
      };
      return host === expected[platform] ? url.toString() : null;
    } catch {
      return null;
    }
  }
  const name = encodeURIComponent(raw.replace(/^@+/, ''));
  if (!name) return null;
  switch (platform) {
    case 'instagram':
      return `https://www.instagram.com/${name}/`;
    case 'tiktok':
      return `https://www.tiktok.com/@${name}`;
    case 'youtube':
      return `https://www.youtube.com/@${name}`;
    case 'facebook':
      return `https://www.facebook.com/${name}`;
    default:
      return null;
  }
}
