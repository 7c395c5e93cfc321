import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_TIME_MS } from '../../shared/constants';
import type { SessionResponse } from '../../shared/schemas/session';
import { type PublicReads, readKey } from './public-reads';
import { PRIVATE_ROOT, publicKeys } from './query-keys';
import { retryDelay, shouldRetry } from './retry';
import { setSession } from './use-session';

export { retryDelay, shouldRetry };

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay,
      },
    },
  });
  // A private query never asks the server once the session is known to be over. Sign-out drops the private data
  // while the page it leaves is still on screen; a part of it drawn again before it goes would otherwise fetch its
  // data anew and get a 401 (issue 24). A query that sets `enabled` itself decides on its own.
  client.setQueryDefaults(PRIVATE_ROOT, {
    enabled: () => client.getQueryData<SessionResponse>(publicKeys.session)?.user !== null,
  });
  return client;
}

let appClient: QueryClient | undefined;

/**
 * The browser's one QueryClient, made when the first part that reads with TanStack Query loads (the full app, or a
 * creator's apply panel on /campaign/:id), from what the public pages' store holds (decision 0044). From then on the
 * store follows the client's invalidations (a page of the store reads again) and the client follows the store's
 * answers, so both draw the same data.
 */
export function appQueryClient(reads: PublicReads): QueryClient {
  if (appClient) return appClient;
  const client = createQueryClient();
  const follow = (key: string, data: unknown, updatedAt?: number) => {
    const queryKey = JSON.parse(key) as unknown[];
    const before = client.getQueryData<SessionResponse>(publicKeys.session);
    const sessionChanged = (data as SessionResponse).user?.id !== before?.user?.id;
    // Another person (a sign-out, on the public page): their private data goes, as at every session change.
    if (key === readKey(publicKeys.session) && sessionChanged) setSession(client, data as SessionResponse);
    else client.setQueryData(queryKey, data, updatedAt ? { updatedAt } : undefined);
  };
  for (const key of reads.keys()) {
    const entry = reads.get(key);
    if (entry.data !== undefined) follow(key, entry.data, entry.updatedAt);
  }
  reads.onChange = (key, data) => follow(key, data);
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'invalidate') {
      reads.invalidate(readKey(event.query.queryKey));
    }
  });
  appClient = client;
  return client;
}
