import { useQuery } from '@tanstack/react-query';
import { creatorListSchema } from '../../shared/schemas/creator';
import { tablePageQuery } from './admin-cursor-pages';
import { privateKeys } from './query-keys';

export const CREATORS_PAGE_SIZE = 20;

/**
 * GET /api/admin/influencers: a page of creators, newest first, searchable by name, username or email; `cursor` is
 * the answer's nextCursor/prevCursor ('' for page 1).
 */
export const creatorsQuery = (q: string, cursor: string) =>
  tablePageQuery(privateKeys.admin.creators(q, cursor), '/api/admin/influencers', creatorListSchema, {
    limit: CREATORS_PAGE_SIZE,
    cursor,
    filters: { q },
  });
export const useCreators = (q: string, cursor: string) => useQuery(creatorsQuery(q, cursor));
