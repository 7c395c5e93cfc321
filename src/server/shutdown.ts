import type { Server } from 'node:http';
import type { ServerLifecycle } from './context';
import type { Logger } from './logger';

/**
 * Idle keep-alive connections stay open this long: above the idle timeouts of common proxies and load balancers
 * (60 s for nginx and AWS ALB, 65 s recommended), so a proxy never reuses a connection we already closed.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 70_000;

/** Sets the keep-alive and header timeouts (the header timeout must exceed the keep-alive one). */
export function tuneKeepAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 5_000;
}

export interface ShutdownSteps {
  server: Server;
  lifecycle: ServerLifecycle;
  logger: Logger;
  graceMs: number;
  /** Stops the job workers after the job in progress (within the time given). */
  stopJobs(timeoutMs: number): Promise<void>;
  /** Closes what remains (LISTEN connection, pool), in order, once requests and jobs are done. */
  close: Array<() => Promise<void>>;
}

/**
 * Graceful shutdown: readiness turns 503 and new connections are refused; requests in progress finish (their
 * connections close after the answer) for up to `graceMs`; job workers finish their current job; then the
 * connections to the database close. Resolves with the exit code: 0 when everything finished in time, 1 when the
 * grace period ran out and connections were cut.
 */
export async function shutDown(steps: ShutdownSteps): Promise<number> {
  const { server, lifecycle, logger, graceMs } = steps;
  const started = Date.now();
  lifecycle.draining = true;

  const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A connection that was busy when we started is closed once it goes idle (its answer says Connection: close).
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  const jobsDone = steps.stopJobs(graceMs).catch((error: unknown) => {
    logger.error({ err: error }, 'shutdown: the job workers did not stop cleanly');
  });

  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const outcome = await Promise.race([requestsDone.then(() => 'done' as const), outOfTime]);
  clearInterval(idleSweep);
  if (outcome === 'late') {
    logger.warn({ graceMs }, 'shutdown: grace period over, closing the connections still open');
    server.closeAllConnections();
  }
  await Promise.race([jobsDone, outOfTime]);
  clearTimeout(timer);
  for (const close of steps.close) {
    await close().catch((error: unknown) =>
      logger.error({ err: error }, 'shutdown: could not close cleanly'),
    );
  }
  logger.info({ ms: Date.now() - started, clean: outcome === 'done' }, 'stopped');
  return outcome === 'done' ? 0 : 1;
}
