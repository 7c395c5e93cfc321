import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertApplication, insertCampaign } from '../../../tests/support/factories';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { influencers } from '../../db/schema/influencers';
import type { Campaign } from '../../shared/schemas/campaign';
import { createApp } from '../app';
import { silentLogger } from '../logger';

describe.each(TEST_DRIVERS)('campaigns matched to a creator on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = createApp({
      db: database.db,
      env: testEnv({ TRUST_PROXY: 'true' }),
      logger: silentLogger(),
      now: () => new Date('2026-06-10T12:00:00Z'),
    });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("lists open campaigns in the creator's categories or on their platforms that they can join, categories first", async () => {
    const old = new Date('2026-01-01T00:00:00Z');
    const newer = new Date('2026-02-01T00:00:00Z');
    const beautyOnYoutube = await insertCampaign(database.db, {
      name: 'Beauty on YouTube',
      platform: 'youtube',
      tags: ['Beauty'],
      createdAt: old,
    });
    const instagramGaming = await insertCampaign(database.db, {
      name: 'Gaming on Instagram',
      platform: 'instagram',
      tags: ['Gaming'],
      createdAt: newer,
    });
    await insertCampaign(database.db, { name: 'Gaming on TikTok', platform: 'tiktok', tags: ['Gaming'] });
    await insertCampaign(database.db, {
      name: 'Too Big',
      platform: 'instagram',
      tags: ['Beauty'],
      followersRequired: 100_000,
    });
    await insertCampaign(database.db, {
      name: 'Closed',
      platform: 'instagram',
      tags: ['Beauty'],
      deadline: '2026-06-09',
    });
    await insertCampaign(database.db, {
      name: 'Paused',
      platform: 'instagram',
      tags: ['Beauty'],
      status: 'pending',
    });
    const applied = await insertCampaign(database.db, {
      name: 'Already In',
      platform: 'instagram',
      tags: ['Beauty'],
    });

    const creator = await createReadyCreator(app, database.db, {
      email: 'match@example.com',
      instagram: 5000,
    });
    expect(
      (await postJson(app, `/api/campaigns/${applied.id}/applications`, {}, creator.cookie)).status,
    ).toBe(201);

    const response = await getWithCookie(app, '/api/me/matched-campaigns', creator.cookie);
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: Campaign[] };
    expect(items.map((c) => c.name)).toEqual(['Beauty on YouTube', 'Gaming on Instagram']);
    expect(items[0]?.id).toBe(beautyOnYoutube.id);
    expect(items[1]?.id).toBe(instagramGaming.id);

    expect((await app.request('/api/me/matched-campaigns')).status).toBe(401);
  });

  it('leaves out what Apply would refuse: full campaigns, and everything for a creator who cannot apply yet', async () => {
    const full = await insertCampaign(database.db, {
      name: 'Full House',
      platform: 'instagram',
      tags: ['Beauty'],
      maxAccepted: 1,
    });
    const open = await insertCampaign(database.db, {
      name: 'Room Left',
      platform: 'instagram',
      tags: ['Beauty'],
      maxAccepted: 2,
    });
    // Full House has its one creator; Room Left has one of two (factories put them at 'shipped' in one call each).
    await insertApplication(database.db, { campaign: full, status: 'shipped' });
    await insertApplication(database.db, { campaign: open, status: 'accepted' });

    const next = await createReadyCreator(app, database.db, { email: 'next@example.com' });
    const names = async (cookie: string) =>
      (
        (await (await getWithCookie(app, '/api/me/matched-campaigns', cookie)).json()) as {
          items: Campaign[];
        }
      ).items.map((c) => c.name);
    const shown = await names(next.cookie);
    expect(shown).toContain('Room Left');
    expect(shown).not.toContain('Full House');
    const eligibility = (await (
      await getWithCookie(app, `/api/campaigns/${full.id}/eligibility`, next.cookie)
    ).json()) as { reason: string };
    expect(eligibility.reason).toBe('full');

    await database.db
      .update(influencers)
      .set({ emailVerified: false })
      .where(eq(influencers.id, next.influencerId));
    expect(await names(next.cookie)).toEqual([]);
  });
});
