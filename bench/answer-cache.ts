/**
 * `npm run bench:answer-cache`: one campaign by id (`GET /api/campaigns/:id`, anonymous, the catalogue's fast path)
 * with the public answers kept ready (issue 44, item 3; src/server/services/public-answers.ts) against the same
 * request with that cache switched off, alternated BENCH_ROUNDS times in one run, and a conditional request
 * (If-None-Match with the current ETag: 304, no body). The app listens for the database's change notices as a
 * production instance does (the cache is kept only then).
 *
 * Knobs: DATABASE_URL (PostgreSQL; else in-memory PGlite), BENCH_ROWS (20000: the answer does not grow with the
 * table), BENCH_DURATION (3 s), BENCH_CONNECTIONS (50), BENCH_ROUNDS (2), BENCH_POOL_SIZE (10), BENCH_PEER_URL (the
 * open peer's origin, filled by bench/peer-fill.ts: its `GET /api/campaigns/:id` for the same id is loaded in the same
 * rounds, see bench/README.md "Peer comparison"). Writes bench/results/answer-cache.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadEnv } from '../src/config/env';
import { listenForInvalidations, listenOnPglite } from '../src/db/cache-invalidation';
import { createApp } from '../src/server/http/app';
import { localAreaDir } from '../src/server/integrations/file-storage/local-file-store';
import { silentLogger } from '../src/server/process/logger';
import { setPublicAnswerCache } from '../src/server/services/public-answers';
import { createBenchDatabase } from './database';
import { numberEnv } from './env';
import { assertAllOk, type LoadResult, runLoad, stopLoadClient } from './load';
import { seedCampaigns } from './seed';

const ROWS = numberEnv('BENCH_ROWS', 20_000);
const DURATION = numberEnv('BENCH_DURATION', 3);
const CONNECTIONS = numberEnv('BENCH_CONNECTIONS', 50);
const ROUNDS = numberEnv('BENCH_ROUNDS', 2);
const POOL_SIZE = numberEnv('BENCH_POOL_SIZE', 10);
const PEER_URL = process.env.BENCH_PEER_URL?.trim().replace(/\/$/, '') || undefined;
const RESULTS_FILE = path.join(import.meta.dirname, 'results/answer-cache.json');
type CaseName = 'cached' | '304' | 'uncached' | 'peer';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const url = process.env.DATABASE_URL?.trim() || undefined;
  const bench = await createBenchDatabase({ url, poolSize: POOL_SIZE });
  const cleanups: Array<() => Promise<unknown>> = [() => bench.destroy()];
  try {
    await seedCampaigns(bench.handle, ROWS);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-bench-'));
    mkdirSync(localAreaDir(dataDir, 'uploads'), { recursive: true });
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    });
    if (bench.pglite) {
      const stop = await listenOnPglite(bench.handle.db, bench.pglite);
      cleanups.push(stop);
    } else {
      const listening = await listenForInvalidations(bench.handle.db, {
        connectionString: url as string,
        logger: silentLogger(),
      });
      cleanups.push(() => listening.close());
    }
    const app = createApp({ db: bench.handle.db, env, logger: silentLogger() });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const rows = (await bench.handle.db.execute(
      `select id from campaigns where status = 'active' order by id offset ${Math.floor(ROWS / 2)} limit 1`,
    )) as unknown as { rows: Array<{ id: number }> };
    const target = `http://127.0.0.1:${address.port}/api/campaigns/${rows.rows[0]?.id}`;
    const first = await fetch(target);
    const etag = first.headers.get('etag');
    if (first.status !== 200 || !etag) throw new Error(`by id answered ${first.status}, ETag ${etag}`);
    await first.arrayBuffer();
    const peerTarget = PEER_URL ? `${PEER_URL}/api/campaigns/${rows.rows[0]?.id}` : undefined;
    if (peerTarget) await checkPeer(peerTarget);

    const runs: Record<CaseName, LoadResult[]> = { cached: [], uncached: [], '304': [], peer: [] };
    const load = async (name: CaseName, headers?: Record<string, string>) => {
      const result = await runLoad(name === 'peer' ? (peerTarget as string) : target, {
        connections: CONNECTIONS,
        duration: DURATION,
        ...(headers ? { headers } : {}),
      });
      if (name === '304') {
        if (result.errors || result.timeouts || result.statusCodes['304'] !== result.requests)
          throw new Error(`304 case: ${JSON.stringify(result.statusCodes)}`);
      } else assertAllOk(name, result);
      runs[name].push(result);
    };
    await runLoad(target, { connections: CONNECTIONS, duration: 1 }); // warm-up
    for (let round = 0; round < ROUNDS; round += 1) {
      setPublicAnswerCache(true);
      await load('cached');
      await load('304', { 'if-none-match': etag });
      setPublicAnswerCache(false);
      await load('uncached');
      if (peerTarget) await load('peer');
    }
    setPublicAnswerCache(true);

    console.log(
      `\nby id, ${bench.label}, ${ROWS.toLocaleString('en-US')} campaigns, ${CONNECTIONS} connections, ` +
        `${DURATION} s x ${ROUNDS} rounds (median), load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    console.log('case        req/s     p50 ms  p99 ms  server CPU ms/req');
    const summary: Record<string, { rps: number; p50: number; p99: number; cpuMsPerRequest: number }> = {};
    for (const name of ['cached', '304', 'uncached', 'peer'] as const) {
      const results = runs[name];
      if (results.length === 0) continue;
      const rps = median(results.map((r) => r.requestsPerSecond));
      const p50 = median(results.map((r) => r.p50));
      const p99 = median(results.map((r) => r.p99));
      const cpu = median(results.map((r) => (r.serverCpuMs ?? 0) / Math.max(1, r.requests)));
      summary[name] = { rps, p50, p99, cpuMsPerRequest: cpu };
      console.log(
        `${name.padEnd(10)} ${rps.toFixed(0).padStart(7)}  ${p50.toFixed(1).padStart(7)} ${p99.toFixed(1).padStart(7)}  ${cpu.toFixed(3).padStart(8)}`,
      );
    }
    const ratio =
      median(runs.cached.map((r) => r.requestsPerSecond)) /
      median(runs.uncached.map((r) => r.requestsPerSecond));
    console.log(`cached / uncached: ${ratio.toFixed(2)}x`);
    const peerRatio = summary.peer && summary.cached ? summary.cached.rps / summary.peer.rps : undefined;
    if (peerRatio !== undefined) {
      console.log(
        `cached / peer: ${peerRatio.toFixed(2)}x (target >= 10x) ${peerRatio >= 10 ? 'PASS' : 'MISS'}`,
      );
    }
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          database: bench.label,
          rows: ROWS,
          connections: CONNECTIONS,
          duration: DURATION,
          rounds: ROUNDS,
          loadAfter: loadavg(),
          peer: peerTarget ?? null,
          summary,
          cachedOverUncached: ratio,
          cachedOverPeer: peerRatio ?? null,
        },
        null,
        2,
      ),
    );
  } finally {
    stopLoadClient();
    while (cleanups.length > 0)
      await cleanups
        .pop()?.()
        .catch((error: unknown) => console.error(error));
  }
}

/** The peer answers this id with 200 and a JSON campaign of the same id (else the comparison is meaningless). */
async function checkPeer(target: string): Promise<void> {
  const answer = await fetch(target);
  const body = (await answer.json().catch(() => null)) as { id?: unknown } | null;
  if (answer.status !== 200 || String(body?.id) !== target.split('/').pop()) {
    throw new Error(
      `the peer answered ${answer.status} for ${target}: ${JSON.stringify(body)?.slice(0, 200)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
