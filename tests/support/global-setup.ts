import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../src/config/project-root';
import { openDatabase } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';

/**
 * Runs once before the tests of each vitest process. PGlite: one database is migrated and dumped (once per state
 * of the schema, shared by the processes and kept for later runs), and every test file starts from a copy
 * (tests/support/pglite-template.ts). On PostgreSQL, test files work in schemas of their own; the extensions they
 * need are installed once in `public` (which every test schema has on its search path).
 */
export default async function globalSetup(project: TestProject) {
  project.provide('pgliteTemplate', await pgliteTemplateFile());
  await preparePostgres();
  // The workers keep their PostgreSQL schemas for their next files (tests/support/postgres-reuse.ts): each is named
  // with this process's mark, and dropped when the process ends.
  const run = randomBytes(3).toString('hex');
  project.provide('postgresRun', run);
  return () => dropRunSchemas(run);
}

/** Drops the PostgreSQL schemas of this vitest process (the workers' idle ones, and any a file never destroyed). */
async function dropRunSchemas(run: string) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'mbtest\\_%' escape '\\' and split_part(nspname, '_', 3) = $1",
      [run],
    );
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * The migrated PGlite database dumped to a file, made once per state of the schema and shared: every vitest process
 * of `npm test` (three lanes, four processes) and every later run reads the same file instead of migrating again
 * (about 5 s of CPU each). The file is named by a hash of everything that decides its contents (the migrations,
 * the code that applies them, the PGlite version), so a changed migration makes a new one. The first process to
 * need it builds it under a lock directory; the others wait for the file.
 */
async function pgliteTemplateFile(): Promise<string> {
  const dir = path.join(projectRoot(), 'node_modules/.cache/mintbox-tests');
  const file = path.join(dir, `pglite-template-${templateHash()}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const lock = `${file}.lock`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(file)) return file;
      // A lock older than two minutes belongs to a process that died while building.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline)
        throw new Error(`the PGlite template was not made within 3 minutes (${lock})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    if (existsSync(file)) return file;
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateDatabase(handle);
      const dump = await handle.pglite!.dumpDataDir('none');
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await handle.close();
    }
    // Templates of earlier states of the schema are not needed any more.
    for (const name of readdirSync(dir)) {
      if (name.startsWith('pglite-template-') && name.endsWith('.tar') && path.join(dir, name) !== file) {
        rmSync(path.join(dir, name), { force: true });
      }
    }
    return file;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A hash of the migration files, the code that opens and migrates a database, and the PGlite version. */
function templateHash(): string {
  const root = projectRoot();
  const hash = createHash('sha256');
  const migrations = path.join(root, 'src/db/migrations');
  const files = readdirSync(migrations, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(path.join(migrations, name)).isFile())
    .sort();
  for (const name of files) hash.update(name).update(readFileSync(path.join(migrations, name)));
  for (const name of [
    'src/db/migrate.ts',
    'src/db/client.ts',
    'node_modules/@electric-sql/pglite/package.json',
  ]) {
    hash.update(name).update(readFileSync(path.join(root, name)));
  }
  return hash.digest('hex').slice(0, 16);
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
    await client.query('SELECT pg_advisory_lock(727002)');
    try {
      await vacuumChurnedCatalogs(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock(727002)');
    }
  } finally {
    await client.end();
  }
}

/** A system catalog with more dead rows than this is vacuumed before the tests. */
export const DEAD_CATALOG_ROWS = 1_000;

/**
 * Vacuums the system catalogs that the tests' schemas left dead rows in; returns their names. Every run creates and
 * drops thousands of catalog rows (its schemas' tables, columns, indexes, types, dependencies). On a server with
 * autovacuum off, as CI's is (`conf.d/90-ci.conf`), they all stay: after a day of runs `pg_attribute` held 140,000
 * dead rows for 859 live ones, and each run was slower than the one before (decision 0089). Vacuuming them takes
 * about 0.3 s; one vitest process does it at a time, and the next finds nothing left to do.
 */
export async function vacuumChurnedCatalogs(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ relname: string }>(
    "select relname from pg_stat_sys_tables where schemaname = 'pg_catalog' and n_dead_tup > $1 order by relname",
    [DEAD_CATALOG_ROWS],
  );
  const names = rows.map(({ relname }) => relname);
  if (names.length > 0) {
    await client.query(`VACUUM ${names.map((name) => `pg_catalog.${pg.escapeIdentifier(name)}`).join(', ')}`);
  }
  return names;
}
