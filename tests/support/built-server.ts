import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../src/config/project-root';
import { WAIT_LIMITS, within } from './bounded';
import { seedPgliteFolder } from './pglite-template';
import { TEST_PROCESS_NODE_FLAGS } from './server-process';

export interface BuiltServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The built server (dist/server/index.js) in a process of its own, as `npm start` runs it: unlike the in-process
 * test server, libraries there see the real NODE_ENV (Better Auth relaxes its checks under a test runner).
 * A fresh PGlite folder, already migrated (a copy of the tests' template); `env` adds or overrides variables; Node
 * runs with TEST_PROCESS_NODE_FLAGS (WebAssembly on V8's baseline compiler). Run `npm run build` first (npm test does).
 */
export async function startBuiltServer(port: number, env: Record<string, string>): Promise<BuiltServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-built-'));
  if (!env.DATABASE_URL) seedPgliteFolder(path.join(dataDir, 'pglite'));
  const entry = path.join(projectRoot(), 'dist/server/index.js');
  const child: ChildProcess = spawn(process.execPath, [...TEST_PROCESS_NODE_FLAGS, entry], {
    cwd: projectRoot(),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'built-server-secret-built-server-secret-0123',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await within('the built server: exit after SIGTERM', WAIT_LIMITS.processExit, exited).catch(
        async () => {
          child.kill('SIGKILL');
          await within('the built server: exit after SIGKILL', WAIT_LIMITS.processExit, exited);
        },
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the built server stopped: ${errors}`);
    }
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(WAIT_LIMITS.request),
    })
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the built server did not answer within a minute: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, close: stop };
}
