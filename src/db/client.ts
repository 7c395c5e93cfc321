import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { EMBEDDED_DATABASE_WAIT_MS, guardPglite } from './pglite-guard';
import { lockPgliteFolder } from './pglite-lock';
import { fastStatements } from './pglite-statements';
import * as adminDigestsSchema from './schema/admin-digests';
import * as applicationsSchema from './schema/applications';
import * as authSchema from './schema/auth';
import * as campaignsSchema from './schema/campaigns';
import * as contentMetricsSchema from './schema/content-metrics';
import * as conversationsSchema from './schema/conversations';
import * as creatorManagementSchema from './schema/creator-management';
import * as creatorsSchema from './schema/creators';
import * as dataRightsSchema from './schema/data-rights';
import * as ledgerSchema from './schema/ledger';
import * as notificationsSchema from './schema/notifications';
import * as onboardingSchema from './schema/onboarding';
import * as payoutsSchema from './schema/payouts';
import * as securitySchema from './schema/security';
import * as shippingSchema from './schema/shipping';
import * as teamSchema from './schema/team';

export const schema = {
  ...adminDigestsSchema,
  ...applicationsSchema,
  ...ledgerSchema,
  ...notificationsSchema,
  ...authSchema,
  ...campaignsSchema,
  ...creatorManagementSchema,
  ...dataRightsSchema,
  ...contentMetricsSchema,
  ...conversationsSchema,
  ...creatorsSchema,
  ...onboardingSchema,
  ...payoutsSchema,
  ...securitySchema,
  ...shippingSchema,
  ...teamSchema,
};
export type Schema = typeof schema;

/** The database, on either driver. Query functions take this (or a transaction) as their first argument. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseOrTransaction = Database | Transaction;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Runs raw SQL text (several statements allowed); used by migrations and tests. */
  exec(sqlText: string): Promise<void>;
  /** PostgreSQL only: the connection pool (migrations take one connection for their lock). */
  pool?: pg.Pool;
  /** PGlite only: the embedded database (the job queue talks to it directly). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… — when absent, the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder of the PGlite database; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL only: the schema to work in (tests use one schema per file). */
  searchPath?: string | undefined;
  /** PostgreSQL only: pool size. */
  poolSize?: number | undefined;
  /** PGlite only: start from this dump of a data folder (tests copy one migrated database instead of migrating). */
  loadDataDir?: Blob | undefined;
  /** PGlite only: how long a statement may wait for the connection (src/db/pglite-guard.ts); 30 s. */
  embeddedWaitMs?: number | undefined;
}

/** The Drizzle database over a PGlite client (tests wrap a reused client in one of their own: tests/support). */
export function drizzleOnPglite(client: PGlite): Database {
  return drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath},public` } : {}),
    });
    // An idle connection the server ends (a restart, pg_terminate_backend, a dropped database) leaves the pool and
    // the next query opens a new one; without a listener the pool's 'error' event would end the process.
    pool.on('error', () => {});
    // Fail fast with a clear message when the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      pool,
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      close: () => pool.end(),
    };
  }

  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockPgliteFolder(dataDir) : () => undefined;
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  // Every statement waits for a turn of the event loop and at most embeddedWaitMs for the connection (decision 0036).
  guardPglite(client, options.embeddedWaitMs ?? EMBEDDED_DATABASE_WAIT_MS);
  // A statement seen before is one call into the backend, kept prepared (decision 0056).
  fastStatements(client);
  const db = drizzleOnPglite(client);
  return {
    db,
    driver: 'pglite',
    pglite: client,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}
