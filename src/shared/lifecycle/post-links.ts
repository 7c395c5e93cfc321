import { isWebLink, parseUrl } from '../urls';
/** Hosts accepted as links to a post on each platform. */
export const PLATFORM_POST_HOSTS: Record<string, readonly string[]> = {
  instagram: ['instagram.com', 'www.instagram.com', 'instagr.am'],
  tiktok: ['tiktok.com', 'www.tiktok.com', 'vm.tiktok.com', 'm.tiktok.com'],
  youtube: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be'],
  facebook: ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'fb.watch'],
};

/** True when `url` is an https link to a post on `platform`. */
export function isPlatformPostUrl(url: string, platform: string): boolean {
  const parsed = parseUrl(url);
  if (!parsed || !isWebLink(parsed)) return false;
  const hosts = PLATFORM_POST_HOSTS[platform] ?? [];
  return hosts.includes(parsed.hostname.toLowerCase()) && parsed.pathname.length > 1;
}
