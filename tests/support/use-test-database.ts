import { afterAll, beforeAll } from 'vitest';
import type { DatabaseDriver } from '../../src/db/client';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A fresh test database of `driver` for the calling `describe`: registers the beforeAll that makes it and the
 * afterAll that destroys it; `database` and `db` are read once the hooks ran.
 */
export function useTestDatabase(driver: DatabaseDriver) {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  const ready = () => {
    if (!database) throw new Error('useTestDatabase: read inside a test or a later hook');
    return database;
  };
  return {
    get database() {
      return ready();
    },
    get db() {
      return ready().db;
    },
  };
}
