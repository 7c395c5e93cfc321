import type { Platform } from './constants';
import type { CampaignDetail, CampaignPage } from './schemas/campaign';
import type { PublicConfig } from './schemas/config';
import type { SessionResponse } from './schemas/session';

/**
 * What the server writes into a page for the web app (a JSON block, `#mintbox-boot`), and what the server render of
 * `/` and `/campaign/:id` draws from (decision 0018): the app starts from it instead of asking the API again.
 */
export interface BootData {
  config?: PublicConfig;
  /** On /campaign/:id: that campaign. */
  campaign?: CampaignDetail;
  /** On /: the first page of the catalogue for the search in the URL. */
  campaigns?: { platform?: Platform | undefined; q?: string | undefined; page: CampaignPage };
  /** Only when the request carried no session cookie: nobody is signed in (else the app asks /api/session). */
  session?: SessionResponse;
}

export const BOOT_DATA_ELEMENT_ID = 'mintbox-boot';

/** The public pages: served without the full app, and rendered on the server. `params` are the path's parameters. */
export function matchPublicPath(
  pathname: string,
): { page: 'home' | 'campaign'; params: Record<string, string> } | null {
  if (pathname === '/') return { page: 'home', params: {} };
  const campaign = /^\/campaign\/([^/]+)\/?$/.exec(pathname);
  if (!campaign?.[1]) return null;
  try {
    return { page: 'campaign', params: { id: decodeURIComponent(campaign[1]) } };
  } catch {
    return null;
  }
}

/** The server render of a public page (built from src/web/server-entry.tsx into dist/ssr). */
export interface PageRenderInput {
  /** Path and query of the request, e.g. `/?platform=tiktok`. */
  url: string;
  boot: BootData;
}

/** Returns the HTML that goes inside `<div id="root">`. */
export type RenderPage = (input: PageRenderInput) => Promise<string>;
