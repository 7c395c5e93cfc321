import { afterEach, describe, expect, it } from 'vitest';
import { insertCampaign } from './factories';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A PGlite database a file destroyed comes back to the next file of the worker as the template left it
 * (tests/support/pglite-reuse.ts, decision 0022): the next file must not see a row, an id, a setting or a table of the
 * one before, and the one before must not reach the next file's database.
 */
describe('PGlite databases reused between test files', () => {
  const open: TestDatabase[] = [];
  const lease = async () => {
    const database = await createTestDatabase('pglite');
    open.push(database);
    return database;
  };
  afterEach(async () => {
    for (const database of open.splice(0)) await database.destroy();
  });

  const count = async (database: TestDatabase, sql: string) =>
    (await database.pglite!.query<{ n: number }>(sql)).rows[0]!.n;

  it('comes back empty, with the rows the migrations wrote, ids from the start and the session reset', async () => {
    const first = await lease();
    const totals = (await first.pglite!.query('select * from influencer_counts')).rows;
    expect(totals).toHaveLength(1);
    const campaign = await insertCampaign(first.db, {});
    await first.exec(`set timezone = 'Asia/Tokyo'`);
    await first.destroy();

    const next = await lease();
    expect(await count(next, 'select count(*)::int as n from campaigns')).toBe(0);
    expect((await next.pglite!.query('select * from influencer_counts')).rows).toEqual(totals);
    expect((await insertCampaign(next.db, {})).id).toBe(campaign.id);
    expect((await next.pglite!.query<{ tz: string }>('show timezone')).rows[0]!.tz).not.toBe('Asia/Tokyo');
  });

  it('refuses every query once destroyed, as a closed database does', async () => {
    const first = await lease();
    await first.destroy();
    await expect(first.pglite!.query('select 1')).rejects.toThrow(/destroyed/);
    await expect(first.exec('select 1')).rejects.toThrow(/destroyed/);
    await first.destroy();
    const next = await lease();
    expect(await count(next, 'select 1 as n')).toBe(1);
  });

  it('is not given back once a file changed its structure: the next file gets a fresh copy', async () => {
    const first = await lease();
    await first.exec('create schema left_behind; create table left_behind.t (id int)');
    await first.exec('alter table campaigns add column left_behind int');
    await first.destroy();
    const next = await lease();
    expect(
      await count(next, `select count(*)::int as n from pg_namespace where nspname = 'left_behind'`),
    ).toBe(0);
    expect(
      await count(
        next,
        `select count(*)::int as n from pg_attribute where attrelid = 'campaigns'::regclass and attname = 'left_behind'`,
      ),
    ).toBe(0);
  });
});
