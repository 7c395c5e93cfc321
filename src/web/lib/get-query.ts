import { type QueryKey, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from './api-client';

/**
 * The query options of a plain read: GET `path`, its answer checked against `schema` (apiFetch), kept in the cache
 * under `queryKey`; `staleTime` when the screen may show it a while before reading again.
 */
export function getQuery<S extends z.ZodType, K extends QueryKey>(
  queryKey: K,
  path: string,
  schema: S,
  { staleTime }: { staleTime?: number } = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<z.infer<S>> => apiFetch(path, { signal, schema }),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}

/** What reads `queryKey`'s queries again (TanStack Query's invalidateQueries), for the mutations that change them. */
export function useReadAgain(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}
