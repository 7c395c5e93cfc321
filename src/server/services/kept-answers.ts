import { hearsDatabaseChanges } from '../../db/cache-invalidation';
import type { Database } from '../../db/client';

/**
 * Answers kept on this instance for one database (the public answers of decision 0039, the admins' pages of decision
 * 0049): each until it is older than `maxAgeMs` or forgotten by an invalidation. Ages are read on the monotonic clock
 * (`performance.now()`): a kept answer's life is not a date.
 */
export class KeptAnswers<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  /** Bumped by every invalidation: a load that began before one is not kept (it may hold the old state). */
  private generation = 0;

  constructor(
    /** Answers held at most; past it the store starts over. */
    private readonly limit: number,
    private readonly maxAgeMs: number,
  ) {}

  /** Forgets every kept answer, or those whose key `matches`. */
  forget(matches?: (key: string) => boolean): void {
    this.generation += 1;
    if (!matches) {
      this.entries.clear();
      return;
    }
    for (const key of this.entries.keys()) if (matches(key)) this.entries.delete(key);
  }

  /**
   * The answer under `key`: the kept one while it is still good, else `load()`'s, kept when it is not null, nothing
   * was forgotten meanwhile and `stillHeard()` (the instance still hears the database's invalidations).
   */
  async answer<Loaded extends T | null>(
    key: string,
    load: () => Promise<Loaded>,
    stillHeard: () => boolean,
    now = performance.now(),
  ): Promise<T | Loaded> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== null && this.generation === generation && stillHeard()) {
      if (this.entries.size >= this.limit) this.entries.clear();
      this.entries.set(key, { value: value as T, expires: now + this.maxAgeMs });
    }
    return value;
  }
}

/**
 * Answers kept per database, each database's store made on its first use and handed to `listen`, which subscribes
 * it to the invalidations that make it forget. An answer is loaded again, and not kept, while the instance does not
 * hear the database's changes (`hearsDatabaseChanges`) or while the bench switched keeping off.
 */
export function keptAnswersPerDatabase<T>(options: {
  limit: number;
  maxAgeMs: number;
  listen: (db: Database, store: KeptAnswers<T>) => void;
}) {
  const stores = new WeakMap<object, KeptAnswers<T>>();
  let enabled = true;
  const storeOf = (db: Database) => {
    const known = stores.get(db);
    if (known) return known;
    const store = new KeptAnswers<T>(options.limit, options.maxAgeMs);
    options.listen(db, store);
    stores.set(db, store);
    return store;
  };
  return {
    /** The bench's switch: off, every answer is loaded again, to show what keeping them saves. */
    setEnabled(on: boolean): void {
      enabled = on;
    },
    /** Forgets every answer kept for `db` on this instance. */
    forget(db: Database): void {
      stores.get(db)?.forget();
    },
    /** The answer under `key` for `db`: kept while it is good, else `load()`'s (see `KeptAnswers.answer`). */
    answer<Loaded extends T | null>(
      db: Database,
      key: string,
      load: () => Promise<Loaded>,
      now?: number,
    ): Promise<T | Loaded> {
      if (!enabled || !hearsDatabaseChanges(db)) return load();
      return storeOf(db).answer(key, load, () => hearsDatabaseChanges(db), now);
    },
  };
}
