import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';

/**
 * Runs once before the tests. PGlite: one database is migrated and dumped, and every test file starts from a copy
 * (tests/support/pglite-template.ts). On PostgreSQL, test files work in schemas of their own; the extensions they need
 * are installed once in `public` (which every test schema has on its search path).
 */
export default async function globalSetup(project: TestProject) {
  const template = await makePgliteTemplate();
  project.provide('pgliteTemplate', template.file);
  await preparePostgres();
  return () => template.remove();
}

/**
 * Migrates one PGlite database and dumps its data folder to a file: test files start from a copy of it instead of
 * running every migration again. Returns the file and a clean-up.
 */
async function makePgliteTemplate(): Promise<{ file: string; remove(): void }> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateDatabase(handle);
    const dump = await handle.pglite!.dumpDataDir('none');
    const dir = mkdtempSync(path.join(tmpdir(), 'mintbox-pglite-template-'));
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await handle.close();
  }
}

async function preparePostgres() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // npm test runs two vitest processes side by side (scripts/run-tests.mjs): one creates the extension at a time.
    await client.query('SELECT pg_advisory_lock(727001)');
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    } finally {
      await client.query('SELECT pg_advisory_unlock(727001)');
    }
    // Drop schemas left behind by test runs that were killed. Another run may be going on beside this one (a second
    // checkout on the same server), so only schemas made more than three hours ago are taken.
    const schemas = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'mbtest\\_%' escape '\\'",
    );
    const cutoff = Date.now() - 3 * 3_600_000;
    for (const { nspname } of schemas.rows) {
      const made = Number.parseInt(nspname.split('_')[1] ?? '', 36);
      if (Number.isFinite(made) && made > cutoff) continue;
      await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    }
    // The same for whole databases (tests that run server processes make one each).
    const databases = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'mbtest\\_%' escape '\\'",
    );
    for (const { datname } of databases.rows) {
      const made = Number.parseInt(datname.split('_')[1] ?? '', 36);
      if (Number.isFinite(made) && made > cutoff) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
