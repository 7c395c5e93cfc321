/**
 * `npx tsx bench/shutdown-resets.ts`: SIGTERM to the production server (dist/server/index.js, `npm run build`
 * first) in the middle of a keep-alive load, SHUTDOWN_RUNS times. Each run starts a fresh server (PGlite in a
 * temporary folder), drives it with SHUTDOWN_CLIENTS closed-loop keep-alive clients (GET /api/health, a database
 * read) for SHUTDOWN_LOAD_MS, sends SIGTERM while they keep going, and counts how each request ended: answered,
 * refused (the connection could not be made: nothing was sent) or reset (sent, and the connection broke before the
 * whole answer). A graceful shutdown resets none; the run fails (exit 1) if any run reset a request or the server
 * did not exit 0. The short version of this runs in the suite: tests/e2e/shutdown-under-load.test.ts.
 *
 * Knobs: SHUTDOWN_RUNS (5), SHUTDOWN_CLIENTS (50), SHUTDOWN_LOAD_MS (3000), SHUTDOWN_GRACE_MS (15000).
 */
import { rmSync } from 'node:fs';
import { startKeepAliveLoad } from '../tests/support/keep-alive-load';
import { startServerProcess } from '../tests/support/server-process';
import { numberEnv } from './env';

const RUNS = Math.round(numberEnv('SHUTDOWN_RUNS', 5));
const CLIENTS = Math.round(numberEnv('SHUTDOWN_CLIENTS', 50));
const LOAD_MS = numberEnv('SHUTDOWN_LOAD_MS', 3000);
const GRACE_MS = Math.round(numberEnv('SHUTDOWN_GRACE_MS', 15_000));

async function run(n: number) {
  const server = await startServerProcess({
    env: { SHUTDOWN_GRACE_MS: String(GRACE_MS), LOG_LEVEL: 'warn' },
  });
  try {
    const load = startKeepAliveLoad({
      url: server.url,
      clients: CLIENTS,
      path: '/api/health',
      deadlineMs: LOAD_MS + GRACE_MS + 10_000,
    });
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    const beforeSignal = load.answered();
    const signalled = Date.now();
    const exit = await server.stop('SIGTERM');
    const stoppedMs = Date.now() - signalled;
    const result = await load.done;
    const line = {
      run: n,
      answered: result.answered,
      answeredAfterSignal: result.answered - beforeSignal,
      withClose: result.answeredWithClose,
      refused: result.refused,
      resets: result.resets,
      resetsOnReused: result.resetsOnReusedConnection,
      exit: exit.code,
      stopMs: stoppedMs,
    };
    console.log(JSON.stringify(line), result.failures.length ? result.failures.join(' | ') : '');
    return line;
  } finally {
    await server.stop('SIGKILL');
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const lines = [];
for (let n = 1; n <= RUNS; n += 1) lines.push(await run(n));
const resets = lines.reduce((sum, l) => sum + l.resets, 0);
const answered = lines.reduce((sum, l) => sum + l.answered, 0);
const unclean = lines.filter((l) => l.exit !== 0).length;
console.log(
  `${RUNS} runs of ${CLIENTS} keep-alive clients: ${answered} answered, ${resets} reset, ${unclean} unclean exits`,
);
process.exit(resets === 0 && unclean === 0 ? 0 : 1);
