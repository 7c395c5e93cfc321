import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './client';

/**
 * Cache invalidation across app instances. A cache kept in the process subscribes to a channel with
 * `onInvalidate(db, channel, listener)`; a write calls `invalidate(db, channel, key)`. The listener runs at once in
 * this process and, once `listenForInvalidations` is running (PostgreSQL), in every other instance on the same
 * database through NOTIFY on a dedicated LISTEN connection. On PGlite there is only one process, so the local call
 * is the whole bus.
 *
 * `key` names what changed inside the channel; `null` means "everything in it" (also what listeners get after the
 * LISTEN connection came back, since notifications sent while it was down are lost).
 */
export type InvalidationListener = (key: string | null) => void;

/** The PostgreSQL notification channel (one per database: LISTEN/NOTIFY does not cross databases). */
export const INVALIDATION_CHANNEL = 'mintbox_invalidate';

interface Remote {
  origin: string;
  /** False while the LISTEN connection is down: caches should not trust what they hold. */
  connected: boolean;
  logger: Pick<Logger, 'warn'>;
}

interface Bus {
  listeners: Map<string, Set<InvalidationListener>>;
  remote?: Remote;
  /** PGlite: how many `listenOnPglite` subscriptions are open (the triggers' notices reach this bus). */
  pgliteListening?: number;
}

const buses = new WeakMap<object, Bus>();

function busOf(db: Database): Bus {
  let bus = buses.get(db);
  if (!bus) {
    bus = { listeners: new Map() };
    buses.set(db, bus);
  }
  return bus;
}

function deliver(bus: Bus, channel: string, key: string | null): void {
  for (const listener of bus.listeners.get(channel) ?? []) listener(key);
}

function deliverEverywhere(bus: Bus): void {
  for (const channel of bus.listeners.keys()) deliver(bus, channel, null);
}

