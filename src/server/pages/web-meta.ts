import { listPublicCampaigns } from '../../db/queries/campaigns';
import { readCampaignSearch } from '../../shared/campaign-search';
import { CAMPAIGN_PAGE_SIZE, PRODUCT_NAME } from '../../shared/constants';
import {
  BOOT_DATA_ELEMENT_ID,
  type BootData,
  matchPublicPath,
  type RenderPage,
} from '../../shared/page-render';
import { SOCIAL_PROVIDER_IDS } from '../../shared/schemas/auth';
import { type Campaign, type CampaignDetail, campaignIdParamSchema } from '../../shared/schemas/campaign';
import type { PublicConfig } from '../../shared/schemas/config';
import type { AppDeps } from '../http/context';
import { systemClock } from '../process/clock';
import { publicCampaignDetail } from '../services/campaign-badges';

/**
 * What the server writes into index.html for one page, so link previews (Open Graph, Twitter cards) and search
 * engines see the page's own title, description and image without running JavaScript, and the web app starts with
 * its configuration (and, on a campaign page, the campaign) already in hand.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the preview image. */
  image: string;
  imageAlt: string;
  type: 'website' | 'article';
  /** Pages that are not found are not indexed. */
  noindex: boolean;
  /** Image the page shows first, preloaded so it paints sooner (the campaign hero). */
  preloadImage?: string | undefined;
}

export type { BootData };
export { BOOT_DATA_ELEMENT_ID };
export const DEFAULT_SHARE_IMAGE = '/images/og-default.jpg';

const HOME_TITLE = `${PRODUCT_NAME}: Influencer Marketing Made Easy`;
const HOME_DESCRIPTION =
  'Join exclusive gifting campaigns from top brands. Get PR boxes and get paid for your content.';

/** Static pages with a title of their own; every other page gets the product's title. */
const STATIC_PAGES: Record<string, { title: string; description: string }> = {
  '/': { title: HOME_TITLE, description: HOME_DESCRIPTION },
  '/terms': {
    title: `Terms of Service | ${PRODUCT_NAME}`,
    description: `The terms that apply when you use ${PRODUCT_NAME}, join campaigns and redeem Mint.`,
  },
  '/privacy': {
    title: `Privacy Policy | ${PRODUCT_NAME}`,
    description: `How ${PRODUCT_NAME} collects, uses and protects your personal information.`,
  },
};

const CAMPAIGN_PATH = /^\/campaign\/([^/]+)\/?$/;

/** Escapes text for HTML text and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON that is safe inside a <script type="application/json"> element (no way to close the element early). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** An absolute http(s) URL for a path or URL, or null when it is something else (javascript:, data: …). */
export function absoluteUrl(pathOrUrl: string, appUrl: string): string | null {
  try {
    const url = new URL(pathOrUrl, `${appUrl}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function shorten(text: string, max = 200): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= max) return oneLine;
  const cut = oneLine.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!-]+$/, '')}…`;
}

/** Reads the campaign for /campaign/:id (public campaigns only); null for anything else or when it is unknown. */
export async function campaignForPath(
  pathname: string,
  deps: AppDeps,
): Promise<CampaignDetail | null | undefined> {
  const match = CAMPAIGN_PATH.exec(pathname);
  if (!match) return undefined;
  const id = campaignIdParamSchema.safeParse({ id: decodeURIComponent(match[1] ?? '') });
  if (!id.success) return null;
  return publicCampaignDetail(deps.db, id.data.id, (deps.now ?? systemClock)());
}

/** The head of one page. `campaign` is the result of campaignForPath (undefined: not a campaign page). */
export function pageHead(
  pathname: string,
  appUrl: string,
  options: { campaign?: Campaign | null | undefined; isAppRoute: boolean },
): PageHead {
  const defaultImage = absoluteUrl(DEFAULT_SHARE_IMAGE, appUrl)!;
  const base = {
    url: absoluteUrl(pathname, appUrl) ?? `${appUrl}/`,
    image: defaultImage,
    imageAlt: `${PRODUCT_NAME}: Influencer Marketing Made Easy`,
    type: 'website' as const,
    noindex: !options.isAppRoute,
  };
  const { campaign } = options;
  if (campaign) {
    const first = campaign.gallery[0] ?? campaign.imageUrl;
    const image = absoluteUrl(first, appUrl);
    return {
      ...base,
      url: `${appUrl}/campaign/${campaign.id}`,
      title: `${campaign.name} | ${PRODUCT_NAME}`,
      description: shorten(`${campaign.brand}: ${campaign.description} Reward: ${campaign.reward} Mint.`),
      // Link previews (Facebook, X, messengers) do not show SVG: those campaigns share the default picture.
      image: image && !/\.svg$/i.test(first) ? image : defaultImage,
      imageAlt:
        image && !/\.svg$/i.test(first) ? campaign.name : `${PRODUCT_NAME}: Influencer Marketing Made Easy`,
      type: 'article',
      preloadImage: image ? first : undefined,
    };
  }
  if (campaign === null) {
    return {
      ...base,
      title: `Campaign Not Found | ${PRODUCT_NAME}`,
      description: 'This campaign does not exist or is no longer available.',
      noindex: true,
    };
  }
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = options.isAppRoute ? STATIC_PAGES[normalised] : undefined;
  if (page) return { ...base, ...page };
  if (!options.isAppRoute) {
    return {
      ...base,
      title: `Page not found | ${PRODUCT_NAME}`,
      description: 'This page does not exist.',
    };
  }
  return { ...base, title: HOME_TITLE, description: HOME_DESCRIPTION };
}

/**
 * Writes the page's head tags and the boot data into the built index.html, and `rootHtml` (the server render of the
 * page, decision 0018) into `<div id="root">`.
 */
export function renderIndexHtml(template: string, head: PageHead, boot: BootData, rootHtml = ''): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    head.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high" />`
      : '',
    `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${jsonForScript(boot)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');

  // Function replacers only: a string replacement would read $&, $', $` or $1 in a campaign's text as patterns.
  let html = template.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`);
  const descriptionTag = `<meta name="description" content="${description}" />`;
  html = /<meta\s+name="description"[^>]*>/.test(html)
    ? html.replace(/<meta\s+name="description"[^>]*>/, () => descriptionTag)
    : html.replace('</head>', () => `  ${descriptionTag}\n  </head>`);
  html = html.replace('</head>', () => `    ${tags}\n  </head>`);
  return rootHtml ? html.replace('<div id="root"></div>', () => `<div id="root">${rootHtml}</div>`) : html;
}

const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * On a page the server rendered, the app starts after the first paint (decision 0018): the module script and its
 * preloads make way for public/app-start.js, which adds them once the page is on screen. Fetched before the paint,
 * they competed with the stylesheet and the hero image on a slow link, and Lighthouse counted them as needed for it.
 * `extraPreloads`: chunks the page needs besides the entry's (the campaign page's code).
 */
export function startAppAfterPaint(html: string, extraPreloads: readonly string[] = []): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  const entry = entries[0];
  if (entries.length !== 1 || !entry) return html;
  const preloads = [...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!), ...extraPreloads];
  const starter = `<script src="/app-start.js" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preloads.join(' '))}" defer></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, () => `\n    ${starter}`);
}

