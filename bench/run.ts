/**
 * `npm run bench`: our real app against a "ceiling" (bare node:http + the driver, same SQL, same JSON) on a fresh
 * database of BENCH_ROWS campaigns. PostgreSQL when DATABASE_URL is set (a throwaway schema, see database.ts),
 * in-memory PGlite otherwise. Prints one table and writes bench/results/latest.json. See bench/README.md.
 *
 * Knobs (environment): BENCH_DURATION (s, 10), BENCH_CONNECTIONS (50), BENCH_ROWS (100000), BENCH_POOL_SIZE (10),
 * BENCH_DEEP_PAGES (200), BENCH_WARMUP (s, min(2, duration)), BENCH_ROUNDS (3: app then ceiling, alternated this
 * many times per case; the median run of each is reported), BENCH_LATENCY_CONNECTIONS (10: one more run per case
 * and server at this concurrency for p99), BENCH_COUNT_CACHE (0: no totals cache in app or ceiling),
 * BENCH_PG_ISOLATION (auto | schema | database),
 * BENCH_EXTRA_SQL (statements run after seeding, to try an index before writing its migration), BENCH_CASES
 * (comma-separated words; only the cases whose name contains one of them run).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, platform, release, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { loadEnv } from '../src/config/env';
import { type Database, schema } from '../src/db/client';
import { brandTrackRecord } from '../src/db/queries/campaign-badges';
import { setCampaignCountCache } from '../src/db/queries/campaign-count-cache';
import { decodeCampaignCursor } from '../src/db/queries/campaign-list-filters';
import { getPublicCampaign, listPublicCampaigns } from '../src/db/queries/campaigns';
import { createApp } from '../src/server/http/app';
import { localAreaDir } from '../src/server/integrations/file-storage/local-file-store';
import { silentLogger } from '../src/server/process/logger';
import {
  badgesQuery,
  byIdQuery,
  type Ceiling,
  type ListParams,
  listQueries,
  type SqlQuery,
  startCeiling,
} from './ceiling';
import { type CpuUsage, cpuBetween, machineLoad, sampleCpu } from './cpu';
import { type BenchDatabase, createBenchDatabase } from './database';
import { numberEnv } from './env';
import { formatLighthouse, runLighthouse } from './lighthouse';
import { assertAllOk, type LoadResult, runLoad } from './load';
import { type SeedStats, seedCampaigns } from './seed';

const DURATION = numberEnv('BENCH_DURATION', 10);
const CONNECTIONS = Math.round(numberEnv('BENCH_CONNECTIONS', 50));
const ROWS = Math.round(numberEnv('BENCH_ROWS', 100_000));
const POOL_SIZE = Math.round(numberEnv('BENCH_POOL_SIZE', 10));
const DEEP_PAGES = Math.round(numberEnv('BENCH_DEEP_PAGES', 200));
const WARMUP = numberEnv('BENCH_WARMUP', Math.min(2, DURATION));
const ROUNDS = Math.round(numberEnv('BENCH_ROUNDS', 3));
/** Connections of the latency run: p99 is judged at this concurrency (the throughput runs use CONNECTIONS). */
const LATENCY_CONNECTIONS = Math.round(numberEnv('BENCH_LATENCY_CONNECTIONS', 10));
/** The target: every case at this share of the ceiling or better. */
const TARGET_SHARE = 75;
/** The target for listings with the totals cache off: this share of the cached figure or better. */
const COUNT_TARGET_SHARE = 80;
const EXTRA_SQL = process.env.BENCH_EXTRA_SQL?.trim() || undefined;
/** BENCH_COUNT_CACHE=0: neither the app nor the ceiling keeps totals; every listing counts. */
const COUNT_CACHE = process.env.BENCH_COUNT_CACHE?.trim() !== '0';
const ONLY = (process.env.BENCH_CASES ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'latest.json');

interface BenchCase {
  name: string;
  path: string;
  /** What the app's query function is called with for this path (null: GET by id). */
  list: ListParams | null;
  id?: number;
}

