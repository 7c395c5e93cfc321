import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_TIME_MS } from '../../shared/constants';
import type { SessionResponse } from '../../shared/schemas/session';
import { ApiError } from './api-client';
import { PRIVATE_ROOT, publicKeys } from './query-keys';

/** Exponential back-off: 1 s, 2 s, 4 s … capped at 30 s (spec §9). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Up to 3 retries, but never for an answer that will not change (4xx other than 408/429). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

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
