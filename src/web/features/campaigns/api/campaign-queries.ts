import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CAMPAIGN_PAGE_SIZE } from '../../../../shared/constants';
import type { CampaignDetail, CampaignPage } from '../../../../shared/schemas/campaign';
import type { MatchedCampaign } from '../../../../shared/schemas/matched-campaign';
import { apiFetch } from '../../../lib/api-client';
import { bootData } from '../../../lib/boot-data';
import { type CampaignListFilters, privateKeys, publicKeys } from '../../../lib/query-keys';

export type CampaignFilters = CampaignListFilters;

export function campaignListUrl(filters: CampaignFilters, cursor?: string | null): string {
  const params = new URLSearchParams({ limit: String(CAMPAIGN_PAGE_SIZE) });
  if (filters.platform) params.set('platform', filters.platform);
  if (filters.q) params.set('q', filters.q);
  if (cursor) params.set('cursor', cursor);
  return `/api/campaigns?${params}`;
}

/** The public catalogue, 8 at a time; fetchNextPage loads the next 8. */
export function useCampaignList(filters: CampaignFilters) {
  return useInfiniteQuery<
    CampaignPage,
    Error,
    InfiniteData<CampaignPage>,
    ReturnType<typeof publicKeys.campaigns.list>,
    string | null
  >({
    queryKey: publicKeys.campaigns.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<CampaignPage>(campaignListUrl(filters, pageParam), { signal }),
    initialPageParam: null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/**
 * One campaign; runs only when an id is present (spec §7). When the server already wrote this campaign into the
 * page (boot data), it is used at once instead of a second request.
 */
export function useCampaign(id: string | undefined) {
  return useQuery({
    queryKey: publicKeys.campaigns.detail(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<CampaignDetail>(`/api/campaigns/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    initialData: () => {
      const campaign = bootData().campaign;
      return campaign && String(campaign.id) === id ? campaign : undefined;
    },
  });
}

/**
 * Open campaigns in one of the signed-in creator's categories and on one of their platforms, with why each fits
 * (GET /api/me/matched-campaigns). They
 * are the creator's own: a private key, forgotten at every session change.
 */
export function useMatchedCampaigns(enabled: boolean) {
  return useQuery({
    queryKey: privateKeys.matchedCampaigns,
    queryFn: ({ signal }) => apiFetch<{ items: MatchedCampaign[] }>('/api/me/matched-campaigns', { signal }),
    enabled,
  });
}
