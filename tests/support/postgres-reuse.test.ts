import { afterEach, describe, expect, it } from 'vitest';
import { pendingMigrations } from '../../src/db/migrate';
import { insertCampaign } from './factories';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A PostgreSQL schema a file destroyed comes back to the next file of the worker as its migrations left it
 * (tests/support/postgres-reuse.ts, decision 0046): the next file must not see a row or an id of the one before, and
 * the one before must not reach the next file's schema.
 */
// A fresh schema applies every migration: seconds on a busy machine.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'PostgreSQL schemas reused between test files',
  { timeout: 60_000 },
  () => {
    const open: TestDatabase[] = [];
    const lease = async () => {
      const database = await createTestDatabase('postgres');
      open.push(database);
      return database;
    };
    afterEach(async () => {
      for (const database of open.splice(0)) await database.destroy();
    });

    const count = async (database: TestDatabase, sql: string) =>
      Number((await database.pool!.query<{ n: number }>(sql)).rows[0]!.n);

    it('comes back empty, with the rows the migrations wrote, its migrations recorded and ids from the start', async () => {
      const first = await lease();
      const totals = (await first.pool!.query('select * from influencer_counts')).rows;
      expect(totals).toHaveLength(1);
      const campaign = await insertCampaign(first.db, {});
      await first.destroy();

      const next = await lease();
      expect(next.migrationsSchema).toBe(first.migrationsSchema);
      expect(await count(next, 'select count(*)::int as n from campaigns')).toBe(0);
      expect((await next.pool!.query('select * from influencer_counts')).rows).toEqual(totals);
      expect(await pendingMigrations(next.db, { migrationsSchema: next.migrationsSchema })).toBe(0);
      expect((await insertCampaign(next.db, {})).id).toBe(campaign.id);
    });

    it('refuses every query once destroyed', async () => {
      const first = await lease();
      await first.destroy();
      await expect(first.exec('select 1')).rejects.toThrow();
      const next = await lease();
      expect(await count(next, 'select 1 as n')).toBe(1);
    });

    it('is not given back once a file changed its structure: the next file gets a fresh schema', async () => {
      const first = await lease();
      await first.exec('alter table campaigns add column left_behind int');
      await first.destroy();
      const next = await lease();
      expect(next.migrationsSchema).not.toBe(first.migrationsSchema);
      expect(
        await count(
          next,
          `select count(*)::int as n from information_schema.columns
         where table_schema = current_schema() and table_name = 'campaigns' and column_name = 'left_behind'`,
        ),
      ).toBe(0);
    });
  },
);
