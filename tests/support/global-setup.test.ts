import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from './bounded';
import { DEAD_CATALOG_ROWS, vacuumChurnedCatalogs } from './global-setup';
import { createScratchPostgresDatabase, type ScratchPostgresDatabase } from './test-database';

/**
 * The tests' schemas leave dead rows in PostgreSQL's system catalogs; on a server with autovacuum off (CI's) they
 * stayed, and each run was slower than the one before. The global setup vacuums them first (decision 0089). In a
 * database of its own, so no other file's schemas count.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the tests' dead catalog rows on PostgreSQL",
  { timeout: 60_000 },
  () => {
    let scratch: ScratchPostgresDatabase | undefined;
    afterAll(async () => {
      await scratch?.drop();
    });

    const connect = async () => {
      const client = new pg.Client({ connectionString: scratch!.url });
      await client.connect();
      return client;
    };
    const deadColumns = async (client: pg.Client) =>
      Number(
        (
          await client.query<{ n: string }>(
            "select n_dead_tup as n from pg_stat_sys_tables where relname = 'pg_attribute'",
          )
        ).rows[0]!.n,
      );

    it('are vacuumed when a catalog holds more than the limit, and left alone after', async () => {
      scratch = await createScratchPostgresDatabase();
      // What a test schema does to the catalogs: tables with their columns made, then dropped.
      const churn = await connect();
      const tables = Array.from(
        { length: 40 },
        (_, n) =>
          `create table churn.t${n} (${Array.from({ length: 30 }, (_, c) => `c${c} int`).join(', ')});`,
      );
      await churn.query(`create schema churn; ${tables.join(' ')}`);
      await churn.query('drop schema churn cascade');
      await churn.end();

      const client = await connect();
      try {
        await eventually(
          'the dropped columns counted dead',
          async () => (await deadColumns(client)) > DEAD_CATALOG_ROWS,
        );
        expect(await vacuumChurnedCatalogs(client)).toContain('pg_attribute');
        await eventually('the dead columns vacuumed', async () => (await deadColumns(client)) === 0);
        expect(await vacuumChurnedCatalogs(client)).toEqual([]);
      } finally {
        await client.end();
      }
    });
  },
);
