/**
 * `npm run bench -- --suite box` (issue 37): one campaign with 10,000 applicants who chose among 20 variants of its
 * PR box; the review page's applicants (first page, newest), the shipping list (the applicants in progress, whose
 * boxes are packed and shipped from the review page) and the packing summary per SKU, each loaded at 10 connections
 * as a signed-in Manager. Target: p99 < 50 ms on PostgreSQL. See bench/README.md.
 *
 * Knobs (environment): DATABASE_URL (PostgreSQL; else in-memory PGlite), BOX_APPLICANTS (10000), BOX_VARIANTS (20),
 * BENCH_DURATION (s, 5), BENCH_CONNECTIONS (10), BENCH_ROUNDS (3: the median run is reported), BENCH_POOL_SIZE (10).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadEnv } from '../../src/config/env';
import type { DatabaseHandle } from '../../src/db/client';
import { createAuth } from '../../src/server/auth/auth';
import { createApp } from '../../src/server/http/app';
import { localAreaDir } from '../../src/server/integrations/file-storage/local-file-store';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { createBenchDatabase } from '../database';
import { numberEnv } from '../env';
import { assertAllOk, type LoadResult, runLoad, stopLoadClient } from '../load';
import { boxSeedSql } from './seed';

const APPLICANTS = Math.round(numberEnv('BOX_APPLICANTS', 10_000));
const VARIANTS = Math.round(numberEnv('BOX_VARIANTS', 20));
const DURATION = numberEnv('BENCH_DURATION', 5);
const CONNECTIONS = Math.round(numberEnv('BENCH_CONNECTIONS', 10));
const ROUNDS = Math.round(numberEnv('BENCH_ROUNDS', 3));
const POOL_SIZE = Math.round(numberEnv('BENCH_POOL_SIZE', 10));
const MAX_P99_MS = 50;
const ORIGIN = 'http://localhost:3000';
const MANAGER = {
  email: 'packer@bench.mintbox.test',
  username: 'packer',
  password: 'bench password of the box set',
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const CASES = [
  { name: 'review page', path: (id: number) => `/api/admin/campaigns/${id}/applications` },
  { name: 'shipping list', path: (id: number) => `/api/admin/campaigns/${id}/applications?group=progress` },
  { name: 'packing summary', path: (id: number) => `/api/admin/campaigns/${id}/packing` },
] as const;

async function seed(handle: DatabaseHandle): Promise<number> {
  const started = performance.now();
  for (const statement of boxSeedSql(APPLICANTS, VARIANTS)) await handle.exec(statement);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `[box] seeded ${APPLICANTS.toLocaleString('en-US')} applicants over ${VARIANTS} variants in ${seconds} s`,
  );
  const rows = (await handle.db.execute(`select id from campaigns order by id desc limit 1`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  return Number(rows.rows[0]?.id);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) =>
    server.listening ? resolve() : server.once('listening', () => resolve()),
  );
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export async function runBoxSuite(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim() || undefined;
  const bench = await createBenchDatabase({ url, poolSize: POOL_SIZE });
  const cleanups: Array<() => Promise<unknown>> = [() => bench.destroy()];
  try {
    const campaignId = await seed(bench.handle);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-bench-box-'));
    mkdirSync(localAreaDir(dataDir, 'uploads'), { recursive: true });
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    });
    const logger = silentLogger();
    const db = bench.handle.db;
    // A Manager reads every page of the review and needs no second factor (issue 39), so the run signs in once.
    await upsertAdmin(db, createAuth({ db, env, logger }), { ...MANAGER, role: 'manager' });
    const app = createApp({ db, env, logger });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const base = await listen(server);
    const signIn = await fetch(`${base}/api/auth/admin-sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ username: MANAGER.username, password: MANAGER.password }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie, origin: ORIGIN };

    const results = new Map<string, LoadResult[]>();
    for (const c of CASES) {
      const answer = await fetch(`${base}${c.path(campaignId)}`, { headers });
      const body = await answer.text();
      if (answer.status !== 200)
        throw new Error(`${c.name} answered ${answer.status}: ${body.slice(0, 200)}`);
      console.log(`[box] ${c.name}: 200, ${body.length.toLocaleString('en-US')} bytes`);
      await runLoad(`${base}${c.path(campaignId)}`, { connections: CONNECTIONS, duration: 1, headers }); // warm-up
      results.set(c.name, []);
    }
    const loadBefore = loadavg();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const c of CASES) {
        const result = await runLoad(`${base}${c.path(campaignId)}`, {
          connections: CONNECTIONS,
          duration: DURATION,
          headers,
        });
        assertAllOk(c.name, result);
        results.get(c.name)!.push(result);
      }
    }
    const loadAfter = loadavg();
    const fmt = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
    console.log(
      `\nbox, ${bench.label}, ${APPLICANTS.toLocaleString('en-US')} applicants over ${VARIANTS} variants, ` +
        `${CONNECTIONS} connections, ${DURATION} s x ${ROUNDS} rounds (median); ${cpus().length} cores, ` +
        `load average ${fmt(loadBefore)} before, ${fmt(loadAfter)} after`,
    );
    console.log('case              req/s   p50 ms  p99 ms  CPU ms/req  target');
    let missed = 0;
    for (const c of CASES) {
      const runs = results.get(c.name)!;
      const p99 = median(runs.map((r) => r.p99));
      const pass = p99 < MAX_P99_MS;
      if (!pass) missed += 1;
      console.log(
        `${c.name.padEnd(16)} ${median(runs.map((r) => r.requestsPerSecond))
          .toFixed(0)
          .padStart(6)}  ${median(runs.map((r) => r.p50))
          .toFixed(1)
          .padStart(6)}  ${p99.toFixed(1).padStart(6)}  ${median(
          runs.map((r) => (r.serverCpuMs ?? 0) / Math.max(1, r.requests)),
        )
          .toFixed(2)
          .padStart(10)}  ${pass ? 'PASS' : 'MISS'} (p99 < ${MAX_P99_MS} ms)`,
      );
    }
    if (loadBefore[0]! > cpus().length) {
      console.log(
        `note: the machine was busy (load average ${loadBefore[0]!.toFixed(1)} on ${cpus().length} cores)`,
      );
    }
    if (missed > 0) process.exitCode = 1;
  } finally {
    stopLoadClient();
    while (cleanups.length > 0)
      await cleanups
        .pop()?.()
        .catch((error: unknown) => console.error(error));
  }
}
