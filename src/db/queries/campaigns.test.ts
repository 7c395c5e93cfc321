import { count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCampaigns } from '../../../tests/support/factories';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { useTestDatabase } from '../../../tests/support/use-test-database';
import { CAMPAIGN_TOTAL_CAP } from '../../shared/constants';
import { campaigns } from '../schema/campaigns';
import { invalidateCampaignCounts } from './campaign-count-cache';
import { decodeCampaignCursor, encodeCampaignCursor, keywordTerms } from './campaign-list-filters';
import { listPublicCampaigns } from './campaigns';
import { rowsOf } from './raw-rows';

describe('campaign cursor', () => {
  it('round-trips a position', () => {
    const position = { createdAt: new Date('2026-05-01T10:20:30.456Z'), id: 42 };
    expect(decodeCampaignCursor(encodeCampaignCursor(position))).toEqual(position);
  });

  it('rejects anything it did not make', () => {
    for (const text of [
      '',
      'abc',
      Buffer.from('x.1').toString('base64url'),
      Buffer.from('1.0').toString('base64url'),
      Buffer.from('1.99999999999').toString('base64url'),
    ]) {
      expect(decodeCampaignCursor(text), text).toBeNull();
    }
  });
});

describe('keyword terms', () => {
  it('lower-cases, splits on spaces and keeps at most 8 words', () => {
    expect(keywordTerms('  Glow   SERUM ')).toEqual(['glow', 'serum']);
    expect(keywordTerms(undefined)).toEqual([]);
    expect(keywordTerms('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe.each(TEST_DRIVERS)('catalogue totals on %s', (driver) => {
  const database = useTestDatabase(driver);

  /** campaign_counts against a real count of campaigns, per status and platform. */
  async function countsMatchCampaigns() {
    return rowsOf(
      await database.db.execute(sql`
      select * from (select status, platform, count(*)::int as n from campaigns group by status, platform) real
      full join campaign_counts kept using (status, platform)
      where real.n is distinct from kept.total and not (real.n is null and kept.total = 0)`),
    );
  }

  it('counts every campaign without a keyword, and a keyword search up to 1,000 ("1,000+")', async () => {
    await insertCampaigns(database.db, CAMPAIGN_TOTAL_CAP + 1, (i) => ({
      name: `Glow drop ${i}`,
      platform: i < 10 ? 'tiktok' : 'instagram',
    }));
    const all = await listPublicCampaigns(database.db, { limit: 8 });
    expect(all).toMatchObject({ total: 1001, totalCapped: false });
    expect(all.items).toHaveLength(8);

    await invalidateCampaignCounts(database.db);
    const keyword = await listPublicCampaigns(database.db, { limit: 8, q: 'glow' });
    expect(keyword).toMatchObject({ total: 1000, totalCapped: true });
    const fewer = await listPublicCampaigns(database.db, { limit: 8, q: 'drop 100' });
    expect(fewer).toMatchObject({ total: 2, totalCapped: false }); // "drop 100" and "drop 1000"

    // The same prepared statements serve other values of the same filter shape.
    const tiktok = await listPublicCampaigns(database.db, { limit: 8, platform: 'tiktok' });
    expect(tiktok).toMatchObject({ total: 10, totalCapped: false });
    expect(tiktok.items.every((c) => c.platform === 'tiktok')).toBe(true);
    const youtube = await listPublicCampaigns(database.db, { limit: 8, platform: 'youtube' });
    expect(youtube).toMatchObject({ total: 0, totalCapped: false, items: [] });

    // A page past the end still says how many there are.
    const last = tiktok.items.at(-1)!;
    const beyond = await listPublicCampaigns(database.db, {
      limit: 8,
      platform: 'tiktok',
      cursor: { createdAt: new Date(Date.UTC(2000, 0, 1)), id: last.id },
    });
    expect(beyond).toMatchObject({ items: [], total: 10, nextCursor: null });
  });

  it('keeps the totals exact through inserts, status and platform changes, deletes and rollbacks', async () => {
    await database.db.execute(sql`delete from campaigns`);
    const rows = await insertCampaigns(database.db, 60, (i) => ({
      status: i % 3 === 0 ? 'pending' : 'active',
      platform: i % 2 === 0 ? 'youtube' : 'tiktok',
    }));
    expect(await countsMatchCampaigns()).toEqual([]);
    const ids = rows.map((row) => row.id);

    await database.db
      .update(campaigns)
      .set({ status: 'ended' })
      .where(inArray(campaigns.id, ids.slice(0, 12)));
    await database.db
      .update(campaigns)
      .set({ platform: 'facebook' })
      .where(inArray(campaigns.id, ids.slice(6, 20)));
    await database.db.delete(campaigns).where(inArray(campaigns.id, ids.slice(15, 25)));
    await expect(
      database.db.transaction(async (tx) => {
        await tx
          .update(campaigns)
          .set({ status: 'draft' })
          .where(inArray(campaigns.id, ids.slice(30, 40)));
        await insertCampaigns(tx, 5);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countsMatchCampaigns()).toEqual([]);

    const real = async (where: SQL) =>
      Number((await database.db.select({ n: count() }).from(campaigns).where(where))[0]!.n);
    expect((await listPublicCampaigns(database.db, { limit: 8 })).total).toBe(
      await real(sql`status = 'active'`),
    );
    expect(
      (await listPublicCampaigns(database.db, { limit: 8, status: 'ended', platform: 'facebook' })).total,
    ).toBe(await real(sql`status = 'ended' and platform = 'facebook'`));
    expect((await listPublicCampaigns(database.db, { limit: 8, status: 'all' })).total).toBe(
      await real(sql`status in ('active', 'pending', 'ended')`),
    );

    // An update that moves no campaign between counts writes no count row (no lock for applications_count).
    const countRowVersions = sql`select status, platform, xmin::text from campaign_counts order by 1, 2`;
    const before = rowsOf(await database.db.execute(countRowVersions));
    await database.db
      .update(campaigns)
      .set({ applicationsCount: sql`${campaigns.applicationsCount} + 1` })
      .where(inArray(campaigns.id, ids.slice(40, 60)));
    expect(rowsOf(await database.db.execute(countRowVersions))).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });

  it('stays exact when many transactions change campaigns at once', async () => {
    await database.db.execute(sql`truncate campaigns cascade`);
    expect(await countsMatchCampaigns()).toEqual([]);
    const rows = await insertCampaigns(database.db, 40, () => ({ status: 'active', platform: 'tiktok' }));
    await Promise.all(
      rows.map((row, i) =>
        database.db.transaction(async (tx) => {
          await tx
            .update(campaigns)
            .set({ status: i % 2 === 0 ? 'ended' : 'pending', platform: i % 4 < 2 ? 'tiktok' : 'youtube' })
            .where(eq(campaigns.id, row.id));
          await insertCampaigns(tx, 1, () => ({
            status: 'active',
            platform: i % 3 === 0 ? 'youtube' : 'tiktok',
          }));
        }),
      ),
    );
    expect(await countsMatchCampaigns()).toEqual([]);
    const totals = await Promise.all(
      (['active', 'pending', 'ended'] as const).map(
        async (status) => (await listPublicCampaigns(database.db, { limit: 8, status })).total,
      ),
    );
    expect(totals).toEqual([40, 20, 20]);
  });
});
