import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from './api-client';

/**
 * What every admin list read a keyset page at a time shares (issue 28), for `infiniteQueryOptions`: GET `path` with
 * `params` and the cursor of the page to read (none for the first), the answer checked against `schema`, and the
 * next page read by the cursor the last one gave ("Show more …"; none when it gave null).
 */
export function cursorPages<S extends z.ZodType<{ nextCursor: string | null }>>(
  path: string,
  params: Record<string, string>,
  schema: S,
) {
  return {
    queryFn: ({
      signal,
      pageParam,
    }: {
      signal: AbortSignal;
      pageParam: string | null;
    }): Promise<z.infer<S>> => {
      const search = new URLSearchParams(params);
      if (pageParam) search.set('cursor', pageParam);
      return apiFetch(`${path}?${search}`, { signal, schema });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: z.infer<S>) => last.nextCursor,
  };
}

/**
 * The query options of a page of an admin table read by its cursor (Previous / Next, issue 28): GET `path` with the
 * page size, the cursor ('' for page 1) and the filters that are set, the answer checked against `schema`; the page
 * shown stays on screen while the next one loads.
 */
export function tablePageQuery<S extends z.ZodType, K extends QueryKey>(
  queryKey: K,
  path: string,
  schema: S,
  { limit, cursor, filters }: { limit: number; cursor: string; filters: Record<string, string> },
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<z.infer<S>> => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (cursor) params.set('cursor', cursor);
      for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
      return apiFetch(`${path}?${params}`, { signal, schema });
    },
    placeholderData: keepPreviousData,
  });
}
