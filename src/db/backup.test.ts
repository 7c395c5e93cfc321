import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedPgliteFolder } from '../../tests/support/pglite-template';
import {
  createScratchPostgresDatabase,
  type ScratchPostgresDatabase,
} from '../../tests/support/test-database';
import { projectRoot } from '../config/project-root';
import { type BackupTarget, backupDatabase, restoreDatabase } from './backup';
import { type DatabaseHandle, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { pgliteLockFile } from './pglite-lock';
import { seedDemoData } from './seed';

type Rows<T> = { rows: T[] };

/** Every row of every table of the working schema, as text, sorted: two databases with equal snapshots are equal. */
async function snapshot(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = (await handle.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows<{ table_name: string }>;
  const result: Record<string, string[]> = {};
  for (const { table_name: table } of tables.rows) {
    const rows = (await handle.db.execute(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t`,
    )) as unknown as Rows<{ row: string }>;
    result[table] = rows.rows.map((r) => r.row).sort();
  }
  return result;
}

/** Demo campaigns plus a creator with a Mint balance: what a backup must keep. */
async function fill(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedDemoData(handle.db, new Date('2026-06-01T00:00:00Z'));
  await handle.exec(`
    insert into influencers (username, name, email, email_verified) values ('kept', 'Kept Creator', 'kept@example.com', true);
    insert into mint_balances (influencer_id, balance) select id, 75 from influencers where username = 'kept';`);
}

/** Changes after the backup, which the restore must not bring back. */
async function change(handle: DatabaseHandle) {
  await handle.exec(`
    update mint_balances set balance = 0;
    delete from campaigns where id in (select id from campaigns order by id limit 5);
    insert into influencers (username, name, email) values ('later', 'Later Creator', 'later@example.com');`);
}

const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: projectRoot(),
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

// Each test runs `npm run` processes (tsx, then PGlite or pg_dump/pg_restore): seconds each on a busy machine.
describe('backup and restore of the embedded PGlite database', { timeout: 90_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mintbox-backup-'));
  const source = path.join(dir, 'source', 'pglite');
  const target: BackupTarget = { kind: 'pglite', dataDir: source };

  it('brings back exactly what was there at the backup, into an empty folder only', async () => {
    // The folder starts as the tests' migrated template (no initdb, no migrations: seconds of CPU that are not
    // this test's subject); `fill` still runs the migrations, which find nothing to do, and the demo seed.
    seedPgliteFolder(source);
    const original = await openDatabase({ dataDir: source });
    let before: Record<string, string[]>;
    try {
      await fill(original);
      before = await snapshot(original);
    } finally {
      await original.close();
    }
    expect(before.campaigns!.length).toBeGreaterThan(10);

    const file = path.join(dir, 'backups', 'nightly.pglite.tar.gz');
    const written = await backupDatabase(target, file);
    expect(written.bytes).toBeGreaterThan(1000);
    expect(readdirSync(path.join(dir, 'backups'))).toEqual(['nightly.pglite.tar.gz']);

    const reopened = await openDatabase({ dataDir: source });
    try {
      await change(reopened);
      expect(await snapshot(reopened)).not.toEqual(before);
    } finally {
      await reopened.close();
    }

    // The changed database is not empty: refused, untouched.
    await expect(restoreDatabase(target, file)).rejects.toThrow(/is not empty: restore into a new DATA_DIR/);
    // Into a new folder.
    const fresh = path.join(dir, 'fresh', 'pglite');
    await restoreDatabase({ kind: 'pglite', dataDir: fresh }, file);
    const restored = await openDatabase({ dataDir: fresh });
    try {
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    // Over the changed one, when told to: the old folder is kept aside.
    await restoreDatabase(target, file, { force: true });
    const replaced = await openDatabase({ dataDir: source });
    try {
      expect(await snapshot(replaced)).toEqual(before);
    } finally {
      await replaced.close();
    }
    expect(readdirSync(path.join(dir, 'source')).some((name) => name.startsWith('pglite.replaced-'))).toBe(
      true,
    );
  });

  it('refuses to touch the folder while another process (the server) has it open', async () => {
    // The test runner's parent process stands in for a running server.
    writeFileSync(pgliteLockFile(source), `${process.ppid}\n`);
    try {
      await expect(backupDatabase(target, path.join(dir, 'busy.tar.gz'))).rejects.toThrow(
        `in use by process ${process.ppid}`,
      );
      await expect(
        restoreDatabase(target, path.join(dir, 'backups', 'nightly.pglite.tar.gz'), { force: true }),
      ).rejects.toThrow('stop it first');
      expect(existsSync(path.join(dir, 'busy.tar.gz'))).toBe(false);
    } finally {
      writeFileSync(pgliteLockFile(source), '');
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('backup and restore on PostgreSQL (pg_dump / pg_restore)', { timeout: 90_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mintbox-backup-pg-'));
  const scratch: ScratchPostgresDatabase[] = [];
  afterAll(async () => {
    for (const database of scratch) await database.drop();
  });

  it('npm run db:backup and db:restore bring back the snapshot, into an empty database unless --force', async () => {
    const [live, empty] = await Promise.all([
      createScratchPostgresDatabase(),
      createScratchPostgresDatabase(),
    ]);
    scratch.push(live, empty);
    const handle = await openDatabase({ url: live.url, poolSize: 2 });
    let before: Record<string, string[]>;
    try {
      await fill(handle);
      before = await snapshot(handle);

      const file = path.join(dir, 'mintbox.pgdump');
      const backup = run('db:backup', ['--out', file], { DATABASE_URL: live.url, DATA_DIR: dir });
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(/^Backup written: .*mintbox\.pgdump \(\d+\.\d\d MB, pg_dump custom\)/);
      expect(backup.status).toBe(0);

      await change(handle);
      expect(await snapshot(handle)).not.toEqual(before);

      const refused = run('db:restore', [file], { DATABASE_URL: live.url, DATA_DIR: dir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/Restore failed: The database is not empty \(\d+ tables\)/);

      const restored = run('db:restore', [file], { DATABASE_URL: empty.url, DATA_DIR: dir });
      expect(restored.stderr).toBe('');
      expect(restored.status).toBe(0);
      const check = await openDatabase({ url: empty.url, poolSize: 1 });
      try {
        expect(await snapshot(check)).toEqual(before);
      } finally {
        await check.close();
      }

      await restoreDatabase({ kind: 'postgres', url: live.url }, file, { force: true });
      expect(await snapshot(handle)).toEqual(before);

      // A PGlite backup is not for PostgreSQL.
      const wrong = path.join(dir, 'wrong.tar.gz');
      writeFileSync(wrong, Buffer.from([0x1f, 0x8b, 8, 0]));
      await expect(restoreDatabase({ kind: 'postgres', url: empty.url }, wrong)).rejects.toThrow(
        /PGlite backup/,
      );
    } finally {
      await handle.close();
    }
  });
});
