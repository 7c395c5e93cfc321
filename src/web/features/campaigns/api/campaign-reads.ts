import { CAMPAIGN_PAGE_SIZE } from '../../../../shared/constants';
import type { CampaignDetail, CampaignPage } from '../../../../shared/schemas/campaign';
import { apiFetch, firstLoadAnswer } from '../../../lib/api-client';
import type { CampaignListFilters } from '../../../lib/public-query-keys';
import { type CampaignProducts, useReaders } from '../../../lib/readers';

export type CampaignFilters = CampaignListFilters;

/**
 * The catalogue and the campaign page are read before / and /campaign/:id are interactive: their answers are typed
 * from their schemas but not parsed, so zod stays out of the first load (decision 0026). Nothing here imports
 * TanStack Query: the public pages read without it (lib/readers.ts, decision 0044).
 */
export const campaignPageAnswer = firstLoadAnswer<CampaignPage>();
export const campaignDetailAnswer = firstLoadAnswer<CampaignDetail>();

export type { CampaignProducts } from '../../../lib/readers';
export const campaignProductsAnswer = firstLoadAnswer<CampaignProducts>();
export const campaignProductsUrl = (campaignId: number) => `/api/campaigns/${campaignId}/products`;

export function campaignListUrl(filters: CampaignFilters, cursor?: string | null): string {
  const params = new URLSearchParams({ limit: String(CAMPAIGN_PAGE_SIZE) });
  if (filters.platform) params.set('platform', filters.platform);
  if (filters.q) params.set('q', filters.q);
  if (cursor) params.set('cursor', cursor);
  return `/api/campaigns?${params}`;
}

export const campaignUrl = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`;

/**
 * The three public reads, for both readers (the first load's, lib/public-readers.ts, and TanStack Query's,
 * campaign-queries.ts): a page of the catalogue after `cursor`, one campaign, a campaign's products.
 */
export const readCampaignPage = (filters: CampaignFilters, cursor: string | null, signal?: AbortSignal) =>
  apiFetch(campaignListUrl(filters, cursor), { signal, schema: campaignPageAnswer });
export const readCampaign = (id: string, signal?: AbortSignal) =>
  apiFetch(campaignUrl(id), { signal, schema: campaignDetailAnswer });
export const readCampaignProducts = (campaignId: number, signal?: AbortSignal) =>
  apiFetch(campaignProductsUrl(campaignId), { signal, schema: campaignProductsAnswer });

/** The public catalogue, 8 at a time; fetchNextPage loads the next 8. */
export const useCampaignList = (filters: CampaignFilters) => useReaders().useCampaignList(filters);

/** One campaign; read only when an id is present (spec §7). */
export const useCampaign = (id: string | undefined) => useReaders().useCampaign(id);

/** A campaign's products and their boxes left (the campaign page's Reward Details, issue 37). */
export const useCampaignProducts = (campaignId: number) => useReaders().useCampaignProducts(campaignId);
