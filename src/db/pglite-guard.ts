import type { PGlite } from '@electric-sql/pglite';

/*
 * The embedded database's turn-taking (issue 44, decision 0036). PGlite runs each statement synchronously in
 * WebAssembly and settles its promise as a microtask, so code that only awaits statements never gives the event loop
 * a turn: a loop of requests answered from the database alone (a signed-in request is a synchronous HMAC and one
 * statement) starves every socket, timer and other client of the process for as long as it runs, and if it waits
 * for one of them it runs for ever (the spin of paypal-change.test.ts). PostgreSQL answers over a socket, so there
 * every statement already waits for the event loop.
 *
 * The guard gives PGlite that wait: every statement starts after a turn of the event loop (setImmediate, after
 * pending I/O), statements take the one connection first come first served (PGlite's own queue, in arrival order),
 * and a statement that waits for the connection longer than a bound (a transaction holding it that does not end) is
 * given up with EmbeddedDatabaseWait, which the app answers 503, instead of waiting for ever.
 */

/** How long a statement may wait for the embedded database's connection before it is given up. */
export const EMBEDDED_DATABASE_WAIT_MS = 30_000;

/** A statement waited for the embedded database longer than the bound and was given up (never run). */
export class EmbeddedDatabaseWait extends Error {
  override name = 'EmbeddedDatabaseWait';
  constructor(readonly waitedMs: number) {
    super(
      `EmbeddedDatabaseWait: a statement waited ${waitedMs} ms for the embedded database (PGlite), which another ` +
        'statement or transaction held all that time; it was given up without running',
    );
  }
}

/** True when `error`, or an error it was caused by (drizzle wraps driver errors), is an EmbeddedDatabaseWait. */
export function isEmbeddedDatabaseWait(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof EmbeddedDatabaseWait) return true;
  }
  return false;
}

// The timer functions as the process started with them (a test's fake timers must not stop the database).
const { setImmediate: nextTurn, setTimeout: after, clearTimeout: cancel } = globalThis;

/** One turn of the event loop: timers and pending I/O run before what follows. */
const eventLoopTurn = () => new Promise<void>((resolve) => nextTurn(resolve));

const guarded = new WeakSet<PGlite>();

/**
 * Installs the guard on `client` (once; later calls change nothing): every statement (query, exec, a transaction's
 * statements, the job queue's) waits for a turn of the event loop, and a statement or transaction still waiting for
 * the connection after `waitLimitMs` rejects with EmbeddedDatabaseWait and never runs.
 */
export function guardPglite(client: PGlite, waitLimitMs = EMBEDDED_DATABASE_WAIT_MS): PGlite {
  if (guarded.has(client)) return client;
  guarded.add(client);
  // PGlite's two queues (async-mutex, first come first served): the connection for a statement or a whole
  // transaction, then the wire for one statement. Every public method of PGlite goes through them.
  const takeConnection = client._runExclusiveTransaction.bind(client);
  const takeWire = client._runExclusiveQuery.bind(client);

  client._runExclusiveQuery = async <T>(fn: () => Promise<T>): Promise<T> => {
    await eventLoopTurn();
    return takeWire(fn);
  };

  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const since = Date.now();
      let state: 'waiting' | 'running' | 'given up' = 'waiting';
      const timer = after(() => {
        if (state !== 'waiting') return;
        state = 'given up';
        reject(new EmbeddedDatabaseWait(Date.now() - since));
      }, waitLimitMs);
      timer.unref();
      takeConnection(async () => {
        // Its turn came after it was given up: the connection passes to the next one at once.
        if (state === 'given up') return undefined as T;
        state = 'running';
        cancel(timer);
        return fn();
      }).then(
        (value) => {
          if (state === 'running') resolve(value);
        },
        (error: unknown) => {
          if (state === 'given up') return;
          cancel(timer);
          reject(error);
        },
      );
    });
  return client;
}
