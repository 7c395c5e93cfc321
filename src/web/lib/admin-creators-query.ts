import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { influencerListSchema } from '../../shared/schemas/influencer';
import { apiFetch } from './api-client';
import { privateKeys } from './query-keys';

export const INFLUENCERS_PAGE_SIZE = 20;

/**
 * GET /api/admin/influencers: a page of creators, newest first, searchable by name, username or email; `cursor` is
 * the answer's nextCursor/prevCursor ('' for page 1).
 */
export const influencersQuery = (q: string, cursor: string) =>
  queryOptions({
    queryKey: privateKeys.admin.influencers(q, cursor),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(INFLUENCERS_PAGE_SIZE) });
      if (cursor) params.set('cursor', cursor);
      if (q) params.set('q', q);
      return apiFetch(`/api/admin/influencers?${params}`, { signal, schema: influencerListSchema });
    },
    placeholderData: keepPreviousData,
  });
export const useInfluencers = (q: string, cursor: string) => useQuery(influencersQuery(q, cursor));
