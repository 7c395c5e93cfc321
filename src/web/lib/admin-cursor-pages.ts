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
