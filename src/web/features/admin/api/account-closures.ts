import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountClosureListSchema } from '../../../../shared/schemas/data-rights';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

export type ClosureFilter = 'all' | 'pending' | 'anonymised';

/** GET /api/admin/account-closures?state: closed creator accounts and their anonymisation dates (issue 27). */
export const accountClosuresQuery = (state: ClosureFilter) =>
  queryOptions({
    queryKey: privateKeys.admin.accountClosures(state),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/account-closures?state=${state}`, { signal, schema: accountClosureListSchema }),
  });
export const useAccountClosures = (state: ClosureFilter) => useQuery(accountClosuresQuery(state));
