import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { accountClosureListSchema } from '../../../../shared/schemas/data-rights';
import { cursorPages } from '../../../lib/admin-cursor-pages';
import { privateKeys } from '../../../lib/query-keys';

export type ClosureFilter = 'all' | 'pending' | 'anonymised';

/**
 * GET /api/admin/account-closures?state=&cursor=: closed creator accounts and their anonymisation dates (issue 27),
 * newest first, a page of 50 at a time by keyset ("Show more closed accounts", issue 28).
 */
export const accountClosuresQuery = (state: ClosureFilter) =>
  infiniteQueryOptions({
    queryKey: privateKeys.admin.accountClosures(state),
    ...cursorPages('/api/admin/account-closures', { state }, accountClosureListSchema),
  });
export const useAccountClosures = (state: ClosureFilter) => useInfiniteQuery(accountClosuresQuery(state));
