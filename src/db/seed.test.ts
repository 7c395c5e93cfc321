import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../tests/support/test-database';
import { CATEGORIES, PLATFORMS, PUBLIC_CAMPAIGN_STATUSES } from '../shared/constants';
import { type CampaignRow, campaigns } from './schema/campaigns';
import { type SeedResult, seedIfEmpty } from './seed';
import { DEMO_CAMPAIGNS } from './seed-data/campaigns';

const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));
const NOW = new Date('2026-03-15T12:00:00.000Z');
const TODAY = NOW.toISOString().slice(0, 10);

const isPublic = (row: CampaignRow) => (PUBLIC_CAMPAIGN_STATUSES as readonly string[]).includes(row.status);

describe('demo catalogue data', () => {
  it('gives every campaign a distinct age, no applications yet and a three-image gallery led by the cover', () => {
    expect(new Set(DEMO_CAMPAIGNS.map((c) => c.ageInHours)).size).toBe(DEMO_CAMPAIGNS.length);
    for (const campaign of DEMO_CAMPAIGNS) {
      expect(campaign.applicationsCount ?? 0).toBe(0);
      expect(campaign.gallery).toHaveLength(3);
      expect(campaign.gallery?.[0]).toBe(campaign.imageUrl);
      expect(campaign.requirements?.length).toBeGreaterThanOrEqual(3);
      expect(campaign.requirements?.length).toBeLessThanOrEqual(5);
    }
  });

  it('rewards most campaigns with at least 10 Mint', () => {
    const rewarded = DEMO_CAMPAIGNS.filter((c) => (c.reward ?? 0) >= 10).length;
    expect(rewarded).toBeGreaterThan(DEMO_CAMPAIGNS.length / 2);
  });

  it('ships illustrations that are small, accessible and self-contained', () => {
    const files = new Set(DEMO_CAMPAIGNS.flatMap((c) => [c.imageUrl, ...(c.gallery ?? [])]));
    for (const url of files) {
      const file = path.join(PUBLIC_DIR, url);
      const svg = readFileSync(file, 'utf8');
      expect(statSync(file).size, url).toBeLessThanOrEqual(4096);
      expect(svg, url).toContain('role="img"');
      expect(svg, url).toMatch(/<title>[^<]+<\/title>/);
      expect(svg, url).not.toMatch(/<image|<text|@import|@font-face/);
      // The only absolute URL allowed is the SVG namespace; every reference stays inside the file.
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', ''), url).not.toMatch(/https?:\/\//);
      for (const [, target] of svg.matchAll(/href="([^"]*)"/g)) expect(target, url).toMatch(/^#/);
    }
  });
});

describe.each(TEST_DRIVERS)('seedIfEmpty on %s', (driver) => {
  let database: TestDatabase;
  let first: SeedResult | null;
  let second: SeedResult | null;
  let rows: CampaignRow[];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    first = await seedIfEmpty(database.db, NOW);
    second = await seedIfEmpty(database.db, NOW);
    rows = await database.db.select().from(campaigns);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('seeds the catalogue once and leaves a non-empty database alone', () => {
    expect(first?.campaigns).toBeGreaterThanOrEqual(40);
    expect(first?.campaigns).toBe(DEMO_CAMPAIGNS.length);
    expect(second).toBeNull();
    expect(rows).toHaveLength(DEMO_CAMPAIGNS.length);
  });

  it('has at least 8 public campaigns on every platform', () => {
    for (const platform of PLATFORMS) {
      const count = rows.filter((row) => row.platform === platform && isPublic(row)).length;
      expect(count, platform).toBeGreaterThanOrEqual(8);
    }
  });

  it('tags every category on some public campaign', () => {
    const tags = new Set(rows.filter(isPublic).flatMap((row) => row.tags));
    for (const category of CATEGORIES) expect(tags, category).toContain(category);
  });

  it('points every cover and gallery image at a file under public/', () => {
    for (const row of rows) {
      for (const url of [row.imageUrl, ...row.gallery]) {
        expect(url, row.name).toMatch(/^\/images\/campaigns\/[a-z0-9-]+\.svg$/);
        expect(existsSync(path.join(PUBLIC_DIR, url)), url).toBe(true);
      }
    }
  });

  it('contains no absolute http(s) URLs', () => {
    const text = JSON.stringify(rows);
    expect(text).not.toContain('http://');
    expect(text).not.toContain('https://');
  });

  it('dates campaigns relative to the injected now', () => {
    const active = rows.filter((row) => row.status === 'active');
    expect(active.some((row) => row.deadline > TODAY)).toBe(true);
    for (const row of active) expect(row.deadline > TODAY, row.name).toBe(true);
    for (const row of rows.filter((r) => r.status === 'ended'))
      expect(row.deadline < TODAY, row.name).toBe(true);
    for (const row of rows) expect(row.createdAt.getTime()).toBeLessThan(NOW.getTime());
    expect(new Set(rows.map((row) => row.createdAt.getTime())).size).toBe(rows.length);
  });
});
