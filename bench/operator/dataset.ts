import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadEnv } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { conversationChecks, conversationsSql } from './generate-conversations-sql';
import {
  BENCH_PASSWORD,
  type OperatorSizes,
  operatorChecks,
  operatorSizes,
  operatorSql,
} from './generate-sql';
import { foreignKeysSql, keptTableChecks, keptTablesSql, plainIndexesSql } from './kept-tables';

export const BENCH_ADMIN = {
  email: 'ops@bench.mintbox.test',
  username: 'benchops',
  name: 'Bench Ops',
  password: BENCH_PASSWORD,
};

/**
 * The bench drops and rebuilds databases by these names, so a name must say it is a bench set (`mintbox_bench_…`, or a
 * branch's copy such as `wtb_bench`): never `test`, `postgres` or an app's database.
 */
const BENCH_NAME = /^[a-z0-9_]*bench[a-z0-9_]*$/;

type Executor = { execute(query: string): Promise<unknown> };

/** OPERATOR_BUILD_TRACE=1: after each statement of the build, the functions (triggers) it ran and their time. */
const TRACE = process.env.OPERATOR_BUILD_TRACE === '1';
const traced = new Map<string, number>();

async function traceFunctions(tx: Executor, log: (line: string) => void) {
  const result = (await tx.execute(
    'select funcname, calls::float8 as calls, total_time::float8 as total, self_time::float8 as self from pg_stat_xact_user_functions',
  )) as unknown as { rows: Array<{ funcname: string; calls: number; total: number; self: number }> };
  for (const row of result.rows) {
    const before = traced.get(row.funcname) ?? 0;
    traced.set(row.funcname, row.self);
    if (row.self - before >= 50)
      log(
        `           ${(row.self - before).toFixed(0).padStart(8)} ms self in ${row.funcname} (${row.calls} calls so far)`,
      );
  }
}

/** Bump when the generator changes: a database built by another version is built again. */
const GENERATOR_VERSION = 5;

