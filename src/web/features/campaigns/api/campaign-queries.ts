import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { CAMPAIGN_PAGE_SIZE } from '../../../../shared/constants';
import type { Eligibility } from '../../../../shared/schemas/application';
import type { CampaignDetail, CampaignPage } from '../../../../shared/schemas/campaign';
import type { MatchedCampaignList } from '../../../../shared/schemas/matched-campaign';
import type { productListSchema } from '../../../../shared/schemas/products';
import { apiFetch, firstLoadAnswer } from '../../../lib/api-client';
import { bootData } from '../../../lib/boot-data';
import { type CampaignListFilters, privateKeys, publicKeys } from '../../../lib/query-keys';

export type CampaignFilters = CampaignListFilters;

/**
 * The catalogue and the campaign page are read before / and /campaign/:id are interactive: their answers are typed
 * from their schemas but not parsed, so zod stays out of the first load (decision 0026).
 */
const campaignPageAnswer = firstLoadAnswer<CampaignPage>();
const campaignDetailAnswer = firstLoadAnswer<CampaignDetail>();
const matchedCampaignListAnswer = firstLoadAnswer<MatchedCampaignList>();
const eligibilityAnswer = firstLoadAnswer<Eligibility>();
const productListAnswer = firstLoadAnswer<z.infer<typeof productListSchema>>();

export function campaignListUrl(filters: CampaignFilters, cursor?: string | null): string {
  const params = new URLSearchParams({ limit: String(CAMPAIGN_PAGE_SIZE) });
  if (filters.platform) params.set('platform', filters.platform);
  if (filters.q) params.set('q', filters.q);
  if (cursor) params.set('cursor', cursor);
  return `/api/campaigns?${params}`;
}

/** The public catalogue, 8 at a time; fetchNextPage loads the next 8. */
export const campaignListQuery = (filters: CampaignFilters) =>
  infiniteQueryOptions({
    queryKey: publicKeys.campaigns.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(campaignListUrl(filters, pageParam), { signal, schema: campaignPageAnswer }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
export const useCampaignList = (filters: CampaignFilters) => useInfiniteQuery(campaignListQuery(filters));

/**
 * One campaign; runs only when an id is present (spec §7). When the server already wrote this campaign into the
 * page (boot data), it is used at once instead of a second request.
 */
export const campaignQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: publicKeys.campaigns.detail(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/api/campaigns/${encodeURIComponent(id ?? '')}`, { signal, schema: campaignDetailAnswer }),
    enabled: Boolean(id),
    initialData: () => {
      const campaign = bootData().campaign;
      return campaign && String(campaign.id) === id ? campaign : undefined;
    },
  });
export const useCampaign = (id: string | undefined) => useQuery(campaignQuery(id));

/**
 * Open campaigns in one of the signed-in creator's categories and on one of their platforms, with why each fits
 * (GET /api/me/matched-campaigns). They
 * are the creator's own: a private key, forgotten at every session change.
 */
export const matchedCampaignsQuery = () =>
  queryOptions({
    queryKey: privateKeys.matchedCampaigns,
    queryFn: ({ signal }) =>
      apiFetch('/api/me/matched-campaigns', { signal, schema: matchedCampaignListAnswer }),
  });
export const useMatchedCampaigns = (enabled: boolean) => useQuery({ ...matchedCampaignsQuery(), enabled });

/** GET /api/campaigns/:id/eligibility: whether the signed-in creator can apply, and if not, why. */
export const eligibilityQuery = (campaignId: number) =>
  queryOptions({
    queryKey: privateKeys.eligibility.campaign(campaignId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/campaigns/${campaignId}/eligibility`, { signal, schema: eligibilityAnswer }),
    staleTime: 30_000,
  });

/** GET /api/campaigns/:id/products: what the PR box offers, each variant with its boxes left (issue 37). */
export const campaignProductsQuery = (campaignId: number) =>
  queryOptions({
    queryKey: publicKeys.campaigns.products(String(campaignId)),
    queryFn: ({ signal }) =>
      apiFetch(`/api/campaigns/${campaignId}/products`, { schema: productListAnswer, signal }),
  });
