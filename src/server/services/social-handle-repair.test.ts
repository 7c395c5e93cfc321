import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { socialAccounts } from '../../db/schema/onboarding';
import type { CreatorDetail } from '../../shared/schemas/creator-admin';
import { repairSocialHandles } from './social-handle-repair';

describe.each(TEST_DRIVERS)('handles saved before the handle rule, repaired at start-up, on %s', (driver) => {
  const api = useAdminApp(driver, { mailer: captureMailer() });

  /** What the wizard stored before issue 24 (it kept whatever was typed): the rows an older version wrote. */
  const storeAsBefore = (creatorId: number, platform: string, handle: string, followers: number) =>
    api.db
      .insert(socialAccounts)
      .values({ creatorId, platform, handle, followers })
      .onConflictDoUpdate({
        target: [socialAccounts.creatorId, socialAccounts.platform],
        set: { handle, followers },
      });

  it('keeps the handle of a pasted link, takes off text that is no handle (counts stay) and tells the creator', async () => {
    const ana = await createReadyCreator(api.app, api.db, { email: 'ana@example.com', name: 'Ana Old' });
    await storeAsBefore(ana.creatorId, 'instagram', 'https://www.instagram.com/ana.glow/?hl=en', 5000);
    await storeAsBefore(ana.creatorId, 'tiktok', 'https://not a url/@@@', 1200);
    await storeAsBefore(ana.creatorId, 'youtube', '@ana.makes', 800);
    const ben = await createReadyCreator(api.app, api.db, { email: 'ben@example.com', name: 'Ben Fine' });

    expect(await repairSocialHandles(api.db, new Date())).toEqual({ reduced: 1, removed: 1 });

    const detail = (await (
      await getWithCookie(api.app, `/api/admin/influencers/${ana.creatorId}`, api.admin)
    ).json()) as CreatorDetail;
    const social = (platform: string) => detail.socials.find((s) => s.platform === platform);
    expect(social('instagram')).toMatchObject({
      handle: 'ana.glow',
      url: 'https://www.instagram.com/ana.glow/',
      followers: 5000,
    });
    expect(social('tiktok')).toMatchObject({ handle: null, url: null, followers: 1200 });
    expect(social('youtube')).toMatchObject({ handle: '@ana.makes', followers: 800 });

    const notices = (await (await getWithCookie(api.app, '/api/notifications', ana.cookie)).json()) as {
      items: Array<{ kind: string; title: string; body: string; link: string }>;
    };
    expect(notices.items.filter((n) => n.kind === 'handle_removed')).toEqual([
      expect.objectContaining({
        title: 'Add your TikTok handle again',
        body: expect.stringContaining('“https://not a url/@@@” is not a TikTok handle'),
        link: '/profile',
      }),
    ]);
    const bens = (await (await getWithCookie(api.app, '/api/notifications', ben.cookie)).json()) as {
      items: Array<{ kind: string }>;
    };
    expect(bens.items.some((n) => n.kind === 'handle_removed')).toBe(false);

    // A second start finds nothing to do and tells nobody twice.
    expect(await repairSocialHandles(api.db, new Date())).toEqual({ reduced: 0, removed: 0 });
    const [tiktok] = await api.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.creatorId, ana.creatorId), eq(socialAccounts.platform, 'tiktok')));
    expect(tiktok?.handle).toBeNull();
  });
});
