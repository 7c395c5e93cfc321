import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { accountClosureListSchema } from '../../../../shared/schemas/data-rights';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

export type ClosureFilter = 'all' | 'pending' | 'anonymised';

/**
 * GET /api/admin/account-closures?state=&cursor=: closed creator accounts and their anonymisation dates (issue 27),
 * newest first, a page of 50 at a time by keyset ("Show more closed accounts", issue 28).
 */
export const accountClosuresQuery = (state: ClosureFilter) =>
  infiniteQueryOptions({
    queryKey: privateKeys.admin.accountClosures(state),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ state });
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch(`/api/admin/account-closures?${params}`, { signal, schema: accountClosureListSchema });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useAccountClosures = (state: ClosureFilter) => useInfiniteQuery(accountClosuresQuery(state));
