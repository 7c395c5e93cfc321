import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Env } from '../config/env';
import { openDatabase } from './client';
import { lockPgliteFolder } from './pglite-lock';

/** Where a backup comes from or goes to: a PostgreSQL database, or the folder of the embedded PGlite database. */
export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export type BackupFormat = 'pg_dump custom' | 'PGlite data folder (tar.gz)';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** `mintbox-2026-06-10T12-00-00Z.pgdump` (PostgreSQL) or `….pglite.tar.gz` (PGlite) in `folder`. */
export function defaultBackupFile(folder: string, target: BackupTarget, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return path.join(folder, `mintbox-${stamp}${target.kind === 'postgres' ? '.pgdump' : '.pglite.tar.gz'}`);
}

/**
 * Writes a consistent snapshot of the database to `file`: `pg_dump` in its custom format (one transaction, so one
 * point in time, while the app keeps running) or PGlite's own dump of its data folder (the server must be stopped:
 * PGlite serves one process). The file appears only when complete (written under another name, then renamed).
 */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
): Promise<{ file: string; bytes: number; format: BackupFormat }> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    if (target.kind === 'postgres') {
      const { url, password } = withoutPassword(target.url);
      await run('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${url}`], password);
    } else {
      if (!existsSync(path.join(target.dataDir, 'PG_VERSION'))) {
        throw new BackupError(`There is no embedded database in ${target.dataDir} to back up`);
      }
      const database = await openDatabase({ dataDir: target.dataDir });
      try {
        const dump = await database.pglite!.dumpDataDir('gzip');
        await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return {
    file,
    bytes: statSync(file).size,
    format: target.kind === 'postgres' ? 'pg_dump custom' : 'PGlite data folder (tar.gz)',
  };
}

/**
 * Brings a backup back. The database must be empty (no tables; for PGlite, no data folder yet) unless `force`:
 * then, on PostgreSQL, what the backup contains is dropped and recreated (one transaction: all or nothing), and for
 * PGlite the current folder is kept aside as `<folder>.replaced-<time>`. Migrations newer than the backup run at the
 * next start of the server.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}`);
  const format = await detectFormat(file);
  if (target.kind === 'postgres') {
    if (format !== 'pg_dump custom') {
      throw new BackupError(
        `${file} is a PGlite backup; it restores only into the embedded database (unset DATABASE_URL)`,
      );
    }
    const tables = await countTables(target.url);
    if (tables > 0 && !options.force) {
      throw new BackupError(
        `The database is not empty (${tables} tables): restore into an empty database, or add --force to replace what the backup contains`,
      );
    }
    const { url, password } = withoutPassword(target.url);
    await run(
      'pg_restore',
      [
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        '--no-comments',
        ...(tables > 0 ? ['--clean', '--if-exists'] : []),
        `--dbname=${url}`,
        file,
      ],
      password,
    );
    return;
  }

  if (format !== 'PGlite data folder (tar.gz)') {
    throw new BackupError(`${file} is a PostgreSQL backup; restore it with DATABASE_URL set`);
  }
  const dataDir = target.dataDir;
  // Refuses while a server has the folder open, also with --force.
  const release = lockPgliteFolder(dataDir);
  try {
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
      if (!options.force) {
        throw new BackupError(
          `The embedded database in ${dataDir} is not empty: restore into a new DATA_DIR, or add --force (the current folder is kept aside)`,
        );
      }
      const aside = `${dataDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dataDir, aside);
    }
    mkdirSync(dataDir, { recursive: true });
    const pglite = await PGlite.create({
      dataDir,
      loadDataDir: new Blob([await readFile(file)]),
      extensions: { pg_trgm },
    });
    await pglite.query('select 1');
    await pglite.close();
  } finally {
    release();
  }
}

async function detectFormat(file: string): Promise<BackupFormat> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'pg_dump custom';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'PGlite data folder (tar.gz)';
  } finally {
    await handle.close();
  }
  throw new BackupError(
    `${file} is not a Mintbox backup (neither a pg_dump custom archive nor a PGlite dump)`,
  );
}

async function countTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema')
         and s.nspname not like 'pg\\_toast%' and s.nspname not like 'pg\\_temp%'`,
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** The password goes through PGPASSWORD, so it never shows in the process list. */
function withoutPassword(connectionString: string): { url: string; password: string | undefined } {
  const url = new URL(connectionString);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}

function run(command: string, args: string[], password: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} is not installed: install the PostgreSQL client tools (the same major version as the server or newer)`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/**
 * What a database backup holds and what it does not (printed after every backup): the database only. Files are
 * elsewhere: in the S3 bucket (S3_BUCKET), or in DATA_DIR/uploads and DATA_DIR/exports.
 */
export function backupScope(env: Pick<Env, 's3' | 'dataDir'>): string {
  const database =
    'This backup holds the database (accounts, campaigns, applications, Mint, payouts, and the list of uploaded files with who may see them).';
  if (env.s3) {
    const where = `s3://${env.s3.bucket}/${env.s3.prefix}${env.s3.endpoint ? ` at ${env.s3.endpoint}` : ''}`;
    return `${database} It does NOT hold the files: campaign images, evidence screenshots, post thumbnails, message images and data downloads live in ${where}. Back the bucket up with the storage's own tools (versioning, replication to another bucket, or a sync such as aws s3 sync / rclone).`;
  }
  return `${database} It does NOT hold the files: campaign images, evidence screenshots, post thumbnails and message images are in ${path.join(env.dataDir, 'uploads')} (data downloads, valid 24 hours, in ${path.join(env.dataDir, 'exports')}). Copy that folder with the backup.`;
}