export interface OperatorDataset {
  name: string;
  url: string;
  scale: number;
  sizes: OperatorSizes;
  /** Seconds the build took (0 when an existing database was reused). */
  builtSeconds: number;
  /** Rows per table as counted after the build. */
  counts: Record<string, number>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const COUNTED = [
  'users',
  'influencers',
  'campaigns',
  'applications',
  'submissions',
  'ledger_entries',
  'transactions',
  'payouts',
  'notifications',
  'content_metric_snapshots',
  'delivery_problems',
  'conversations',
  'conversation_messages',
];

/**
 * The data set at `scale` in the PostgreSQL database `name` on the server of `serverUrl` (never its `test`
 * database): created and built when missing or built by another generator version or scale, reused otherwise.
 * Migrations run every time, so a new index in the schema is tried on the existing data.
 */
export async function ensureOperatorDataset(
  serverUrl: string,
  name: string,
  scale: number,
  log: (line: string) => void,
): Promise<OperatorDataset> {
  if (!BENCH_NAME.test(name)) throw new Error(`refusing database name ${name}`);
  const sizes = operatorSizes(scale);
  const url = databaseUrl(serverUrl, name);
  const exists = await withClient(serverUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    return found.rowCount === 1;
  });
  let reuse = false;
  if (exists) {
    reuse = await withClient(url, async (client) => {
      const meta = await client
        .query<{ version: number; scale: number }>('select version, scale from bench_operator_meta')
        .catch(() => null);
      const row = meta?.rows[0];
      return row !== undefined && Number(row.version) === GENERATOR_VERSION && Number(row.scale) === scale;
    });
    if (!reuse) {
      log(`${name}: built by another generator or scale, or unfinished: dropping it`);
      await withClient(serverUrl, (client) => client.query(`DROP DATABASE "${name}" WITH (FORCE)`));
    }
  }
  if (!reuse) {
    await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    await withClient(url, (client) => client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public'));
  }

  const handle = await openDatabase({ url, poolSize: 2 });
  let builtSeconds = 0;
  try {
    await migrateDatabase(handle);
    if (!reuse) {
      const started = performance.now();
      await build(handle, sizes, scale, log);
      builtSeconds = (performance.now() - started) / 1000;
      log(`${name}: built in ${builtSeconds.toFixed(0)} s`);
    } else {
      log(`${name}: reusing the data set built before (scale ${scale}); migrations applied`);
      await handle.exec('ANALYZE');
    }
    const counts: Record<string, number> = {};
    for (const table of COUNTED) {
      const result = (await handle.db.execute(`select count(*)::int as n from ${table}`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      counts[table] = Number(result.rows[0]?.n ?? 0);
    }
    return { name, url, scale, sizes, builtSeconds, counts };
  } finally {
    await handle.close();
  }
}

/** Runs the statements in order, logging each one's time and row count (and, traced, the functions it ran). */
async function runTimed(tx: Executor, statements: string[], log: (line: string) => void) {
  for (const statement of statements) {
    const started = performance.now();
    const result = (await tx.execute(statement)) as { rowCount?: number | null };
    const first = statement.trim().split('\n')[0]?.slice(0, 90);
    log(
      `  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${result.rowCount ?? ''} ${first}`,
    );
    if (TRACE) await traceFunctions(tx, log);
  }
}

/** Every foreign key, checked once over the whole set (the rows were written without their per-row checks). */
async function checkForeignKeys(tx: Executor, log: (line: string) => void) {
  const started = performance.now();
  const keys = (await tx.execute(foreignKeysSql)) as { rows: Array<{ name: string; query: string }> };
  for (const key of keys.rows) {
    const result = (await tx.execute(key.query)) as { rows: Array<{ n: number }> };
    const violations = Number(result.rows[0]?.n ?? 0);
    if (violations > 0) throw new Error(`data set check failed: ${key.name}: ${violations} rows name no row`);
  }
  log(
    `  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${keys.rows.length} foreign keys checked`,
  );
}

async function build(
  handle: DatabaseHandle,
  sizes: OperatorSizes,
  scale: number,
  log: (line: string) => void,
) {
  const env = loadEnv({
    NODE_ENV: 'test',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });
  const auth = createAuth({ db: handle.db, env, logger: silentLogger() });
  const admin = await upsertAdmin(handle.db, auth, BENCH_ADMIN);
  const hash = await (await auth.$context).password.hash(BENCH_PASSWORD);
  const statements = [
    ...operatorSql(sizes, hash, admin.id, `${BENCH_ADMIN.name} <${BENCH_ADMIN.email}>`),
    ...conversationsSql(admin.id, BENCH_ADMIN.name.split(' ')[0] ?? BENCH_ADMIN.name),
  ];
  await handle.db.transaction(async (tx) => {
    await tx.execute('set local synchronous_commit = off');
    await tx.execute("set local work_mem = '256MB'");
    if (TRACE) await tx.execute("set local track_functions = 'all'");
    // The rows with the triggers off, then the kept tables filled once (decision 0057, kept-tables.ts).
    await tx.execute("set local maintenance_work_mem = '512MB'");
    const indexes = (await tx.execute(plainIndexesSql)) as {
      rows: Array<{ name: string; definition: string }>;
    };
    for (const index of indexes.rows) await tx.execute(`drop index ${index.name}`);
    await tx.execute('set local session_replication_role = replica');
    await runTimed(tx, statements, log);
    await tx.execute('set local session_replication_role = origin');
    const indexed = performance.now();
    for (const index of indexes.rows) await tx.execute(index.definition);
    log(
      `  ${((performance.now() - indexed) / 1000).toFixed(1).padStart(6)} s  ${indexes.rows.length} indexes made`,
    );
    log('  the kept tables:');
    await runTimed(tx, keptTablesSql, log);
    await checkForeignKeys(tx, log);
    for (const [label, query] of [...operatorChecks, ...conversationChecks, ...keptTableChecks]) {
      const result = (await tx.execute(query)) as unknown as { rows: Array<{ n: number }> };
      const violations = Number(result.rows[0]?.n ?? 0);
      if (violations > 0) throw new Error(`data set check failed: ${label}: ${violations} violations`);
    }
    await tx.execute(
      'create table bench_operator_meta (version integer not null, scale double precision not null, built_at timestamptz not null default now())',
    );
    await tx.execute(
      `insert into bench_operator_meta (version, scale) values (${GENERATOR_VERSION}, ${scale})`,
    );
  });
  log('  VACUUM ANALYZE…');
  await handle.exec('VACUUM ANALYZE');
}

/**
 * A copy of a built set under `name` (the background jobs write, so they run on a copy): CREATE DATABASE … TEMPLATE,
 * which needs the set without other sessions, so it is tried again for a minute while one is connected. A copy left
 * by an interrupted run is replaced.
 */
export async function copyDataset(
  serverUrl: string,
  dataset: OperatorDataset,
  name: string,
): Promise<OperatorDataset> {
  if (!BENCH_NAME.test(name) || name === dataset.name) throw new Error(`refusing database name ${name}`);
  await dropDatasetCopy(serverUrl, name);
  const started = Date.now();
  for (;;) {
    try {
      await withClient(serverUrl, (client) =>
        client.query(`CREATE DATABASE "${name}" TEMPLATE "${dataset.name}" STRATEGY FILE_COPY`),
      );
      break;
    } catch (error) {
      const busy = /being accessed by other users/.test((error as Error).message);
      if (!busy || Date.now() - started > 60_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  return { ...dataset, name, url: databaseUrl(serverUrl, name), builtSeconds: 0 };
}

/** Drops a copy made by copyDataset (and the sessions still on it). */
export async function dropDatasetCopy(serverUrl: string, name: string): Promise<void> {
  if (!BENCH_NAME.test(name)) throw new Error(`refusing database name ${name}`);
  await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
