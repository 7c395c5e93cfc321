/** The link `text` names, or null when it is no URL (never throws: a pasted text may be anything). */
export function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** A link's host in lower case without the `www.` or `m.` (or `also`) in front: the site it belongs to. */
export function siteOf(url: URL, also: readonly string[] = []): string {
  const host = url.hostname.toLowerCase();
  const prefix = ['www.', 'm.', ...also].find((p) => host.startsWith(p));
  return prefix ? host.slice(prefix.length) : host;
}

/** Whether a link is on the web (http or https). */
export const isWebLink = (url: URL) => url.protocol === 'https:' || url.protocol === 'http:';
