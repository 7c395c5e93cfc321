import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../tests/support/factories';
import { type FakeTiktok, startFakeTiktok } from '../../../tests/support/fake-tiktok';
import { insertSubmittedPost } from '../../../tests/support/posts';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { influencers, tiktokAuth } from '../../db/schema/influencers';
import { tiktokVideoId } from '../../shared/content-metrics';
import { createTiktokSource } from './tiktok';

const NOW = new Date('2026-06-10T12:00:00Z');
const VIDEO = 'https://www.tiktok.com/@ana/video/7234567890123456789';
const OTHER = 'https://www.tiktok.com/@ana/video/7234567890123456790';

describe('TikTok video ids', () => {
  it('reads the id from a TikTok video link only', () => {
    expect(tiktokVideoId(VIDEO)).toBe('7234567890123456789');
    expect(tiktokVideoId('https://tiktok.com/@ana/video/7234567890123456789?lang=en')).toBe(
      '7234567890123456789',
    );
    expect(tiktokVideoId('https://www.tiktok.com/@ana')).toBeNull();
    expect(tiktokVideoId('https://www.youtube.com/watch?v=aaaaaaaaaaa')).toBeNull();
  });
});

describe.each(TEST_DRIVERS)(
  'TikTok metrics source against a local fake of the Display API on %s',
  (driver) => {
    let database: TestDatabase;
    let fake: FakeTiktok;
    let ana: number;
    let post: number;

    const source = () =>
      createTiktokSource(
        { clientKey: 'tt-client-key', clientSecret: 'tt-client-secret', apiBase: fake.url },
        { db: database.db, now: () => NOW },
      );
    const tokens = async () =>
      (await database.db.select().from(tiktokAuth).where(eq(tiktokAuth.influencerId, ana)))[0]!;

    beforeAll(async () => {
      database = await createTestDatabase(driver);
      fake = await startFakeTiktok();
      const [row] = await database.db
        .insert(influencers)
        .values({ username: 'ana', name: 'Ana', email: 'ana@example.com', emailVerified: true })
        .returning();
      ana = row!.id;
      const campaignId = (await insertCampaign(database.db, { platform: 'tiktok' })).id;
      post = await insertSubmittedPost(database.db, { campaignId, influencerId: ana, urls: [VIDEO, OTHER] });
      fake.videos.set('7234567890123456789', {
        owner: 'open-ana',
        view_count: 5000,
        like_count: 400,
        comment_count: 30,
        share_count: 12,
      });
      fake.tokens.set('act.valid', 'open-ana');
      fake.refreshTokens.set('rft.first', 'open-ana');
      await database.db.insert(tiktokAuth).values({
        influencerId: ana,
        openId: 'open-ana',
        accessToken: 'act.valid',
        refreshToken: 'rft.first',
        tokenExpiresAt: new Date(NOW.getTime() + 3_600_000),
      });
    });
    afterAll(async () => {
      await fake.close();
      await database?.destroy();
    });

    it("reads the creator's video with their token; a video that is not there is gone", async () => {
      const readings = await source().read([
        { submissionId: post, postUrl: VIDEO },
        { submissionId: post, postUrl: OTHER },
      ]);
      expect(readings).toEqual([
        {
          ok: true,
          figures: { views: 5000, likes: 400, comments: 30, shares: 12, saves: null, reach: null },
        },
        { ok: false, gone: true, reason: 'the video is deleted, private or not the creator’s' },
      ]);
      expect(fake.refreshes).toBe(0);
    });

    it('renews a token refused as expired, stores the new pair and retries', async () => {
      fake.tokens.delete('act.valid');
      const [reading] = await source().read([{ submissionId: post, postUrl: VIDEO }]);
      expect(reading).toMatchObject({ ok: true, figures: { views: 5000 } });
      expect(fake.refreshes).toBe(1);
      expect(await tokens()).toMatchObject({
        accessToken: 'act.1',
        refreshToken: 'rft.1',
        tokenExpiresAt: new Date(NOW.getTime() + 86_400_000),
      });
    });

    it('renews a token past its expiry before calling', async () => {
      await database.db
        .update(tiktokAuth)
        .set({ tokenExpiresAt: new Date(NOW.getTime() - 1000) })
        .where(eq(tiktokAuth.influencerId, ana));
      await source().read([{ submissionId: post, postUrl: VIDEO }]);
      expect(fake.refreshes).toBe(2);
      expect((await tokens()).accessToken).toBe('act.2');
    });

    it('tells a rate limit (quota) from a refused refresh (the creator must sign in again)', async () => {
      fake.rateLimited = true;
      await expect(source().read([{ submissionId: post, postUrl: VIDEO }])).rejects.toMatchObject({
        kind: 'quota',
      });
      fake.rateLimited = false;
      fake.tokens.clear();
      fake.refreshTokens.clear();
      expect(await source().read([{ submissionId: post, postUrl: VIDEO }])).toEqual([
        // Not gone: read again at the next scheduled read, once the creator signed in again.
        { ok: false, gone: false, reason: 'the creator needs to sign in with TikTok again' },
      ]);
    });
  },
);
