import { randomBytes } from 'node:crypto';
import { assertDatabaseLane } from '../../scripts/test-lanes.mjs';
import { type DatabaseDriver, type DatabaseHandle, openDatabase } from '../../src/db/client';
import { WAIT_LIMITS, within } from './bounded';
import { leasePgliteDatabase } from './pglite-reuse';
import { leasePostgresSchema } from './postgres-reuse';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Integration suites run once per driver. */
export const TEST_DRIVERS: DatabaseDriver[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * The database of the browser journeys' app (tests/support/e2e-server.ts): the PostgreSQL server when
 * TEST_DATABASE_URL is set (CI), as a deployed instance runs; PGlite otherwise. One driver, not both: a journey
 * drives the same API the unit suites test on both drivers, and on PostgreSQL its queries run natively instead of
 * in the test process's WebAssembly (decision 0068).
 */
export const JOURNEY_DRIVER: DatabaseDriver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabase extends DatabaseHandle {
  /** PostgreSQL: the schema of its own, which also keeps drizzle's migration bookkeeping. */
  migrationsSchema?: string;
  /** Closes the connection and hands the database back for the worker's next file (emptied then). */
  destroy(): Promise<void>;
}

/**
 * A migrated, empty database of its own: an in-memory PGlite as the global setup migrated it (reused between the
 * files of a worker, emptied), or a schema of its own on the PostgreSQL server (the same: reused, emptied), so test
 * files can run in parallel without seeing each other's rows.
 */
export async function createTestDatabase(driver: DatabaseDriver): Promise<TestDatabase> {
  assertDatabaseLane('createTestDatabase');
  if (driver === 'pglite') {
    // The migrated template as the global setup made it: one this worker used before, emptied, or a fresh copy
    // (tests/support/pglite-reuse.ts). Destroying it hands it back for the next file.
    const handle = await within('a PGlite test database: lease', WAIT_LIMITS.database, leasePgliteDatabase());
    return {
      ...handle,
      destroy: () => within('a PGlite test database: hand back', WAIT_LIMITS.database, handle.close()),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  // A migrated schema of this worker's, emptied, or a new one (tests/support/postgres-reuse.ts). Destroying it ends
  // its pool and hands it back for the next file.
  const { schema, handle } = await within(
    'a PostgreSQL test schema: lease',
    WAIT_LIMITS.database,
    leasePostgresSchema(url),
  );
  return {
    ...handle,
    migrationsSchema: schema,
    destroy: () => within(`PostgreSQL schema ${schema}: hand back`, WAIT_LIMITS.database, handle.close()),
  };
}

export interface ScratchPostgresDatabase {
  /** Connection string of the new database (same server and user as TEST_DATABASE_URL). */
  url: string;
  name: string;
  /** Drops it (closing any connection still open to it). */
  drop(): Promise<void>;
}

/**
 * A new, empty database of its own on the TEST_DATABASE_URL server, for tests that run whole server processes
 * (their job queue, LISTEN channel and migrations must not meet another test's). Nothing is created in it.
 */
export async function createScratchPostgresDatabase(): Promise<ScratchPostgresDatabase> {
  assertDatabaseLane('createScratchPostgresDatabase');
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  // The creation time is part of the name, so global-setup only drops databases too old to be another run's.
  const name = `mbtest_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ url: base, poolSize: 1 });
  try {
    await within(
      `PostgreSQL database ${name}: create`,
      WAIT_LIMITS.database,
      admin.exec(`CREATE DATABASE "${name}"`),
    );
  } finally {
    await admin.close();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const handle = await openDatabase({ url: base, poolSize: 1 });
      try {
        await within(
          `PostgreSQL database ${name}: drop`,
          WAIT_LIMITS.database,
          handle.exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
        );
      } finally {
        await handle.close();
      }
    },
  };
}
