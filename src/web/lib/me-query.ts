import { queryOptions } from '@tanstack/react-query';
import { creatorRecordSchema } from '../../shared/schemas/me';
import { apiFetch } from './api-client';
import { privateKeys } from './query-keys';

/**
 * GET /api/me: the signed-in creator's record and profile. One cache key, one type: the header (follower count),
 * the dashboard (standing) and the profile pages all read it through these options, each picking its part with
 * `select`.
 */
export function meQuery() {
  return queryOptions({
    queryKey: privateKeys.me,
    queryFn: ({ signal }) => apiFetch('/api/me', { signal, schema: creatorRecordSchema }),
  });
}
