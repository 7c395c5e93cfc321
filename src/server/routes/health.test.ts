import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { createApp } from '../http/app';
import type { ServerLifecycle } from '../http/context';
import { silentLogger } from '../process/logger';

describe.each(TEST_DRIVERS)('readiness on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  const lifecycle: ServerLifecycle = { draining: false };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = createApp({
      db: database.db,
      env: testEnv(),
      logger: silentLogger(),
      lifecycle,
      migrationsSchema: database.migrationsSchema,
    });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const ready = async () => {
    const response = await app.request('/api/health/ready');
    return { status: response.status, body: await response.json() };
  };

  it('is ready when the database answers and every migration is applied', async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', db: 'ok', migrations: 'applied', shuttingDown: false },
    });
  });

  it('is not ready while shutting down, though still alive', async () => {
    // From the start of the shutdown (while connections already waiting are accepted), and while draining.
    for (const phase of ['stopping', 'draining'] as const) {
      lifecycle[phase] = true;
      try {
        expect(await ready()).toEqual({
          status: 503,
          body: { status: 'not-ready', db: 'ok', migrations: 'applied', shuttingDown: true },
        });
        expect((await app.request('/api/health')).status).toBe(200);
      } finally {
        lifecycle[phase] = false;
      }
    }
  });

  it('is not ready while a migration is pending', async () => {
    const table = sql.identifier(database.migrationsSchema ?? 'drizzle');
    // Forget the newest migration, as if the code were newer than the database.
    const removed = (await database.db.execute(
      sql`delete from ${table}.__drizzle_migrations
          where created_at = (select max(created_at) from ${table}.__drizzle_migrations)
          returning id, hash, created_at`,
    )) as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> };
    expect(removed.rows).toHaveLength(1);
    try {
      expect(await ready()).toMatchObject({
        status: 503,
        body: { status: 'not-ready', migrations: 'pending' },
      });
    } finally {
      const row = removed.rows[0]!;
      await database.db.execute(
        sql`insert into ${table}.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await ready()).status).toBe(200);
  });
});

describe('readiness without a database', () => {
  it('answers 503 when the database does not answer', async () => {
    const database = await createTestDatabase('pglite');
    const app = createApp({ db: database.db, env: testEnv(), logger: silentLogger() });
    await database.destroy();
    const response = await app.request('/api/health/ready');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'not-ready', db: 'unreachable' });
  });
});
