import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertApplication, insertCampaign } from '../../../tests/support/factories';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { creators } from '../../db/schema/creators';
import type { MatchedCampaign } from '../../shared/schemas/matched-campaign';

describe.each(TEST_DRIVERS)('campaigns matched to a creator on %s', (driver) => {
  const api = useAdminApp(driver, { now: () => new Date('2026-06-10T12:00:00Z'), adminEmail: false });

  it("lists open campaigns in one of the creator's categories AND on one of their platforms, saying why each fits", async () => {
    const old = new Date('2026-01-01T00:00:00Z');
    const newer = new Date('2026-02-01T00:00:00Z');
    // One of the two is not enough (issue 24: these were matched before).
    await insertCampaign(api.db, { name: 'Beauty on YouTube', platform: 'youtube', tags: ['Beauty'] });
    await insertCampaign(api.db, {
      name: 'Gaming on Instagram',
      platform: 'instagram',
      tags: ['Gaming'],
    });
    const beautyOnInstagram = await insertCampaign(api.db, {
      name: 'Beauty on Instagram',
      platform: 'instagram',
      tags: ['Beauty'],
      createdAt: old,
    });
    const lifestyleOnTiktok = await insertCampaign(api.db, {
      name: 'Lifestyle on TikTok',
      platform: 'tiktok',
      tags: ['Travel', 'Lifestyle'],
      createdAt: newer,
    });
    await insertCampaign(api.db, {
      name: 'Too Big',
      platform: 'instagram',
      tags: ['Beauty'],
      followersRequired: 100_000,
    });
    await insertCampaign(api.db, {
      name: 'Closed',
      platform: 'instagram',
      tags: ['Beauty'],
      deadline: '2026-06-09',
    });
    await insertCampaign(api.db, {
      name: 'Paused',
      platform: 'instagram',
      tags: ['Beauty'],
      status: 'pending',
    });
    const applied = await insertCampaign(api.db, {
      name: 'Already In',
      platform: 'instagram',
      tags: ['Beauty'],
    });

    const creator = await createReadyCreator(api.app, api.db, {
      email: 'match@example.com',
      instagram: 5000,
      tiktok: 2000,
    });
    expect(
      (await postJson(api.app, `/api/campaigns/${applied.id}/applications`, {}, creator.cookie)).status,
    ).toBe(201);

    const response = await getWithCookie(api.app, '/api/me/matched-campaigns', creator.cookie);
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: MatchedCampaign[] };
    // The primary category (Beauty) first, then newest.
    expect(items.map((c) => [c.id, c.name, c.match])).toEqual([
      [
        beautyOnInstagram.id,
        'Beauty on Instagram',
        { category: 'Beauty', platform: 'instagram', reason: 'Beauty · you post on Instagram' },
      ],
      [
        lifestyleOnTiktok.id,
        'Lifestyle on TikTok',
        { category: 'Lifestyle', platform: 'tiktok', reason: 'Lifestyle · you post on TikTok' },
      ],
    ]);

    expect((await api.app.request('/api/me/matched-campaigns')).status).toBe(401);
  });

  it('leaves out what Apply would refuse: full campaigns, and everything for a creator who cannot apply yet', async () => {
    const full = await insertCampaign(api.db, {
      name: 'Full House',
      platform: 'instagram',
      tags: ['Beauty'],
      maxAccepted: 1,
    });
    const open = await insertCampaign(api.db, {
      name: 'Room Left',
      platform: 'instagram',
      tags: ['Beauty'],
      maxAccepted: 2,
    });
    // Full House has its one creator; Room Left has one of two (factories put them at 'shipped' in one call each).
    await insertApplication(api.db, { campaign: full, status: 'shipped' });
    await insertApplication(api.db, { campaign: open, status: 'accepted' });

    const next = await createReadyCreator(api.app, api.db, { email: 'next@example.com' });
    const names = async (cookie: string) =>
      (
        (await (await getWithCookie(api.app, '/api/me/matched-campaigns', cookie)).json()) as {
          items: MatchedCampaign[];
        }
      ).items.map((c) => c.name);
    const shown = await names(next.cookie);
    expect(shown).toContain('Room Left');
    expect(shown).not.toContain('Full House');
    const eligibility = (await (
      await getWithCookie(api.app, `/api/campaigns/${full.id}/eligibility`, next.cookie)
    ).json()) as { reason: string };
    expect(eligibility.reason).toBe('full');

    await api.db.update(creators).set({ emailVerified: false }).where(eq(creators.id, next.creatorId));
    expect(await names(next.cookie)).toEqual([]);
  });
});
