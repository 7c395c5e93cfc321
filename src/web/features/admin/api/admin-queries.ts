import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Campaign } from '../../../../shared/schemas/campaign';
import type { InfluencerSummary } from '../../../../shared/schemas/influencer';
import { apiFetch } from '../../../lib/api-client';

export const INFLUENCERS_PAGE_SIZE = 20;

export interface InfluencerList {
  items: InfluencerSummary[];
  total: number;
}

export const adminKeys = {
  influencers: (q: string, offset: number) => ['admin', 'influencers', q, offset] as const,
  campaign: (id: string) => ['admin', 'campaign', id] as const,
};

/** GET /api/admin/influencers: a page of creators, newest first, searchable by name, username or email. */
export function useInfluencers(q: string, offset: number) {
  return useQuery({
    queryKey: adminKeys.influencers(q, offset),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(INFLUENCERS_PAGE_SIZE), offset: String(offset) });
      if (q) params.set('q', q);
      return apiFetch<InfluencerList>(`/api/admin/influencers?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** One campaign for the analytics page (GET /api/campaigns/:id). */
export function useAdminCampaign(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.campaign(id ?? ''),
    queryFn: ({ signal }) => apiFetch<Campaign>(`/api/campaigns/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });
}
