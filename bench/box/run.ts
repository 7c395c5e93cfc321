/**
 * `npm run bench -- --suite box` (issue 37): one campaign with 10,000 applicants who chose among 20 variants of its
 * PR box; the review page's applicants (first page, newest), the shipping list (the applicants in progress, whose
 * boxes are packed and shipped from the review page) and the packing summary per SKU, each loaded at 10 connections
 * as a signed-in Manager. Target: p99 < 50 ms on PostgreSQL. See bench/README.md.
 *
 * Knobs (environment): DATABASE_URL (PostgreSQL; else in-memory PGlite), BOX_APPLICANTS (10000), BOX_VARIANTS (20),
 * BENCH_DURATION (s, 5), BENCH_CONNECTIONS (10), BENCH_ROUNDS (3: the median run is reported), BENCH_POOL_SIZE (10),
 * BOX_ANSWER_CACHE=0 (no kept admin pages, decision 0049: every answer computed).
 */
import type { Server } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { serve } from '@hono/node-server';
import { createBenchDatabase } from '../database';
import { numberEnv } from '../env';
import { assertAllOk, type LoadResult, runLoad, stopLoadClient } from '../load';
import { boxApp } from './app';
import { BOX_CASES, BOX_MANAGER, seedBoxCampaign } from './seed';

const APPLICANTS = Math.round(numberEnv('BOX_APPLICANTS', 10_000));
const VARIANTS = Math.round(numberEnv('BOX_VARIANTS', 20));
const DURATION = numberEnv('BENCH_DURATION', 5);
const CONNECTIONS = Math.round(numberEnv('BENCH_CONNECTIONS', 10));
const ROUNDS = Math.round(numberEnv('BENCH_ROUNDS', 3));
const POOL_SIZE = Math.round(numberEnv('BENCH_POOL_SIZE', 10));
const MAX_P99_MS = 50;
const ORIGIN = 'http://localhost:3000';
const MANAGER = BOX_MANAGER;
const CASES = BOX_CASES;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

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
    const campaignId = await seedBoxCampaign(bench.handle, APPLICANTS, VARIANTS);
    const { app, close } = await boxApp(bench);
    cleanups.push(close);
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
