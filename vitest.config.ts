import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { PURE_LANE_ENV, unitTestLanes } from './scripts/test-lanes.mjs';

const root = import.meta.dirname;
// Which unit files need a database is read from their imports (scripts/test-lanes.mjs, decision 0022).
const lanes = unitTestLanes(root);

/** Each file's duration in a whole run (ms, `project:path`); refreshed by `node scripts/test-durations.mjs`. */
const durations: Record<string, number> = JSON.parse(
  readFileSync(path.join(root, 'tests/durations.json'), 'utf8'),
);

/**
 * The slowest files first, within each project (decision 0022): with two workers taking files as they free up, a
 * two-minute file started last would run alone at the end. Files not in tests/durations.json count as 5 s.
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const projects = [...new Set(ordered.map((file) => file.project.name))];
    const weight = (file: TestSpecification) =>
      durations[`${file.project.name}:${path.relative(root, file.moduleId).split(path.sep).join('/')}`] ??
      5_000;
    return ordered
      .map((file, index) => ({ file, index }))
      .sort(
        (a, b) =>
          projects.indexOf(a.file.project.name) - projects.indexOf(b.file.project.name) ||
          weight(b.file) - weight(a.file) ||
          a.index - b.index,
      )
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache) for the next vitest process: the
    // lanes started after the build, and every targeted run on a shared machine, skip transforming the app again
    // (decision 0046: a one-file run took 12.9-14.2 s of CPU without it, 10.0 s with it warm). This config has no
    // plugins, so a module's content, id and the environment's config are its whole cache key.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          // Files that import no database helper: no global setup (no PGlite template, no PostgreSQL preparation).
          // The database helpers throw here, so a file that reaches a database anyway fails with the reason.
          name: 'pure',
          include: lanes.pure,
          environment: 'node',
          env: { [PURE_LANE_ENV]: 'pure' },
          testTimeout: 30_000,
          // As in `unit`: one module graph per worker; files leave no global state behind.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit',
          include: lanes.database,
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module graph per worker, not one per file: every file imported the whole app again (about 160 s of
          // a CI run). Files must leave no global state behind (fake timers, stubbed globals): decision 0022.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Browsers are heavy on a 2-core machine: one journey file at a time.
          fileParallelism: false,
          // The app and the support modules are imported once for the lane, not once per journey file.
          isolate: false,
          // expect.poll gives up after 1 s by default: too short for a page under load (the journeys flaked there).
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
