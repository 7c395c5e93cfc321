/**
 * `npx tsx bench/cpu-compare.ts`: main-thread CPU per answer of the app against the ceiling, for a fixed number of
 * requests, alternating, in one process on one database. On a machine shared with other work req/s moves with
 * the neighbours; CPU per answer much less, so this is the figure to judge app changes by (decision 0019).
 *
 * Knobs: DATABASE_URL (PostgreSQL; PGlite when unset), CPU_ROWS (100000), CPU_REQUESTS (4000 per run),
 * CPU_RUNS (5 per server and case), CPU_CONNECTIONS (10), CPU_PATHS (comma-separated request paths; default
 * first page, platform, keyword and one campaign).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { loadEnv } from '../src/config/env';
import { createApp } from '../src/server/http/app';
import { silentLogger } from '../src/server/process/logger';
import { startCeiling } from './ceiling';
import { sampleCpu } from './cpu';
import { createBenchDatabase } from './database';
import { numberEnv } from './env';
import { seedCampaigns } from './seed';

const ROWS = Math.round(numberEnv('CPU_ROWS', 100_000));
const REQUESTS = Math.round(numberEnv('CPU_REQUESTS', 4000));
const RUNS = Math.round(numberEnv('CPU_RUNS', 5));
const CONNECTIONS = Math.round(numberEnv('CPU_CONNECTIONS', 10));

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

async function cpuPerAnswer(url: string): Promise<number> {
  const before = sampleCpu();
  const result = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, workers: 1 });
  const after = sampleCpu();
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  if (before.mainThreadMs === null || after.mainThreadMs === null)
    throw new Error('no /proc: CPU not measurable');
  return (after.mainThreadMs - before.mainThreadMs) / REQUESTS;
}

const bench = await createBenchDatabase({ url: process.env.DATABASE_URL?.trim() || undefined, poolSize: 10 });
const dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-cpu-'));
try {
  await seedCampaigns(bench.handle, ROWS);
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });
  const app = createApp({ db: bench.handle.db, env, logger: silentLogger() });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ceiling = await startCeiling(
    bench.postgres
      ? { kind: 'postgres', ...bench.postgres }
      : { kind: 'pglite', client: bench.pglite as NonNullable<typeof bench.pglite> },
    { countCache: true },
  );
  const id = Math.floor(ROWS / 3) + 1;
  const paths = (
    process.env.CPU_PATHS ??
    `/api/campaigns,/api/campaigns?platform=tiktok,/api/campaigns?q=serum,/api/campaigns/${id}`
  )
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  console.log(
    `${bench.label}; ${ROWS} campaigns; ${REQUESTS} requests per run, ${RUNS} runs, ${CONNECTIONS} connections`,
  );
  console.log(
    "path | app ms/answer | ceiling ms/answer | app share of the ceiling's efficiency (median runs)",
  );
  try {
    for (const p of paths) {
      await cpuPerAnswer(appUrl + p);
      await cpuPerAnswer(ceiling.url + p);
      const app: number[] = [];
      const bare: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        app.push(await cpuPerAnswer(appUrl + p));
        bare.push(await cpuPerAnswer(ceiling.url + p));
      }
      console.log(
        `${p} | ${median(app).toFixed(3)} | ${median(bare).toFixed(3)} | ${(median(bare) / median(app)).toFixed(2)}`,
      );
    }
  } finally {
    server.closeAllConnections();
    server.close();
    await ceiling.close();
  }
} finally {
  await bench.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
