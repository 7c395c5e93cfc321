import { ApiError } from './api-client';

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
