import { creatorRecordSchema } from '../../shared/schemas/me';
import { getQuery } from './get-query';
import { privateKeys } from './query-keys';

/**
 * GET /api/me: the signed-in creator's record and profile. One cache key, one type: the header (follower count),
 * the dashboard (standing) and the profile pages all read it through these options, each picking its part with
 * `select`.
 */
export function meQuery() {
  return getQuery(privateKeys.me, '/api/me', creatorRecordSchema);
}
