import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { creatorListSchema } from '../../shared/schemas/creator';
import { apiFetch } from './api-client';
import { privateKeys } from './query-keys';

export const CREATORS_PAGE_SIZE = 20;

/**
 * GET /api/admin/influencers: a page of creators, newest first, searchable by name, username or email; `cursor` is
 * the answer's nextCursor/prevCursor ('' for page 1).
 */
export const creatorsQuery = (q: string, cursor: string) =>
  queryOptions({
    queryKey: privateKeys.admin.creators(q, cursor),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(CREATORS_PAGE_SIZE) });
      if (cursor) params.set('cursor', cursor);
      if (q) params.set('q', q);
      return apiFetch(`/api/admin/influencers?${params}`, { signal, schema: creatorListSchema });
    },
    placeholderData: keepPreviousData,
  });
export const useCreators = (q: string, cursor: string) => useQuery(creatorsQuery(q, cursor));
