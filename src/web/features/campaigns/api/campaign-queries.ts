import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Platform } from '../../../../shared/constants';
import { CAMPAIGN_PAGE_SIZE } from '../../../../shared/constants';
import type { Campaign, CampaignPage } from '../../../../shared/schemas/campaign';
import { apiFetch } from '../../../lib/api-client';
import { bootData } from '../../../lib/boot-data';

export interface CampaignFilters {
  platform?: Platform | undefined;
  q?: string | undefined;
}

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (filters: CampaignFilters) => ['campaigns', 'list', filters.platform ?? '', filters.q ?? ''] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
};

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
    ReturnType<typeof campaignKeys.list>,
    string | null
  >({
    queryKey: campaignKeys.list(filters),
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
    queryKey: campaignKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiFetch<Campaign>(`/api/campaigns/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    initialData: () => {
      const campaign = bootData().campaign;
      return campaign && String(campaign.id) === id ? campaign : undefined;
    },
  });
}

/** Open campaigns matched to the signed-in creator's categories and platforms (GET /api/me/matched-campaigns). */
export function useMatchedCampaigns(enabled: boolean) {
  return useQuery({
    queryKey: ['campaigns', 'matched'],
    queryFn: ({ signal }) => apiFetch<{ items: Campaign[] }>('/api/me/matched-campaigns', { signal }),
    enabled,
  });
}
