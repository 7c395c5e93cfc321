import { describe, expect, it } from 'vitest';
import { QUERY_STALE_TIME_MS } from '../../shared/constants';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

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
});
