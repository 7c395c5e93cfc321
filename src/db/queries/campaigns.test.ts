import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaigns } from '../../../tests/support/factories';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { CAMPAIGN_TOTAL_CAP } from '../../shared/constants';
import {
  decodeCampaignCursor,
  encodeCampaignCursor,
  invalidateCampaignCounts,
  keywordTerms,
  listPublicCampaigns,
} from './campaigns';

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
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('counts up to 1,000 and then says "more" instead of counting every match', async () => {
    await insertCampaigns(database.db, CAMPAIGN_TOTAL_CAP, (i) => ({
      platform: i < 10 ? 'tiktok' : 'instagram',
    }));
    const exact = await listPublicCampaigns(database.db, { limit: 8 });
    expect(exact).toMatchObject({ total: 1000, totalCapped: false });

    await insertCampaigns(database.db, 1);
    await invalidateCampaignCounts(database.db);
    const capped = await listPublicCampaigns(database.db, { limit: 8 });
    expect(capped).toMatchObject({ total: 1000, totalCapped: true });
    expect(capped.items).toHaveLength(8);

    // The same prepared statements serve other values of the same filter shape.
    const tiktok = await listPublicCampaigns(database.db, { limit: 8, platform: 'tiktok' });
    expect(tiktok).toMatchObject({ total: 10, totalCapped: false });
    expect(tiktok.items.every((c) => c.platform === 'tiktok')).toBe(true);
    const youtube = await listPublicCampaigns(database.db, { limit: 8, platform: 'youtube' });
    expect(youtube).toMatchObject({ total: 0, totalCapped: false, items: [] });
  });
});
