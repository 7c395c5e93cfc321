import { readFileSync, readlinkSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { ServerLifecycle } from '../http/context';
import type { Logger } from './logger';

/**
 * Idle keep-alive connections stay open this long: above the idle timeouts of common proxies and load balancers
 * (60 s for nginx and AWS ALB, 65 s recommended), so a proxy never reuses a connection we already closed.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 70_000;

/**
 * While shutting down, a keep-alive connection is closed by us only after it has been idle this long (nothing in
 * progress, nothing received since its last answer). A client that just got an answer sends its next request well
 * within it, and that request is answered (with `Connection: close`) instead of meeting a closed connection.
 */
export const IDLE_BEFORE_CLOSE_MS = 1_000;
const SWEEP_EVERY_MS = 50;

/** Sets the keep-alive and header timeouts (the header timeout must exceed the keep-alive one). */
export function tuneKeepAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 5_000;
}

interface ConnectionState {
  socket: Socket;
  /** Answers not finished yet (more than one only with pipelining). */
  open: Set<ServerResponse>;
  /** When the last answer finished (or the connection was accepted). */
  idleSince: number;
  /** Bytes received when it went idle: more now means a request is arriving. */
  bytesAtIdle: number;
}

/** The server's connections as the shutdown needs to see them. */
export interface Connections {
  /** Connections open now. */
  readonly size: number;
  /**
   * From now on every answer closes its connection: answers still being prepared and every request that arrives
   * (even on a connection that was idle) get `Connection: close`, so the client knows before it sends again.
   */
  drain(): void;
  /**
   * Closes the connections with nothing in progress, nothing received since their last answer, and no activity
   * for `idleMs`. Returns how many it closed.
   */
  closeIdle(idleMs: number, now?: number): number;
  /** Closes every connection (the grace period is over). */
  closeAll(): void;
}

/**
 * Follows every connection of `server` from its start (call before it listens): whether an answer is in progress,
 * when it last finished, and whether bytes arrived since. Node's own `closeIdleConnections` (which
 * `http.Server.close` calls) closes a keep-alive connection between two requests even when the client's next request
 * is already on its way, and that request is then reset; the shutdown uses this instead.
 */
export function trackConnections(server: Server): Connections {
  const states = new Map<Socket, ConnectionState>();
  let draining = false;
  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };

  server.on('connection', (socket: Socket) => {
    states.set(socket, { socket, open: new Set(), idleSince: Date.now(), bytesAtIdle: 0 });
    socket.once('close', () => states.delete(socket));
  });
  // First among the request listeners, so the header is set before any answer is written.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = states.get(request.socket);
    if (draining) closeAfter(response);
    if (!state) return;
    state.open.add(response);
    response.once('close', () => {
      state.open.delete(response);
      state.idleSince = Date.now();
      state.bytesAtIdle = state.socket.bytesRead;
    });
  });

  return {
    get size() {
      return states.size;
    },
    drain() {
      draining = true;
      for (const state of states.values()) for (const response of state.open) closeAfter(response);
    },
    closeIdle(idleMs, now = Date.now()) {
      let closed = 0;
      for (const state of states.values()) {
        const idle =
          state.open.size === 0 &&
          state.socket.bytesRead === state.bytesAtIdle &&
          now - state.idleSince >= idleMs;
        if (idle) {
          state.socket.destroy();
          closed += 1;
        }
      }
      return closed;
    },
    closeAll() {
      server.closeAllConnections();
      for (const state of states.values()) state.socket.destroy();
    },
  };
}

/** Where Linux lists the TCP sockets of this network namespace (a listening socket's rx_queue is its accept queue). */
const PROC_TCP_TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];

/**
 * Connections the kernel has completed but the server has not accepted yet (the listening socket's accept queue),
 * read from /proc on Linux; undefined where that cannot be read. Node accepts one connection per turn of its event
 * loop, so on a busy server clients wait there, their request already sent; closing the listening socket then
 * resets them.
 */