interface CaseResult {
  name: string;
  path: string;
  app: Measured;
  ceiling: Measured;
  shareOfCeiling: number;
  pass: boolean;
  /** The latency run at LATENCY_CONNECTIONS connections. */
  appAt10: LoadResult;
  ceilingAt10: LoadResult;
  appBytes: ResponseBytes;
  ceilingBytes: ResponseBytes;
  /** PostgreSQL: the plans of the listing's statements (EXPLAIN ANALYZE of a prepared run). */
  plans: PlanSummary[];
  /**
   * Listings, when the totals cache is on: the app with the cache switched off, measured in the same rounds, and
   * its share of the cached figure (target 2: counts never spike, at least COUNT_TARGET_SHARE).
   */
  countCacheOff?: { app: Measured; shareOfCached: number; pass: boolean };
}

interface ResponseBytes {
  headers: number;
  body: number;
}

/** What one answer costs on the wire: the status line and headers as sent, and the body (no compression asked). */
function responseBytes(url: string): Promise<ResponseBytes> {
  return new Promise((resolve, reject) => {
    httpGet(url, (res) => {
      let body = 0;
      res.on('data', (chunk: Buffer) => {
        body += chunk.length;
      });
      res.on('end', () => {
        const statusLine = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length;
        let headers = statusLine + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          headers += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        }
        resolve({ headers, body });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

const log = (message: string) => console.log(`[bench] ${message}`);

async function getJson(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

async function listen(server: Server): Promise<string> {
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Follows nextCursor from the first page, `pages` times, through our app; returns the last cursor. */
async function deepCursor(appUrl: string, pages: number): Promise<{ cursor: string; rowsSkipped: number }> {
  let cursor: string | null = null;
  let rowsSkipped = 0;
  for (let page = 0; page < pages; page++) {
    const url = `${appUrl}/api/campaigns${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { status, text } = await getJson(url);
    if (status !== 200)
      throw new Error(`following the cursor chain: page ${page + 1} answered ${status}: ${text}`);
    const body = JSON.parse(text) as { items: unknown[]; nextCursor: string | null };
    rowsSkipped += body.items.length;
    if (!body.nextCursor) throw new Error(`the cursor chain ended after ${page + 1} pages`);
    cursor = body.nextCursor;
  }
  if (!cursor) throw new Error('no cursor');
  return { cursor, rowsSkipped };
}

/** Records the SQL a drizzle instance sends, to compare with what the ceiling sends. */
function recordingDatabase(bench: BenchDatabase): { db: Database; sent: SqlQuery[] } {
  const sent: SqlQuery[] = [];
  const logger: Logger = { logQuery: (text, params) => sent.push({ text, params }) };
  const options = { schema, casing: 'snake_case' as const, logger };
  if (bench.pglite) return { db: drizzlePglite(bench.pglite, options) as unknown as Database, sent };
  if (!bench.handle.pool) throw new Error('PostgreSQL handle without a pool');
  return { db: drizzleNodePg(bench.handle.pool, options) as unknown as Database, sent };
}

const canonical = (queries: SqlQuery[]) =>
  queries
    .map((q) => JSON.stringify([q.text, q.params.map((p) => (p instanceof Date ? p.toISOString() : p))]))
    .sort();

/** JSON text with object keys sorted, so two bodies compare by content, not by key order. */
function canonicalJson(text: string): string {
  const sortKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, inner]) => [key, sortKeys(inner)]),
      );
    }
    return value;
  };
  return JSON.stringify(sortKeys(JSON.parse(text)));
}

/** The clock the same-SQL check renders the badge statement with (its one time parameter). */
const CHECK_NOW = new Date('2026-01-01T00:00:00Z');

/**
 * Before any load: the ceiling must send the very SQL our query functions send, and both servers must answer
 * 200 with the same JSON (same fields, same values).
 */
async function checkCase(bench: BenchDatabase, c: BenchCase, appUrl: string, ceilingUrl: string) {
  const recorder = recordingDatabase(bench);
  let ceilingQueries: SqlQuery[];
  if (c.list) {
    await listPublicCampaigns(recorder.db, c.list);
    // Without a keyword the page statement carries the total; the total statement runs only for an empty page.
    const { page, total, totalInPage } = listQueries(c.list);
    ceilingQueries = totalInPage ? [page] : [page, total];
  } else {
    // The answer carries the brand's badges (publicCampaignDetail): the same two statements on both sides.
    const campaign = await getPublicCampaign(recorder.db, c.id ?? 0);
    const brand = campaign?.brand ?? '';
    await brandTrackRecord(recorder.db, brand, CHECK_NOW);
    ceilingQueries = [byIdQuery(c.id ?? 0), badgesQuery(brand, CHECK_NOW)];
  }
  const ours = canonical(recorder.sent);
  const theirs = canonical(ceilingQueries);
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
    throw new Error(
      `${c.name}: the ceiling's SQL differs from the app's\n  app:     ${ours.join('\n           ')}\n` +
        `  ceiling: ${theirs.join('\n           ')}`,
    );
  }

  const [app, ceiling] = await Promise.all([getJson(appUrl + c.path), getJson(ceilingUrl + c.path)]);
  if (app.status !== 200 || ceiling.status !== 200) {
    throw new Error(
      `${c.name}: app answered ${app.status}, ceiling ${ceiling.status}: ${app.text.slice(0, 300)}`,
    );
  }
  if (canonicalJson(app.text) !== canonicalJson(ceiling.text)) {
    throw new Error(
      `${c.name}: app and ceiling bodies differ\n  app:     ${app.text.slice(0, 400)}\n  ceiling: ${ceiling.text.slice(0, 400)}`,
    );
  }
  const body = JSON.parse(app.text) as { items?: unknown[]; total?: number };
  return body.items ? `${body.items.length} items of ${body.total}` : '1 campaign';
}

/**
 * autocannon stops sending at the deadline, but the server still owes answers to the requests it had accepted
 * (on PGlite they queue for the single connection). One plain request afterwards waits for that backlog, so the
 * next run starts on an idle server.
 */
async function drain(url: string) {
  const { status, text } = await getJson(url);
  if (status !== 200) throw new Error(`after load, ${url} answered ${status}: ${text.slice(0, 300)}`);
}

interface PlanSummary {
  statement: 'page' | 'total';
  /** The plan's scan nodes, one line each (`Index Scan using … on campaigns`). */
  scans: string[];
  executionMs: number;
}

/**
 * How PostgreSQL runs a listing's two statements the way the app's named statements run them: prepared, executed
 * seven times (after five runs PostgreSQL may switch to a generic plan), then EXPLAIN ANALYZE of the next run.
 */
async function explainCase(bench: BenchDatabase, params: ListParams): Promise<PlanSummary[]> {
  if (!bench.handle.pool) return [];
  const client = await bench.handle.pool.connect();
  const summaries: PlanSummary[] = [];
  try {
    const { page, total, totalInPage } = listQueries(params);
    const statements: Array<readonly ['page' | 'total', SqlQuery]> = [['page', page]];
    if (!totalInPage) statements.push(['total', total]);
    for (const [statement, query] of statements) {
      const name = `bench_explain_${statement}`;
      const literal = (value: unknown) =>
        typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
      const args = query.params.length > 0 ? `(${query.params.map(literal).join(', ')})` : '';
      await client.query(`PREPARE ${name} AS ${query.text}`);
      try {
        for (let i = 0; i < 7; i++) await client.query(`EXECUTE ${name}${args}`);
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, COSTS off) EXECUTE ${name}${args}`,
        );
        const lines = plan.rows.map((row) => row['QUERY PLAN']);
        summaries.push({
          statement,
          scans: lines
            .filter((line) => /Scan/.test(line))
            .map((line) => line.replace(/^[\s->]+/, '').replace(/\s*\(actual.*$/, '')),
          executionMs: Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? Number.NaN),
        });
      } finally {
        await client.query(`DEALLOCATE ${name}`);
      }
    }
  } finally {
    client.release();
  }
  return summaries;
}

type Measured = LoadResult & { cpu: CpuUsage };

async function measure(label: string, url: string): Promise<Measured> {
  if (WARMUP > 0) {
    const warm = await runLoad(url, { connections: CONNECTIONS, duration: WARMUP });
    assertAllOk(`${label} (warm-up)`, warm);
    await drain(url);
  }
  const before = sampleCpu();
  const result = await runLoad(url, { connections: CONNECTIONS, duration: DURATION });
  const cpu = cpuBetween(before, sampleCpu(), result.requests);
  assertAllOk(label, result);
  await drain(url);
  return { ...result, cpu };
}

/** With several rounds, the run with the median req/s (the lower middle one for an even count). */
function medianRun(runs: Measured[]): Measured {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('no run');
  return middle;
}

const fixed = (value: number | null, digits: number) => (value === null ? '?' : value.toFixed(digits));

function formatTable(results: CaseResult[]): string {
  const header = [
    'case',
    'app req/s',
    'ceiling req/s',
    'share',
    `>= ${TARGET_SHARE}%`,
    `app p99 @${LATENCY_CONNECTIONS} ms`,
    `ceiling p99 @${LATENCY_CONNECTIONS} ms`,
    `app p99 @${CONNECTIONS} ms`,
    'CPU ms/req app',
    'CPU ms/req ceiling',
    'bytes app (hdr+body)',
    'bytes ceiling',
    'app req/s, count cache off',
    `share of cached (>= ${COUNT_TARGET_SHARE}%)`,
  ];
  const bytes = (b: ResponseBytes) => `${b.headers}+${b.body}`;
  const rows = results.map((r) => [
    r.name,
    r.app.requestsPerSecond.toFixed(0),
    r.ceiling.requestsPerSecond.toFixed(0),
    `${r.shareOfCeiling.toFixed(1)}%`,
    r.pass ? 'PASS' : 'MISS',
    r.appAt10.p99.toFixed(1),
    r.ceilingAt10.p99.toFixed(1),
    r.app.p99.toFixed(1),
    fixed(r.app.cpu.mainThreadMsPerRequest, 2),
    fixed(r.ceiling.cpu.mainThreadMsPerRequest, 2),
    bytes(r.appBytes),
    bytes(r.ceilingBytes),
    r.countCacheOff ? r.countCacheOff.app.requestsPerSecond.toFixed(0) : '-',
    r.countCacheOff
      ? `${r.countCacheOff.shareOfCached.toFixed(1)}% ${r.countCacheOff.pass ? 'PASS' : 'MISS'}`
      : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The machine the figures were measured on, for the README and the results file. */
function machineInfo() {
  const cpu = cpus()[0];
  return {
    cpu: cpu?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    os: `${platform()} ${release()}`,
    node: process.version,
  };
}

async function main() {
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop();
      await step?.().catch((error: unknown) => console.error('[bench] cleanup failed:', error));
    }
  };
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`[bench] ${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
    const bench = await createBenchDatabase({
      url: databaseUrl,
      poolSize: POOL_SIZE,
      isolation: process.env.BENCH_PG_ISOLATION,
    });
    cleanups.push(() => bench.destroy());
    log(`database: ${bench.label}`);

    log(`seeding ${ROWS.toLocaleString('en-US')} campaigns…`);
    const seed: SeedStats = await seedCampaigns(bench.handle, ROWS);
    log(
      `seeded in ${seed.seconds.toFixed(1)} s: ${seed.publicRows} public; platforms ${JSON.stringify(seed.byPlatform)}; ` +
        `statuses ${JSON.stringify(seed.byStatus)}; 'serum' hits ${seed.serumHits} ` +
        `(${((100 * seed.serumHits) / seed.publicRows).toFixed(1)}% of public)`,
    );
    if (EXTRA_SQL) {
      // To try a proposed index or migration before writing it: applied after the seed, then re-analysed.
      log(`BENCH_EXTRA_SQL: ${EXTRA_SQL}`);
      await bench.handle.exec(EXTRA_SQL);
      await bench.handle.exec('VACUUM ANALYZE');
    }

    const dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-bench-'));
    mkdirSync(localAreaDir(dataDir, 'uploads'), { recursive: true });
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    });
    const app = createApp({ db: bench.handle.db, env, logger: silentLogger() });
    const appServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          appServer.closeAllConnections();
          appServer.close(() => resolve());
        }),
    );
    const appUrl = await listen(appServer);

    setCampaignCountCache(COUNT_CACHE);
    const ceiling: Ceiling = await startCeiling(
      bench.postgres
        ? { kind: 'postgres', ...bench.postgres }
        : { kind: 'pglite', client: bench.pglite as NonNullable<typeof bench.pglite> },
      { countCache: COUNT_CACHE },
    );
    cleanups.push(() => ceiling.close());
    log(`app on ${appUrl}, ceiling on ${ceiling.url}`);

    const deep = await deepCursor(appUrl, DEEP_PAGES);
    const idRows = (
      (await bench.handle.db.execute<{ id: number }>(
        `select id from campaigns where status = 'active' order by id offset ${Math.floor(ROWS / 2)} limit 1`,
      )) as unknown as { rows: Array<{ id: number }> }
    ).rows;
    const id = Number(idRows[0]?.id);
    if (!Number.isInteger(id)) throw new Error('no active campaign to fetch by id');

    const allCases: BenchCase[] = [
      { name: 'first page', path: '/api/campaigns', list: { limit: 8 } },
      {
        name: 'platform=tiktok',
        path: '/api/campaigns?platform=tiktok',
        list: { limit: 8, platform: 'tiktok' },
      },
      { name: 'q=serum', path: '/api/campaigns?q=serum', list: { limit: 8, q: 'serum' } },
      {
        name: `deep page (${DEEP_PAGES + 1})`,
        path: `/api/campaigns?cursor=${encodeURIComponent(deep.cursor)}`,
        list: {
          limit: 8,
          cursor: decodeCampaignCursor(deep.cursor) ?? undefined,
        },
      },
      { name: 'by id', path: `/api/campaigns/${id}`, list: null, id },
    ];
    const cases =
      ONLY.length > 0 ? allCases.filter((c) => ONLY.some((word) => c.name.includes(word))) : allCases;
    if (cases.length === 0)
      throw new Error(`BENCH_CASES matches no case (cases: ${allCases.map((c) => c.name)})`);

    const plans = new Map<string, PlanSummary[]>();
    for (const c of cases) {
      const what = await checkCase(bench, c, appUrl, ceiling.url);
      log(`check ${c.name}: same SQL, same 200 body (${what})`);
      if (c.list) {
        const summaries = await explainCase(bench, c.list);
        plans.set(c.name, summaries);
        for (const plan of summaries) {
          log(`  plan ${plan.statement}: ${plan.scans.join(' / ')} (${plan.executionMs.toFixed(2)} ms)`);
        }
      }
    }
    // The keyword case must reach its matches through the trigram index, not by reading the table.
    const keywordPlans = [...plans].filter(([name]) => name.startsWith('q='));
    for (const [name, summaries] of keywordPlans) {
      const trigram = summaries.some((plan) => plan.scans.some((scan) => scan.includes('_trgm_')));
      log(
        `${name}: trigram index ${trigram ? 'used' : 'NOT used'} (EXPLAIN ANALYZE of the prepared statements)`,
      );
    }

    const loadBefore = machineLoad();
    log(
      `load: ${CONNECTIONS} connections, ${DURATION} s per run (+${WARMUP} s warm-up), ${ROUNDS} round(s), ` +
        'cases one after another; ' +
        `machine load average ${loadBefore.loadAverage1m.toFixed(1)} on ${loadBefore.cores} cores`,
    );
    if (loadBefore.loadAverage1m > loadBefore.cores) {
      log(
        'warning: the machine is already busy; other processes compete with this run, figures will be noisy',
      );
    }
    const results: CaseResult[] = [];
    for (const c of cases) {
      const appRounds: Measured[] = [];
      const ceilingRounds: Measured[] = [];
      // With the totals cache on, each round of a listing also loads the app with it off (target 2, same run).
      const uncachedRounds: Measured[] = [];
      const compareUncached = COUNT_CACHE && c.list !== null;
      for (let round = 0; round < ROUNDS; round++) {
        appRounds.push(await measure(`app ${c.name}`, appUrl + c.path));
        ceilingRounds.push(await measure(`ceiling ${c.name}`, ceiling.url + c.path));
        if (compareUncached) {
          setCampaignCountCache(false);
          try {
            uncachedRounds.push(await measure(`app ${c.name}, count cache off`, appUrl + c.path));
          } finally {
            setCampaignCountCache(true);
          }
        }
      }
      const appResult = medianRun(appRounds);
      const ceilingResult = medianRun(ceilingRounds);
      let countCacheOff: CaseResult['countCacheOff'];
      if (compareUncached) {
        const uncached = medianRun(uncachedRounds);
        const shareOfCached = (100 * uncached.requestsPerSecond) / appResult.requestsPerSecond;
        countCacheOff = { app: uncached, shareOfCached, pass: shareOfCached >= COUNT_TARGET_SHARE };
      }
      const share = (100 * appResult.requestsPerSecond) / ceilingResult.requestsPerSecond;
      const latency = { connections: LATENCY_CONNECTIONS, duration: DURATION };
      const appAt10 = await runLoad(appUrl + c.path, latency);
      assertAllOk(`app ${c.name} @${LATENCY_CONNECTIONS}`, appAt10);
      await drain(appUrl + c.path);
      const ceilingAt10 = await runLoad(ceiling.url + c.path, latency);
      assertAllOk(`ceiling ${c.name} @${LATENCY_CONNECTIONS}`, ceilingAt10);
      await drain(ceiling.url + c.path);
      results.push({
        name: c.name,
        path: c.path,
        app: appResult,
        ceiling: ceilingResult,
        shareOfCeiling: share,
        pass: share >= TARGET_SHARE,
        appAt10,
        ceilingAt10,
        appBytes: await responseBytes(appUrl + c.path),
        ceilingBytes: await responseBytes(ceiling.url + c.path),
        plans: plans.get(c.name) ?? [],
        countCacheOff,
      });
      log(
        `${c.name}: app ${appResult.requestsPerSecond.toFixed(0)} req/s (p99 ${appResult.p99} ms, ` +
          `${fixed(appResult.cpu.mainThreadMsPerRequest, 2)} ms main-thread CPU/req, ` +
          `machine ${fixed(appResult.cpu.machineBusyPercent, 0)}% busy); ` +
          `ceiling ${ceilingResult.requestsPerSecond.toFixed(0)} req/s (p99 ${ceilingResult.p99} ms, ` +
          `${fixed(ceilingResult.cpu.mainThreadMsPerRequest, 2)} ms/req, ` +
          `machine ${fixed(ceilingResult.cpu.machineBusyPercent, 0)}% busy)` +
          (countCacheOff
            ? `; app with the count cache off ${countCacheOff.app.requestsPerSecond.toFixed(0)} req/s ` +
              `(${countCacheOff.shareOfCached.toFixed(1)}% of cached)`
            : ''),
      );
    }

    console.log('');
    const machine = machineInfo();
    console.log(
      `${bench.handle.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'} — ${ROWS.toLocaleString('en-US')} campaigns, ` +
        `count cache ${COUNT_CACHE ? 'on' : 'off'}, median of ${ROUNDS} interleaved round(s), ` +
        `${CONNECTIONS} connections (p99 also at ${LATENCY_CONNECTIONS}); ` +
        `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.node}; ` +
        `load average ${loadBefore.loadAverage1m.toFixed(1)} before, ${machineLoad().loadAverage1m.toFixed(1)} after`,
    );
    console.log(formatTable(results));
    const missed = results.filter((r) => !r.pass).map((r) => r.name);
    console.log(
      missed.length === 0
        ? `every case at ${TARGET_SHARE}% of the ceiling or better`
        : `below ${TARGET_SHARE}% of the ceiling: ${missed.join(', ')}`,
    );
    const compared = results.filter((r) => r.countCacheOff);
    if (compared.length > 0) {
      const spikes = compared.filter((r) => !r.countCacheOff?.pass).map((r) => r.name);
      console.log(
        spikes.length === 0
          ? `with the count cache off every listing keeps ${COUNT_TARGET_SHARE}% of its cached throughput or more`
          : `with the count cache off, below ${COUNT_TARGET_SHARE}% of the cached throughput: ${spikes.join(', ')}`,
      );
    }
    const slow = results.filter((r) => r.appAt10.p99 >= 20).map((r) => r.name);
    console.log(
      slow.length === 0
        ? `p99 at ${LATENCY_CONNECTIONS} connections under 20 ms in every case`
        : `p99 at ${LATENCY_CONNECTIONS} connections 20 ms or more: ${slow.join(', ')}`,
    );

    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          driver: bench.handle.driver,
          database: bench.label,
          node: process.version,
          machine,
          machineBefore: loadBefore,
          machineAfter: machineLoad(),
          settings: {
            rows: ROWS,
            durationSeconds: DURATION,
            warmupSeconds: WARMUP,
            connections: CONNECTIONS,
            poolSize: POOL_SIZE,
            deepPages: DEEP_PAGES,
            rounds: ROUNDS,
            latencyConnections: LATENCY_CONNECTIONS,
            countCache: COUNT_CACHE,
            targetShare: TARGET_SHARE,
            countTargetShare: COUNT_TARGET_SHARE,
            extraSql: EXTRA_SQL ?? null,
            cases: ONLY.length > 0 ? ONLY : 'all',
          },
          seed,
          cases: results,
        },
        null,
        2,
      )}\n`,
    );
    log(`written ${path.relative(process.cwd(), RESULTS_FILE)}`);
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** The API load bench, then (unless BENCH_LIGHTHOUSE=false) Lighthouse's mobile audit of / and /campaign/:id. */
async function runAll() {
  await main();
  if (process.exitCode) return;
  if (process.env.BENCH_LIGHTHOUSE === 'false') return;
  console.log('\n[bench] Lighthouse, mobile, production build (median of 3 runs per page)');
  console.log(formatLighthouse(await runLighthouse()));
}

/**
 * `npm run bench -- --suite operator`: the signed-in pages on the operator-size data set (bench/operator/run.ts);
 * `--suite box`: a campaign with 10,000 applicants over 20 variants (bench/box/run.ts, issue 37).
 */
function suite(): string {
  const at = process.argv.indexOf('--suite');
  if (at >= 0) return process.argv[at + 1] ?? '';
  return process.argv.find((arg) => arg.startsWith('--suite='))?.slice('--suite='.length) ?? 'catalogue';
}

const chosen = suite();
if (chosen !== 'catalogue' && chosen !== 'operator' && chosen !== 'box') {
  console.error(`[bench] unknown suite ${chosen}: catalogue (the default), operator or box`);
  process.exit(2);
}
(chosen === 'operator'
  ? import('./operator/run').then((operator) => operator.runOperatorSuite())
  : chosen === 'box'
    ? import('./box/run').then((box) => box.runBoxSuite())
    : runAll()
).catch((error: unknown) => {
  console.error(`[bench] FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
