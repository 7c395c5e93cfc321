import type { Server as HttpServer } from 'node:http';
import type { Server as NetServer, Socket } from 'node:net';

/**
 * Every wait in the test support ends within a stated time or fails naming what it waited for (issue 36, decision
 * 0031): a hook never runs into the runner's own timeout (60 s for unit files, 120 s for journeys), whose message
 * names no cause. These are the stated times.
 */
export const WAIT_LIMITS = {
  /** A local server starts listening. */
  listen: 10_000,
  /** A local server stops: in-flight answers get `closeGraceMs`, then every connection is cut. */
  close: 10_000,
  closeGrace: 1_000,
  /** A database is opened, emptied, migrated or closed. */
  database: 30_000,
  /** A statement waits for an embedded (PGlite) test database's connection, then fails with EmbeddedDatabaseWait. */
  embeddedStatement: 20_000,
  /** Chromium starts. */
  browserStart: 30_000,
  /** A browser context is reset for reuse, or closed. */
  browserContext: 15_000,
  /** A child process exits after a signal (then SIGKILL, and as long again). */
  processExit: 10_000,
  /** One HTTP request of the test support to a local server. */
  request: 15_000,
} as const;

/** The error a bounded wait fails with: it names what was awaited and for how long. */
export class WaitTimeout extends Error {
  constructor(what: string, ms: number, detail?: string) {
    super(`${what}: still waiting after ${ms} ms${detail ? ` (${detail})` : ''}`);
    this.name = 'WaitTimeout';
  }
}

/**
 * `work`, or a WaitTimeout naming `what` after `ms`. `detail` is read when the time runs out (what was still open).
 * The work itself goes on; the caller decides what to cut.
 */
export function within<T>(what: string, ms: number, work: Promise<T>, detail?: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new WaitTimeout(what, ms, detail?.())), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** `server.listen(port, host)`, failing on a listen error or after WAIT_LIMITS.listen. */
export function listen(server: NetServer, what: string, port = 0, host = '127.0.0.1'): Promise<void> {
  return within(
    `${what}: listen on ${host}:${port}`,
    WAIT_LIMITS.listen,
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    }),
  );
}

/** Follows a server's sockets, so a close that runs out of time can say what was still open, and cut them. */
export function trackSockets(server: NetServer): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

const describeSockets = (sockets: Set<Socket>) =>
  `${sockets.size} connection(s) open: ${[...sockets]
    .slice(0, 5)
    .map((s) => `port ${s.remotePort} read ${s.bytesRead} B`)
    .join(', ')}`;

/**
 * Stops a local HTTP server for good: no new connections; idle keep-alive connections close at once; answers in
 * progress get WAIT_LIMITS.closeGrace; then every connection left is cut, whatever the client meant to do with it.
 *
 * The cut is what makes it end. Node counts a connection on which no byte has arrived yet as busy, not idle (its
 * guard against clients that connect and send nothing), so `server.close()` leaves it open, and stops the timer that
 * would have expired it. Chromium opens such connections ahead of need (preconnects) and keeps them while its
 * context lives: a reused browser context kept them past the test, and the close waited forever (decision 0031).
 */
export async function closeHttpServer(
  server: HttpServer,
  what: string,
  sockets?: Set<Socket>,
  /** How long answers in progress may finish; 0 for a stand-in whose open requests are the test's own. */
  graceMs: number = WAIT_LIMITS.closeGrace,
): Promise<void> {
  if (!server.listening) {
    server.closeAllConnections();
    for (const socket of sockets ?? []) socket.destroy();
    return;
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const grace = setTimeout(() => {
    server.closeAllConnections();
    for (const socket of sockets ?? []) socket.destroy();
  }, graceMs);
  try {
    await within(`${what}: close`, WAIT_LIMITS.close, closed, () =>
      sockets ? describeSockets(sockets) : 'connections still open',
    );
  } finally {
    clearTimeout(grace);
  }
}

/** A plain net server (SMTP): stops accepting, cuts every connection after the grace, bounded like closeHttpServer. */
export async function closeNetServer(
  close: (done: () => void) => void,
  what: string,
  sockets: Set<Socket>,
): Promise<void> {
  const closed = new Promise<void>((resolve) => close(() => resolve()));
  const grace = setTimeout(() => {
    for (const socket of sockets) socket.destroy();
  }, WAIT_LIMITS.closeGrace);
  try {
    await within(`${what}: close`, WAIT_LIMITS.close, closed, () => describeSockets(sockets));
  } finally {
    clearTimeout(grace);
  }
}

/**
 * Waits (bounded by WAIT_LIMITS.database) until `check` holds, polling every 20 ms: a change made outside this
 * instance's requests reaches its caches once the database's notice arrives.
 */
export async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  let stopped = false;
  const poll = async () => {
    while (!stopped && !(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await within(what, WAIT_LIMITS.database, poll()).finally(() => {
    stopped = true;
  });
}