/** The public configuration, as GET /api/config sends it. */
export function publicConfig(deps: AppDeps): PublicConfig {
  return {
    productName: PRODUCT_NAME,
    launchMode: deps.env.launchMode,
    contactEmail: deps.env.contactEmail,
    appUrl: deps.env.appUrl,
    authProviders: SOCIAL_PROVIDER_IDS.filter((provider) => Boolean(deps.env.oauth[provider])),
  };
}

/** The request as the page render needs it. */
export interface PageRequest {
  pathname: string;
  /** The query string, with its `?` (or empty). */
  search: string;
  /** The request carries no session cookie: nobody is signed in, and the page can say so at once. */
  signedOut: boolean;
}

/** The first page of the catalogue for the search in the URL (the landing page's grid), or undefined. */
async function firstCampaignPage(search: string, deps: AppDeps): Promise<BootData['campaigns']> {
  const { platform, q } = readCampaignSearch(new URLSearchParams(search));
  const page = await listPublicCampaigns(deps.db, { limit: CAMPAIGN_PAGE_SIZE, platform, q });
  return { platform, q, page };
}

/**
 * index.html for one page: its head tags and boot data, and on a campaign page whether the campaign exists. On / and /campaign/:id the boot data holds the page's data
 * (the first 8 campaigns, the campaign, and "signed out" when there is no session cookie) and, given `render`, the
 * page is rendered into it (decision 0018). A failing read or render falls back to the page without them: the app
 * then loads what it misses itself.
 */
export async function renderAppPage(
  template: string,
  request: PageRequest,
  deps: AppDeps,
  isAppRoute: boolean,
  render?: RenderPage,
): Promise<{ html: string; campaignFound: boolean | undefined }> {
  const { pathname } = request;
  const publicPage = isAppRoute ? matchPublicPath(pathname) : null;
  const config = publicConfig(deps);
  let campaign: CampaignDetail | null | undefined;
  let campaigns: BootData['campaigns'];
  try {
    campaign = isAppRoute ? await campaignForPath(pathname, deps) : undefined;
    if (publicPage?.page === 'home' && config.launchMode !== 'coming-soon') {
      campaigns = await firstCampaignPage(request.search, deps);
    }
  } catch (error) {
    deps.logger.warn({ err: error, path: pathname }, 'could not read the data of the page');
    campaign = undefined;
    campaigns = undefined;
  }
  let head = pageHead(pathname, deps.env.appUrl, { campaign, isAppRoute });
  if (publicPage?.page === 'home' && config.launchMode === 'coming-soon') {
    // The page / renders in this mode (the web app's coming-soon page) has its own title.
    head = { ...head, title: `Coming Soon | ${PRODUCT_NAME}` };
  }
  const boot: BootData = {
    config,
    ...(campaign ? { campaign } : {}),
    ...(campaigns ? { campaigns } : {}),
    ...(publicPage && request.signedOut ? { session: { user: null } } : {}),
  };
  let rootHtml = '';
  if (publicPage && render) {
    try {
      rootHtml = await render({ url: `${pathname}${request.search}`, boot });
    } catch (error) {
      deps.logger.warn({ err: error, path: pathname }, 'could not render the page on the server');
    }
  }
  return {
    html: renderIndexHtml(template, head, boot, rootHtml),
    // On /campaign/:id: whether the campaign was found (undefined when the read failed: no 404 for a fault of ours).
    campaignFound: campaign === undefined ? undefined : campaign !== null,
  };
}
