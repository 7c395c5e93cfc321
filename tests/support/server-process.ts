import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../src/config/project-root';
import { WAIT_LIMITS, within } from './bounded';
import { freePort } from './free-port';
import { seedPgliteFolder } from './pglite-template';

/** One JSON log line of the server (pino). */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number; requestId?: string };

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Every log line printed so far (stdout, parsed). */
  logs: LogLine[];
  /** What the process wrote to stderr. */
  stderr(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export const TEST_AUTH_SECRET = 'process-secret-process-secret-0123456789abcdef';

/**
 * Node's flags for a server process a test starts: PGlite's WebAssembly is run by V8's baseline compiler (Liftoff)
 * only. Left to itself, V8 compiles PGlite's busiest functions again with its optimizing compiler, in background
 * threads, from the first queries on: about 1.4 CPU-s of a start on the embedded database, which pays off only
 * after a thousand queries or so, and a process that lives for one test file never gets there. The server does
 * the same work with the same results; only its WebAssembly runs at the baseline speed (decision 0084).
 */
export const TEST_PROCESS_NODE_FLAGS = ['--liftoff-only'];

/**
 * The production server bundle (`node dist/server/index.js`, built by `npm run build`) in a process of its own on
 * a free loopback port, with JSON logs collected. Resolves once /api/health/ready answers 200. `env` adds to or
 * replaces the defaults (NODE_ENV=test, a temporary DATA_DIR with a migrated PGlite folder, a fixed AUTH_SECRET,
 * TRUST_PROXY=true, no demo data, passwords hashed at the tests' low cost).
 */
export async function startServerProcess(
  options: { env?: Record<string, string>; readyTimeoutMs?: number; dataDir?: string } = {},
): Promise<ServerProcess> {
  const entry = path.join(projectRoot(), 'dist/server/index.js');
  if (!existsSync(entry)) throw new Error('dist/server/index.js is missing: run `npm run build` first');
  const port = await freePort();
  // A folder of its own starts from the tests' migrated template (PGlite runs unless DATABASE_URL is given).
  let dataDir = options.dataDir;
  if (dataDir === undefined) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-process-'));
    if (!options.env?.DATABASE_URL) seedPgliteFolder(path.join(dataDir, 'pglite'));
  }
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...TEST_PROCESS_NODE_FLAGS, entry], {
    cwd: projectRoot(),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      AUTH_SECRET: TEST_AUTH_SECRET,
      TRUST_PROXY: 'true',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      // As the in-process test apps (decision 0022): what these processes are tested for is the fleet, the shutdown
      // and the load, not the hash, and each sign-up, sign-in or refused guess at the standard cost is about 90 ms
      // of CPU (graceful-shutdown.test makes 24 per driver). The built server (built-server.ts) keeps the standard.
      PASSWORD_HASH_COST: 'low',
      ...options.env,
    },
  });
  const logs: LogLine[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line) as LogLine);
    } catch {
      logs.push({ msg: line });
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const server: ServerProcess = {
    url,
    port,
    dataDir,
    child,
    logs,
    stderr: () => stderr,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      try {
        return await within(
          `the server process on port ${port}: exit after ${signal}`,
          WAIT_LIMITS.processExit,
          exited,
        );
      } catch (error) {
        // Killed, so nothing outlives the test; the test still fails, naming the wait.
        child.kill('SIGKILL');
        await within(
          `the server process on port ${port}: exit after SIGKILL`,
          WAIT_LIMITS.processExit,
          exited,
        );
        throw error;
      }
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) {
      throw new Error(
        `The server exited before it was ready (${JSON.stringify(await exited)}): ${stderr.trim()} ${JSON.stringify(logs.slice(-5))}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health/ready`, {
        signal: AbortSignal.timeout(WAIT_LIMITS.request),
      });
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server was not ready within ${options.readyTimeoutMs ?? 60_000} ms: ${stderr.trim()}`);
}