/** Calls `listener` whenever `channel` is invalidated on this database, by this instance or another. */
export function onInvalidate(db: Database, channel: string, listener: InvalidationListener): () => void {
  const bus = busOf(db);
  let set = bus.listeners.get(channel);
  if (!set) {
    set = new Set();
    bus.listeners.set(channel, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Tells every instance that `key` of `channel` (or all of it) changed. Local listeners run before this returns; the
 * notification is sent before the promise resolves. Never throws: a failed NOTIFY is logged (the caches' own expiry
 * still bounds how stale another instance can be).
 */
export async function invalidate(db: Database, channel: string, key: string | null = null): Promise<void> {
  const bus = busOf(db);
  deliver(bus, channel, key);
  const remote = bus.remote;
  if (!remote) return;
  const payload = JSON.stringify({ o: remote.origin, c: channel, k: key });
  try {
    await db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`);
  } catch (error) {
    remote.logger.warn({ err: error, channel }, 'could not tell the other instances about a change');
  }
}

/** Whether a cache may serve what it holds: not while the instance cannot hear other instances' changes. */
export function cachingAllowed(db: Database): boolean {
  const remote = buses.get(db)?.remote;
  return !remote || remote.connected;
}

/**
 * Whether this instance hears every committed change the database triggers announce (migration 0041: applications,
 * money, problems) right now: PostgreSQL with its LISTEN connection up, or PGlite with `listenOnPglite` running. A
 * cache of answers those changes alter (the public campaign answers' accepted counts) is kept only then.
 */
export function hearsDatabaseChanges(db: Database): boolean {
  const bus = buses.get(db);
  if (!bus) return false;
  if (bus.remote) return bus.remote.connected;
  return (bus.pgliteListening ?? 0) > 0;
}

export interface InvalidationSubscription {
  /** True while the LISTEN connection is up. */
  readonly connected: boolean;
  close(): Promise<void>;
}

/**
 * PostgreSQL: opens a dedicated connection (outside the pool) that LISTENs for other instances' invalidations and
 * delivers them to this instance's listeners; reconnects after a dropped connection (with backoff up to
 * `maxRetryMs`) and then invalidates everything, since notifications sent meanwhile are lost.
 */
export async function listenForInvalidations(
  db: Database,
  options: {
    connectionString: string;
    logger: Pick<Logger, 'warn' | 'info'>;
    maxRetryMs?: number;
    /** Hear only the database triggers' notices of this schema (tests share one database, a schema each). */
    schema?: string | undefined;
  },
): Promise<InvalidationSubscription> {
  const bus = busOf(db);
  const remote: Remote = { origin: randomUUID(), connected: false, logger: options.logger };
  bus.remote = remote;
  const maxRetryMs = options.maxRetryMs ?? 5000;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // Named, so it is easy to spot in pg_stat_activity (an application_name in the URL wins).
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'mintbox-listen',
    });
    next.on('notification', (message) => {
      if (message.channel !== INVALIDATION_CHANNEL || !message.payload) return;
      const parsed = parseNotice(message.payload);
      if (!parsed || parsed.o === remote.origin) return;
      if (options.schema && parsed.s !== undefined && parsed.s !== options.schema) return;
      deliver(bus, parsed.c, parsed.k);
    });
    let dropped = false;
    const onDrop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      remote.connected = false;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (closed) return;
      options.logger.warn(
        { err: error, retryMs },
        'lost the connection that hears other instances; reconnecting',
      );
      scheduleReconnect();
    };
    next.on('error', onDrop);
    next.on('end', () => onDrop());
    await next.connect();
    await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    retryMs = 100;
    remote.connected = true;
  };

  const scheduleReconnect = () => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(async () => {
      try {
        await connect();
        // Whatever changed while we were deaf is unknown: drop every cached value.
        deliverEverywhere(bus);
        options.logger.info({}, 'hearing other instances again');
      } catch (error) {
        retryMs = Math.min(retryMs * 2, maxRetryMs);
        options.logger.warn({ err: error, retryMs }, 'could not reconnect to hear other instances');
        if (!closed) scheduleReconnect();
      }
    }, retryMs);
    retryTimer.unref();
  };

  await connect();
  return {
    get connected() {
      return remote.connected;
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      remote.connected = false;
      if (bus.remote === remote) delete bus.remote;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * A notice on the channel: `{ o: origin, c: channel, k: key }` from `invalidate` (another instance's), or
 * `{ c, k, s: schema }` without origin from a database trigger (migration 0041: the live screens), which every
 * instance hears, the writing one too, once the change has committed.
 */
function parseNotice(payload: string): { o?: unknown; c: string; k: string | null; s?: string } | null {
  let parsed: { o?: unknown; c?: unknown; k?: unknown; s?: unknown };
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed.c !== 'string') return null;
  return {
    o: parsed.o,
    c: parsed.c,
    k: typeof parsed.k === 'string' ? parsed.k : null,
    ...(typeof parsed.s === 'string' ? { s: parsed.s } : {}),
  };
}

/**
 * PGlite (one process): the database triggers' notices (migration 0041) reach this process's listeners through
 * PGlite's own LISTEN, after the change commits. `invalidate` needs nothing more here: its local call is the bus.
 */
export async function listenOnPglite(
  db: Database,
  pglite: { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> },
): Promise<() => Promise<void>> {
  const bus = busOf(db);
  const unlisten = await pglite.listen(INVALIDATION_CHANNEL, (payload) => {
    const parsed = parseNotice(payload);
    if (!parsed || parsed.o !== undefined) return;
    deliver(bus, parsed.c, parsed.k);
  });
  bus.pgliteListening = (bus.pgliteListening ?? 0) + 1;
  let open = true;
  return async () => {
    if (open) {
      open = false;
      bus.pgliteListening = (bus.pgliteListening ?? 1) - 1;
      // What this instance holds can no longer be trusted once it stops hearing changes.
      deliverEverywhere(bus);
    }
    await unlisten();
  };
}
