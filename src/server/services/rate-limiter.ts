import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { rateLimits } from '../../db/schema/auth';
import { AppError } from '../errors';

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  /** Requests allowed per window. */
  max: number;
}

/**
 * Counts one attempt for `key` in a fixed window kept in the database (so every app instance shares it) and
 * throws 429 with Retry-After once more than `max` attempts fall in the window.
 */
export async function hitRateLimit(
  db: DatabaseOrTransaction,
  key: string,
  rule: RateLimitRule,
  message: string,
  now: number = Date.now(),
): Promise<void> {
  const windowMs = rule.window * 1000;
  const storedKey = `mintbox:${key}`;
  const rows = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: storedKey, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${now - windowMs} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${now - windowMs} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
  const row = rows[0];
  if (row && row.count > rule.max) {
    const retryAfter = Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000));
    throw new AppError('TOO_MANY_REQUESTS', message, { 'Retry-After': String(retryAfter) });
  }
}
