import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../src/db/migrate';

/** A fresh, migrated, empty database for one bench run, and how to reach it without the framework. */
export interface BenchDatabase {
  handle: DatabaseHandle;
  /** Human-readable description for the report. */
  label: string;
  /** PostgreSQL only: how the ceiling opens its own pool (same database, same search_path, same pool size). */
  postgres?: { url: string; searchPath: string | undefined; poolSize: number };
  /** PGlite only: the very client the app's drizzle instance wraps. */
  pglite?: PGlite;
  /** Drops what was created (schema or database) and closes the connections. Safe to call twice. */
  destroy(): Promise<void>;
}

/** search_path option exactly as openDatabase builds it, so the ceiling pool sees the same tables. */
export function searchPathOption(schema: string): string {
  return `-c search_path=${schema},public`;
}

export type Isolation = 'schema' | 'database';

/**
 * How a PostgreSQL run keeps to itself: a `bench_…` schema next to public (the default, like the tests), or a
 * `bench_…` database of its own. A schema only works while no migration names the public schema explicitly
 * (drizzle-kit writes foreign keys as `REFERENCES "public"."users"`); when one does, the schema run would fail
 * or reach into public, so `auto` takes a database. BENCH_PG_ISOLATION=schema|database forces either.
 */
export function chooseIsolation(setting: string | undefined): { isolation: Isolation; reason: string } {
  if (setting === 'schema' || setting === 'database') {
    return { isolation: setting, reason: `BENCH_PG_ISOLATION=${setting}` };
  }
  if (setting && setting !== 'auto') throw new Error(`BENCH_PG_ISOLATION must be auto, schema or database`);
  const qualified = readdirSync(MIGRATIONS_FOLDER)
    .filter((file) => file.endsWith('.sql'))
    .filter((file) => readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8').includes('"public".'));
  if (qualified.length > 0) {
    return {
      isolation: 'database',
      reason: `${qualified.join(', ')} names "public" explicitly, so a separate schema cannot hold a full migration`,
    };
  }
  return { isolation: 'schema', reason: 'default' };
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

/** Makes sure pg_trgm lives in public (not in the bench schema, where the first migration would put it). */
async function ensureTrigramInPublic(client: pg.Client) {
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  const where = await client.query<{ schema: string }>(
    "select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'",
  );
  const extensionSchema = where.rows[0]?.schema;
  if (extensionSchema !== 'public') {
    throw new Error(`pg_trgm is installed in schema ${extensionSchema ?? '(none)'}, not public`);
  }
}

export async function createBenchDatabase(options: {
  url: string | undefined;
  poolSize: number;
  isolation?: string | undefined;
}): Promise<BenchDatabase> {
  if (!options.url) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(handle);
    // drizzle-orm/pglite exposes the client it wraps as `$client`; DatabaseHandle does not, on purpose.
    const pglite = (handle.db as unknown as { $client: PGlite }).$client;
    let closed = false;
    return {
      handle,
      label: 'PGlite (in-memory, in-process)',
      pglite,
      destroy: async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      },
    };
  }

  const serverUrl = options.url;
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const { isolation, reason } = chooseIsolation(options.isolation);

  let url: string;
  let searchPath: string | undefined;
  let drop: () => Promise<void>;
  if (isolation === 'schema') {
    url = serverUrl;
    searchPath = name;
    await withClient(serverUrl, async (client) => {
      await ensureTrigramInPublic(client);
      await client.query(`CREATE SCHEMA "${name}"`);
    });
    drop = async () => {
      await withClient(serverUrl, (client) => client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`));
    };
  } else {
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${name}`;
    url = databaseUrl.toString();
    await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    drop = async () => {
      await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    };
    try {
      await withClient(url, ensureTrigramInPublic);
    } catch (error) {
      await drop().catch(() => undefined);
      throw error;
    }
  }

  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ url, searchPath, poolSize: options.poolSize });
    await migrateDatabase(handle, { migrationsSchema: searchPath });
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await drop().catch(() => undefined);
    throw error;
  }

  const opened = handle;
  let destroyed = false;
  const server = new URL(serverUrl);
  return {
    handle: opened,
    label: `PostgreSQL ${server.host}, ${isolation} ${name} (${reason}), pool ${options.poolSize}`,
    postgres: { url, searchPath, poolSize: options.poolSize },
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      await opened.close().catch(() => undefined);
      await drop();
    },
  };
}