export function acceptQueueLength(server: Server): number | undefined {
  const fd = (server as unknown as { _handle?: { fd?: unknown } | null })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) return undefined;
  let inode: string | undefined;
  try {
    inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
  } catch {
    return undefined;
  }
  if (!inode) return undefined;
  for (const table of PROC_TCP_TABLES) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …
      const fields = line.trim().split(/\s+/);
      if (fields[9] === inode) return Number.parseInt(fields[4]?.split(':')[1] ?? '', 16) || 0;
    }
  }
  return undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until no connection waits in the accept queue (or `budgetMs` passed), then closes the listening socket in
 * the same turn, so no connection the kernel took for us is reset. Where the queue cannot be read, waits a few turns
 * of the event loop instead. Answers meanwhile keep their connection (a client told to close would reconnect into
 * the queue). net.Server's close, not http.Server's: that one also calls closeIdleConnections, which closes a
 * keep-alive connection between two requests even when the client's next request is already on its way.
 * `closed` resolves once the listening socket and every connection are closed.
 */
async function stopAccepting(
  server: Server,
  budgetMs: number,
): Promise<{ closed: Promise<void>; waiting: number | undefined; left: number | undefined }> {
  const deadline = Date.now() + budgetMs;
  const waiting = acceptQueueLength(server);
  let left = waiting;
  for (let turns = 0; ; turns += 1) {
    if (left === 0 || (left === undefined && turns >= 3) || Date.now() >= deadline) break;
    await sleep(5);
    left = acceptQueueLength(server);
  }
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  return { closed, waiting, left };
}

export interface ShutdownSteps {
  server: Server;
  /** From `trackConnections(server)`, called when the server started. */
  connections: Connections;
  lifecycle: ServerLifecycle;
  logger: Logger;
  graceMs: number;
  /** Stops the job workers after the job in progress (within the time given). */
  stopJobs(timeoutMs: number): Promise<void>;
  /** Closes what remains (LISTEN connection, pool), in order, once requests and jobs are done. */
  close: Array<() => Promise<void>>;
}

/**
 * Graceful shutdown, where no request the server received is cut:
 * 1. readiness turns 503; connections already waiting in the accept queue are accepted, then the listening socket
 *    closes (new connections are refused);
 * 2. from then on every answer says `Connection: close` and its connection closes after it: answers in progress,
 *    and a request that reaches a kept-alive connection during the shutdown, which is answered, never reset;
 * 3. connections left idle are closed once idle for IDLE_BEFORE_CLOSE_MS, never while a request is arriving;
 * 4. requests in progress finish, for up to `graceMs` in all; job workers finish their current job; then the
 *    connections to the database close.
 * Resolves with the exit code: 0 when everything finished in time, 1 when the grace period ran out and connections
 * were cut.
 */
export async function shutDown(steps: ShutdownSteps): Promise<number> {
  const { server, connections, lifecycle, logger, graceMs } = steps;
  const started = Date.now();
  lifecycle.stopping = true;
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const jobsDone = steps.stopJobs(graceMs).catch((error: unknown) => {
    logger.error({ err: error }, 'shutdown: the job workers did not stop cleanly');
  });

  const accepting = await stopAccepting(server, Math.min(graceMs / 4, 5_000));
  const acceptedMs = Date.now() - started;
  lifecycle.draining = true;
  connections.drain();
  const idleMs = Math.min(IDLE_BEFORE_CLOSE_MS, graceMs / 4);
  connections.closeIdle(idleMs);
  const idleSweep = setInterval(() => connections.closeIdle(idleMs), SWEEP_EVERY_MS);

  const outcome = await Promise.race([accepting.closed.then(() => 'done' as const), outOfTime]);
  clearInterval(idleSweep);
  if (outcome === 'late') {
    logger.warn(
      { graceMs, connections: connections.size },
      'shutdown: grace period over, closing the connections still open',
    );
    connections.closeAll();
  }
  await Promise.race([jobsDone, outOfTime]);
  clearTimeout(timer);
  for (const close of steps.close) {
    await close().catch((error: unknown) =>
      logger.error({ err: error }, 'shutdown: could not close cleanly'),
    );
  }
  logger.info(
    {
      ms: Date.now() - started,
      clean: outcome === 'done',
      // Connections waiting to be accepted when the shutdown began, and after how long none was left.
      acceptQueue: { waiting: accepting.waiting, left: accepting.left, ms: acceptedMs },
    },
    'stopped',
  );
  return outcome === 'done' ? 0 : 1;
}
