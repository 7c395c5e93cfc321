import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import type { Eligibility } from '../../../../shared/schemas/application';
import type { MatchedCampaignList } from '../../../../shared/schemas/matched-campaign';
import { apiFetch, firstLoadAnswer } from '../../../lib/api-client';
import { bootData } from '../../../lib/boot-data';
import { privateKeys, publicKeys } from '../../../lib/query-keys';
import { type CampaignFilters, readCampaign, readCampaignPage, readCampaignProducts } from './campaign-reads';

export { type CampaignFilters, campaignListUrl, useCampaign, useCampaignList } from './campaign-reads';

/** Typed from their schemas but not parsed (decision 0026). */
const matchedCampaignListAnswer = firstLoadAnswer<MatchedCampaignList>();
const eligibilityAnswer = firstLoadAnswer<Eligibility>();

/** The public catalogue, 8 at a time; fetchNextPage loads the next 8. */
export const campaignListQuery = (filters: CampaignFilters) =>
  infiniteQueryOptions({
    queryKey: publicKeys.campaigns.list(filters),
    queryFn: ({ pageParam, signal }) => readCampaignPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/**
 * One campaign; runs only when an id is present (spec §7). When the server already wrote this campaign into the
 * page (boot data), it is used at once instead of a second request.
 */
export const campaignQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: publicKeys.campaigns.detail(id ?? ''),
    queryFn: ({ signal }) => readCampaign(id ?? '', signal),
    enabled: Boolean(id),
    initialData: () => {
      const campaign = bootData().campaign;
      return campaign && String(campaign.id) === id ? campaign : undefined;
    },
  });

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
    queryFn: ({ signal }) => readCampaignProducts(campaignId, signal),
  });
