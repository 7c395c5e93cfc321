import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { influencerListSchema } from '../../../../shared/schemas/influencer';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

export const INFLUENCERS_PAGE_SIZE = 20;

/** GET /api/admin/influencers: a page of creators, newest first, searchable by name, username or email. */
export const influencersQuery = (q: string, offset: number) =>
  queryOptions({
    queryKey: privateKeys.admin.influencers(q, offset),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(INFLUENCERS_PAGE_SIZE), offset: String(offset) });
      if (q) params.set('q', q);
      return apiFetch(`/api/admin/influencers?${params}`, { signal, schema: influencerListSchema });
    },
    placeholderData: keepPreviousData,
  });
export const useInfluencers = (q: string, offset: number) => useQuery(influencersQuery(q, offset));
