import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { projectRoot } from '../config/project-root';
import type { DatabaseHandle, DatabaseOrTransaction, Schema } from './client';

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

let journal: number[] | undefined;

/** The creation times of the committed migrations (drizzle's journal), oldest first. */
function committedMigrations(): number[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    }
  ).entries.map((entry) => entry.when);
  return journal;
}

/**
 * How many committed migrations the database has not applied yet (0 when it is up to date), by the same rule
 * drizzle's migrator applies them: every migration newer than the last one recorded.
 */
export async function pendingMigrations(
  db: DatabaseOrTransaction,
  options: { migrationsSchema?: string | undefined } = {},
): Promise<number> {
  const schema = options.migrationsSchema ?? 'drizzle';
  const found = (await db.execute(
    sql`select to_regclass(${`"${schema.replaceAll('"', '""')}".__drizzle_migrations`}) is not null as present`,
  )) as unknown as { rows: Array<{ present: boolean }> };
  if (!found.rows[0]?.present) return committedMigrations().length;
  const last = (await db.execute(
    sql`select max(created_at) as last from ${sql.identifier(schema)}.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ last: string | number | null }> };
  const applied = Number(last.rows[0]?.last ?? 0);
  return committedMigrations().filter((when) => when > applied).length;
}
