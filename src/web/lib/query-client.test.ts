import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { QUERY_STALE_TIME_MS } from '../../shared/constants';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';
import { privateKeys, publicKeys } from './query-keys';

describe('query client', () => {
  it('caches for 5 minutes and does not refetch on window focus', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(options?.refetchOnWindowFocus).toBe(false);
  });

  it('retries 3 times with exponential back-off capped at 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const network = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, network))).toEqual([true, true, true, false]);
  });

  it('does not retry answers that cannot change', () => {
    expect(shouldRetry(0, new ApiError(404, 'Campaign Not Found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(400, 'limit must be at most 50'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'Too many requests'))).toBe(true);
    expect(shouldRetry(0, new ApiError(503, 'down'))).toBe(true);
  });

  it('asks for no private data once the session is over, and asks again after a sign-in (issue 24)', () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => ({ ok: true }));
    const watch = () => new QueryObserver(client, { queryKey: privateKeys.me, queryFn }).subscribe(() => {});
    client.setQueryData(publicKeys.session, { user: null });
    watch()();
    expect(queryFn).not.toHaveBeenCalled();
    client.setQueryData(publicKeys.session, { user: { id: 'u1' } });
    watch()();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
