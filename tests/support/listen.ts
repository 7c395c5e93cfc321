import { listenForInvalidations, listenOnPglite } from '../../src/db/cache-invalidation';
import { silentLogger } from '../../src/server/process/logger';
import type { TestDatabase } from './test-database';

/**
 * Starts this instance's LISTEN for the database's change notices, as the server does at start-up: PGlite's own
 * channel, or a PostgreSQL connection of its own (TEST_DATABASE_URL, the test's schema). Answers the function that
 * stops it.
 */
export async function listenForChanges(database: TestDatabase): Promise<() => Promise<void>> {
  if (database.driver === 'pglite') return listenOnPglite(database.db, database.pglite!);
  const listening = await listenForInvalidations(database.db, {
    connectionString: process.env.TEST_DATABASE_URL!,
    logger: silentLogger(),
    schema: database.migrationsSchema,
  });
  return () => listening.close();
}
