import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/support/**/*.test.ts'],
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
