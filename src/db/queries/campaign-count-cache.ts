import { cachingAllowed, invalidate, onInvalidate } from '../cache-invalidation';
import type { Database, DatabaseOrTransaction } from '../client';

/**
 * Totals of keyword searches per filter, kept for a few seconds: counting the matches is most of the cost of such a
 * listing, and the grid only needs it to say how many there are (totals without a keyword are read from
 * campaign_counts and never cached). Writes through the admin API invalidate them on
 * every instance at once (see cache-invalidation.ts); other changes (the deadline sweep) show within COUNT_TTL_MS.
 */
export const CAMPAIGN_COUNTS_CHANNEL = 'campaign-counts';
const COUNT_TTL_MS = 10_000;
const COUNT_CACHE_LIMIT = 500;
type CountCache = Map<string, { value: Promise<number>; expires: number }>;
const countCaches = new WeakMap<object, CountCache>();

let countCacheEnabled = true;

/**
 * The bench's BENCH_COUNT_CACHE=0 (and its same-run comparison): every keyword listing counts, to show what the
 * count costs without the cache. Listings without a keyword never use the cache (their total is campaign_counts').
 */
export function setCampaignCountCache(enabled: boolean): void {
  countCacheEnabled = enabled;
}

export function cachedCount(
  db: DatabaseOrTransaction,
  key: string,
  load: () => Promise<number>,
): Promise<number> {
  if (!countCacheEnabled || !cachingAllowed(db as Database)) return load();
  let cache = countCaches.get(db);
  if (!cache) {
    const created: CountCache = new Map();
    onInvalidate(db as Database, CAMPAIGN_COUNTS_CHANNEL, () => created.clear());
    cache = created;
    countCaches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value;
  if (cache.size >= COUNT_CACHE_LIMIT) cache.clear();
  const value = load();
  cache.set(key, { value, expires: now + COUNT_TTL_MS });
  value.catch(() => cache.delete(key));
  return value;
}

/** Forget cached totals, here and on every other instance, after campaigns were added, changed or removed. */
export function invalidateCampaignCounts(db: Database): Promise<void> {
  return invalidate(db, CAMPAIGN_COUNTS_CHANNEL);
}
