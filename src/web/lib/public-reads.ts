import { createContext, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The public pages' reads (session, configuration, the catalogue, one campaign) without TanStack Query, so / and
 * /campaign/:id load without it (issue 44, decision 0044). One store per page load (and per server render), keyed
 * like the query keys; the full app seeds its QueryClient from it (lib/query-client.ts) and reads with Query from
 * then on. The same rules as the app's queries: data younger than its stale time is used as it is, a failed read is
 * retried with back-off (`retry`), and a refetch of a list fetches again every page it had.
 */

export interface ReadEntry<T = unknown> {
  data: T | undefined;
  error: Error | null;
  /** Date.now() of the last answer (0: none yet). */
  updatedAt: number;
  fetching: boolean;
  /** The running read is a list's next page. */
  fetchingNextPage: boolean;
  /** A read of a list's next page failed (the pages already shown stay). */
  nextPageFailed: boolean;
  /** Counts invalidations: a page showing the entry reads it again when it changes. */
  version: number;
}

export interface Retry {
  retry: (failureCount: number, error: unknown) => boolean;
  retryDelay: (attempt: number) => number;
}

const EMPTY: ReadEntry = {
  data: undefined,
  error: null,
  updatedAt: 0,
  fetching: false,
  fetchingNextPage: false,
  nextPageFailed: false,
  version: 0,
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const readKey = (key: readonly unknown[]) => JSON.stringify(key);

export class PublicReads {
  private readonly entries = new Map<string, ReadEntry>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  /** Called with every key whose data changed (the full app's QueryClient follows, see query-client.ts). */
  onChange: ((key: string, data: unknown) => void) | undefined;

  get<T>(key: string): ReadEntry<T> {
    return (this.entries.get(key) ?? EMPTY) as ReadEntry<T>;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  set(key: string, data: unknown, updatedAt = Date.now()): void {
    this.patch(key, { data, error: null, updatedAt, nextPageFailed: false });
    this.onChange?.(key, data);
  }

  /** Marks `key` out of date: a page showing it reads it again at once, any other at its next mount. */
  invalidate(key: string): void {
    const entry = this.entries.get(key);
    if (entry) this.patch(key, { updatedAt: 0, version: entry.version + 1 });
  }

  /** Reads `key` with `read` unless a read of it is already running; keeps the data it had on failure. */
  run(key: string, read: () => Promise<unknown>, retry: Retry, nextPage = false): Promise<void> {
    const running = this.running.get(key);
    if (running) return running;
    this.patch(key, { fetching: true, fetchingNextPage: nextPage });
    const attempt = async (failures: number): Promise<void> => {
      try {
        const data = await read();
        this.patch(key, { fetching: false, fetchingNextPage: false });
        this.set(key, data);
      } catch (error) {
        if (retry.retry(failures, error)) {
          await wait(retry.retryDelay(failures));
          return attempt(failures + 1);
        }
        const failure = error instanceof Error ? error : new Error(String(error));
        this.patch(key, {
          fetching: false,
          fetchingNextPage: false,
          nextPageFailed: nextPage,
          error: failure,
        });
      }
    };
    const promise = attempt(0).finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private patch(key: string, change: Partial<ReadEntry>): void {
    this.entries.set(key, { ...this.get(key), ...change });
    for (const listener of this.listeners) listener();
  }
}

export const PublicReadsContext = createContext<PublicReads | null>(null);

export function usePublicReads(): PublicReads {
  const reads = useContext(PublicReadsContext);
  if (!reads) throw new Error('usePublicReads needs a PublicReadsContext.Provider (app/app-root.tsx)');
  return reads;
}

export interface ReadOptions<T> extends Retry {
  key: readonly unknown[];
  read: () => Promise<T>;
  staleTime: number;
  enabled?: boolean;
}

interface ReadBase<T> {
  data: T | undefined;
  isPending: boolean;
  refetch: () => Promise<unknown>;
}

/** As a query's result: `error` is an Error exactly when `isError`. */
export type ReadResult<T> = ReadBase<T> & ({ isError: true; error: Error } | { isError: false; error: null });

/** The store's entry for `key`, and a stable function that reads it again with the latest `read` and `retry`. */
export function useReadEntry<T>(key: readonly unknown[], read: () => Promise<T>, retry: Retry) {
  const reads = usePublicReads();
  const id = readKey(key);
  const latest = useRef({ read, retry });
  latest.current = { read, retry };
  const entry = useSyncExternalStore(
    reads.subscribe,
    () => reads.get<T>(id),
    () => reads.get<T>(id),
  );
  const refetch = useCallback(
    () => reads.run(id, () => latest.current.read(), latest.current.retry),
    [reads, id],
  );
  return { reads, id, entry, refetch };
}

/**
 * One read: the stored answer, read again when a page shows it and it is missing or older than `staleTime`, or
 * when it was invalidated while shown. Like a query: an error stays until an answer replaces it.
 */
export function usePublicRead<T>({
  key,
  read,
  staleTime,
  enabled = true,
  ...retry
}: ReadOptions<T>): ReadResult<T> {
  const { reads, id, entry, refetch } = useReadEntry(key, read, retry);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount, on another key and on an invalidation only.
  useEffect(() => {
    const current = reads.get(id);
    const stale = current.updatedAt === 0 || Date.now() - current.updatedAt > staleTime;
    if (enabled && stale) void refetch();
  }, [reads, id, enabled, entry.version, refetch]);
  const failed = entry.error ? ({ isError: true, error: entry.error } as const) : undefined;
  return {
    data: entry.data,
    isPending: entry.data === undefined && !failed,
    refetch,
    ...(failed ?? ({ isError: false, error: null } as const)),
  };
}

/** A list read page by page, in TanStack Query's InfiniteData shape (the full app's cache takes it as it is). */
export interface Pages<P> {
  pages: P[];
  pageParams: unknown[];
}

export interface PagesOptions<P> extends Omit<ReadOptions<Pages<P>>, 'read'> {
  readPage: (cursor: string | null) => Promise<P>;
  nextCursor: (page: P) => string | null | undefined;
}

export type PagesResult<P> = ReadResult<Pages<P>> & {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
};

/** A list page by page (useInfiniteQuery's result, as far as the catalogue uses it). */
export function usePublicPages<P>({ readPage, nextCursor, ...options }: PagesOptions<P>): PagesResult<P> {
  const reads = usePublicReads();
  const id = readKey(options.key);
  // A refetch reads again as many pages as were shown, each from the fresh page before it (as Query does).
  const read = async (): Promise<Pages<P>> => {
    const shown = reads.get<Pages<P>>(id).data?.pages.length ?? 1;
    const pages: P[] = [];
    const pageParams: Array<string | null> = [];
    let cursor: string | null = null;
    do {
      pages.push(await readPage(cursor));
      pageParams.push(cursor);
      cursor = nextCursor(pages[pages.length - 1] as P) ?? null;
    } while (cursor && pages.length < shown);
    return { pages, pageParams };
  };
  const result = usePublicRead({ ...options, read });
  const { entry } = useReadEntry<Pages<P>>(options.key, read, options);
  const last = entry.data?.pages.at(-1);
  const cursor = last === undefined ? null : (nextCursor(last) ?? null);
  const fetchNextPage = useCallback(async () => {
    const current = reads.get<Pages<P>>(id).data;
    if (!current || !cursor) return;
    const retry = { retry: options.retry, retryDelay: options.retryDelay };
    await reads.run(
      id,
      async () => {
        const page = await readPage(cursor);
        return { pages: [...current.pages, page], pageParams: [...current.pageParams, cursor] };
      },
      retry,
      true,
    );
  }, [reads, id, cursor, readPage, options.retry, options.retryDelay]);
  return {
    ...result,
    hasNextPage: Boolean(cursor),
    fetchNextPage,
    isFetchingNextPage: entry.fetchingNextPage,
    isFetchNextPageError: entry.nextPageFailed,
  };
}
