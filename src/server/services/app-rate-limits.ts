import { lt, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { appRateLimits } from '../../db/schema/security';
import { AppError } from '../http/errors';

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  /** Requests allowed per window. */
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends (what Retry-After says). */
  retryAfter: number;
}

/**
 * Counts one request for `key` in a fixed window, in the app's own table (so every instance shares it and Better
 * Auth's cleanup never touches it). One upsert decides: concurrent requests queue on the row, so no burst gets more
 * than `max` through.
 */
export async function consumeRateLimit(
  db: DatabaseOrTransaction,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitDecision> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ends = new Date(now.getTime() + rule.window * 1000);
  const expired = sql`${appRateLimits.expiresAt} <= ${at}`;
  const [row] = await db
    .insert(appRateLimits)
    .values({ key, count: 1, windowStart: now, expiresAt: ends })
    .onConflictDoUpdate({
      target: appRateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${appRateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${at} else ${appRateLimits.windowStart} end`,
        expiresAt: sql`case when ${expired} then ${ends.toISOString()}::timestamptz else ${appRateLimits.expiresAt} end`,
      },
    })
    .returning({ count: appRateLimits.count, expiresAt: appRateLimits.expiresAt });
  const retryAfter = Math.max(1, Math.ceil(((row?.expiresAt ?? ends).getTime() - now.getTime()) / 1000));
  return { allowed: (row?.count ?? 1) <= rule.max, retryAfter };
}

/** consumeRateLimit that throws 429 with `message` and a standard Retry-After once the window is used up. */
export async function hitRateLimit(
  db: DatabaseOrTransaction,
  key: string,
  rule: RateLimitRule,
  message: string,
  now: Date,
): Promise<void> {
  const { allowed, retryAfter } = await consumeRateLimit(db, key, rule, now);
  if (!allowed) throw new AppError('TOO_MANY_REQUESTS', message, { 'Retry-After': String(retryAfter) });
}

/** Deletes windows that have ended (run by the hourly maintenance job). */
export async function pruneRateLimits(db: DatabaseOrTransaction, now: Date): Promise<number> {
  const gone = await db
    .delete(appRateLimits)
    .where(lt(appRateLimits.expiresAt, now))
    .returning({ key: appRateLimits.key });
  return gone.length;
}

/**
 * Better Auth answers its own 429s with only X-Retry-After; browsers and clients read the standard Retry-After.
 * Copies it over (the answer is otherwise passed on untouched).
 */
export function withStandardRetryAfter(response: Response): Response {
  if (response.status !== 429 || response.headers.has('Retry-After')) return response;
  const seconds = response.headers.get('X-Retry-After') ?? '60';
  const headers = new Headers(response.headers);
  headers.set('Retry-After', seconds);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
