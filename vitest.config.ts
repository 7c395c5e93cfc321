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
          // expect.poll gives up after 1 s by default: too short for a page under load (the journeys flaked there).
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
