import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file beside a PGlite folder that names the process using it. */
export function pgliteLockFile(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.lock`;
}

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder (a second server, or a backup while
 * the server runs) would corrupt it. Takes the folder for this process, or throws naming the process that holds it.
 * A lock left by a process that is gone is taken over. Returns the release function.
 */
export function lockPgliteFolder(dataDir: string): () => void {
  const file = pgliteLockFile(dataDir);
  let holder: number | undefined;
  try {
    holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    holder = undefined;
  }
  if (holder && holder !== process.pid && alive(holder)) {
    throw new DatabaseInUseError(
      `The embedded database in ${dataDir} is in use by process ${holder} (PGlite serves one process): stop it first`,
    );
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
