import { getPublicCampaign } from '../db/queries/campaigns';
import { PRODUCT_NAME } from '../shared/constants';
import { SOCIAL_PROVIDER_IDS } from '../shared/schemas/auth';
import type { Campaign, CampaignDetail } from '../shared/schemas/campaign';
import { campaignIdParamSchema } from '../shared/schemas/campaign';
import type { PublicConfig } from '../shared/schemas/config';
import type { AppDeps } from './context';
import { badgesForBrand } from './services/campaign-badges';

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

/** Data handed to the web app in a JSON block (read by src/web/lib/boot-data.ts). */
export interface BootData {
  config: PublicConfig;
  campaign?: CampaignDetail;
}

export const BOOT_DATA_ELEMENT_ID = 'mintbox-boot';
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
  const campaign = await getPublicCampaign(deps.db, id.data.id);
  if (!campaign) return null;
  return { ...campaign, badges: await badgesForBrand(deps.db, campaign.brand, deps.now?.()) };
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

/** Writes the page's head tags and the boot data into the built index.html. */
export function renderIndexHtml(template: string, head: PageHead, boot: BootData): string {
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
  return html.replace('</head>', () => `    ${tags}\n  </head>`);
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

/** index.html for one page: its head tags and boot data. A failing campaign lookup falls back to generic tags. */
export async function renderAppPage(
  template: string,
  pathname: string,
  deps: AppDeps,
  isAppRoute: boolean,
): Promise<string> {
  let campaign: CampaignDetail | null | undefined;
  try {
    campaign = isAppRoute ? await campaignForPath(pathname, deps) : undefined;
  } catch (error) {
    deps.logger.warn({ err: error, path: pathname }, 'could not read the campaign for the page head');
    campaign = undefined;
  }
  const head = pageHead(pathname, deps.env.appUrl, { campaign, isAppRoute });
  const boot: BootData = { config: publicConfig(deps), ...(campaign ? { campaign } : {}) };
  return renderIndexHtml(template, head, boot);
}
