import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { assertDatabaseLane } from '../../scripts/test-lanes.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite database (tar), made once by the global setup. */
    pgliteTemplate: string | undefined;
  }
}

let cached: Blob | null | undefined;

/** The file the global setup made, or undefined outside a project with that setup. */
function templateFile(): string | undefined {
  try {
    return inject('pgliteTemplate');
  } catch {
    return undefined;
  }
}

/** The migrated template for this test worker, or null when the global setup did not make one. */
export function pgliteTemplate(): Blob | null {
  assertDatabaseLane('pgliteTemplate');
  if (cached !== undefined) return cached;
  const file = templateFile();
  cached = file ? new Blob([readFileSync(file)]) : null;
  return cached;
}

/**
 * Fills `folder` with the migrated template as a PGlite data folder (the dump holds the files of one), so a server
 * process started on it skips initdb and the migrations (several seconds of CPU each). Without a template the
 * folder stays empty and the server makes its database as `npm start` does.
 */
export function seedPgliteFolder(folder: string): void {
  assertDatabaseLane('seedPgliteFolder');
  const file = templateFile();
  if (!file) return;
  mkdirSync(folder, { recursive: true });
  execFileSync('tar', ['-xf', file, '-C', folder], { stdio: 'ignore' });
}
