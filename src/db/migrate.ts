import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { projectRoot } from '../server/project-root';
import type { DatabaseHandle, Schema } from './client';

export const MIGRATIONS_FOLDER = path.join(projectRoot(), 'src/db/migrations');

/** Any fixed number shared by every instance: only one instance migrates at a time. */
const MIGRATION_LOCK_KEY = 727_274_001;

/**
 * Applies the committed migrations. On PostgreSQL an advisory lock makes concurrent starts of several app
 * instances safe; `migrationsSchema` keeps the bookkeeping table inside the working schema (tests use one per file).
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  options: { migrationsSchema?: string | undefined } = {},
): Promise<void> {
  const config = {
    migrationsFolder: MIGRATIONS_FOLDER,
    ...(options.migrationsSchema ? { migrationsSchema: options.migrationsSchema } : {}),
  };
  if (handle.driver === 'pglite' || !handle.pool) {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, config);
    return;
  }
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(client), config);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
