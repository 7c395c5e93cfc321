import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InfluencerSummary } from '../../../../shared/schemas/influencer';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

export const INFLUENCERS_PAGE_SIZE = 20;

export interface InfluencerList {
  items: InfluencerSummary[];
  total: number;
}

/** GET /api/admin/influencers: a page of creators, newest first, searchable by name, username or email. */
export function useInfluencers(q: string, offset: number) {
  return useQuery({
    queryKey: privateKeys.admin.influencers(q, offset),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(INFLUENCERS_PAGE_SIZE), offset: String(offset) });
      if (q) params.set('q', q);
      return apiFetch<InfluencerList>(`/api/admin/influencers?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
