import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { assertDatabaseLane } from '../../scripts/test-lanes.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite database (tar), made once by the global setup. */
    pgliteTemplate: string | undefined;
  }
}

let cached: Blob | null | undefined;

/** The migrated template for this test worker, or null when the global setup did not make one. */
export function pgliteTemplate(): Blob | null {
  assertDatabaseLane('pgliteTemplate');
  if (cached !== undefined) return cached;
  let file: string | undefined;
  try {
    file = inject('pgliteTemplate');
  } catch {
    file = undefined;
  }
  cached = file ? new Blob([readFileSync(file)]) : null;
  return cached;
}
