/** Product-wide constants. Values the spec fixes are kept exactly (spec §9, READINGS "Constants kept from the spec"). */
import { labelledValues } from './labelled-values';

export const PRODUCT_NAME = 'Mintbox';

export const PLATFORM_LABELS = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
};
export const PLATFORMS = labelledValues(PLATFORM_LABELS);
export type Platform = (typeof PLATFORMS)[number];

/** draft: not public yet; active: taking applications; pending: on hold; ended: closed. */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'pending', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Statuses anyone can see on the public marketplace. */
export const PUBLIC_CAMPAIGN_STATUSES = [
  'active',
  'pending',
  'ended',
] as const satisfies readonly CampaignStatus[];

/**
 * The catalogue's `status` filter: one public status, or `all` for every public one. Without a filter the catalogue
 * lists only open (active) campaigns; pending and ended ones are listed only on request.
 */
export const CATALOGUE_STATUS_FILTERS = [...PUBLIC_CAMPAIGN_STATUSES, 'all'] as const;
export type CatalogueStatusFilter = (typeof CATALOGUE_STATUS_FILTERS)[number];

/** What the creator gets: a PR box, Mint, or both (READINGS "Campaign type"). */
export const CAMPAIGN_TYPE_LABELS = {
  gifting: 'PR Box',
  paid: 'Paid in Mint',
  gifting_paid: 'PR Box + Mint',
};
export const CAMPAIGN_TYPES = labelledValues(CAMPAIGN_TYPE_LABELS);
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/**
 * Whether the campaign sends a PR box (gifting, or gifting and Mint). A fact of the campaign type, kept here rather
 * than in lifecycle/ so the public pages can ask it without loading the lifecycle rules (the 100 KB first load).
 */
export function shipsBox(type: CampaignType): boolean {
  return type === 'gifting' || type === 'gifting_paid';
}

export const CATEGORIES = [
  'Beauty',
  'Fashion',
  'Lifestyle',
  'Food',
  'Fitness',
  'Travel',
  'Tech',
  'Gaming',
  'Home Decor',
  'Parenting',
  'Pets',
  'DIY',
  'Art',
  'Music',
  'Comedy',
  'Education',
  'Business',
  'Health',
  'Sports',
  'Automotive',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The 50 US states plus DC, as two-letter codes. */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

/** Campaign grid: first page and every "See More Campaigns" click (spec §9). */
export const CAMPAIGN_PAGE_SIZE = 8;
/** The catalogue counts matches up to this many; above it the total reads "1,000+" (decision 0012). */
export const CAMPAIGN_TOTAL_CAP = 1000;
export const CAMPAIGN_SKELETON_COUNT = 8;
export const CAMPAIGN_PAGE_SIZE_MAX = 50;

export const MINT_PER_USD = 1;
export const MIN_REDEMPTION_MINT = 50;
export const QUERY_STALE_TIME_MS = 300_000;
export const ERROR_REDIRECT_DELAY_MS = 3_000;
export const HEADER_HIDE_SCROLL_PX = 50;
