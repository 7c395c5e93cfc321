import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../tests/support/factories';
import { type FakeYoutube, startFakeYoutube } from '../../../tests/support/fake-youtube';
import { insertSubmittedPost } from '../../../tests/support/posts';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { listPostMetrics } from '../../db/queries/content-metrics-posts';
import { contentMetricFetches, contentMetricSnapshots } from '../../db/schema/content-metrics';
import { creators } from '../../db/schema/creators';
import type { MetricsSource } from '../integrations/metrics-source';
import { createYoutubeSource } from '../integrations/youtube/youtube-source';
import { silentLogger } from '../process/logger';
import { backoffMs, nextReadAt, refreshContentMetrics } from './refresh-content-metrics';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('refresh schedule', () => {
  it('reads hourly for two days after approval, then daily, and stops after 32 days', () => {
    const approved = new Date('2026-06-01T00:00:00Z');
    const at = (ms: number) => new Date(approved.getTime() + ms);
    expect(nextReadAt(approved, at(HOUR))).toEqual(at(2 * HOUR));
    expect(nextReadAt(approved, at(47 * HOUR))).toEqual(at(48 * HOUR));
    expect(nextReadAt(approved, at(2 * DAY))).toEqual(at(3 * DAY));
    expect(nextReadAt(approved, at(31 * DAY))).toEqual(at(32 * DAY));
    expect(nextReadAt(approved, at(31 * DAY + HOUR))).toBeNull();
    expect([1, 2, 3, 4, 5, 6, 10].map((n) => backoffMs(n) / HOUR)).toEqual([1, 2, 4, 8, 16, 24, 24]);
  });
});

describe.each(TEST_DRIVERS)('content metrics refresh on %s', (driver) => {
  let database: TestDatabase;
  let fake: FakeYoutube;
  let creatorId: number;
  const logger = silentLogger();
  const approvedAt = new Date('2026-06-01T12:00:00Z');

  const run = (now: Date) =>
    refreshContentMetrics({
      db: database.db,
      sources: [createYoutubeSource({ apiKey: fake.apiKey, apiBase: fake.url })],
      now,
      logger,
    });
  /** The creator's post at `url` on a new YouTube campaign: approved at `reviewedAt`, or only submitted. */
  const youtubePost = async (url: string, review: { reviewedAt?: Date; status?: 'submitted' }) =>
    insertSubmittedPost(database.db, {
      campaignId: (await insertCampaign(database.db, { platform: 'youtube' })).id,
      creatorId,
      urls: [url],
      ...review,
    });
  const snapshotsOf = (submissionId: number) =>
    database.db
      .select()
      .from(contentMetricSnapshots)
      .where(eq(contentMetricSnapshots.submissionId, submissionId))
      .orderBy(contentMetricSnapshots.measuredAt);
  const fetchOf = async (submissionId: number) =>
    (
      await database.db
        .select()
        .from(contentMetricFetches)
        .where(eq(contentMetricFetches.submissionId, submissionId))
    )[0]!;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    fake = await startFakeYoutube();
    const [creator] = await database.db
      .insert(creators)
      .values({ username: 'tuber', name: 'Tube Creator', email: 'tube@example.com', emailVerified: true })
      .returning();
    creatorId = creator!.id;
  });
  afterAll(async () => {
    await fake.close();
    await database?.destroy();
  });

  it('reads an approved post at once, then hourly, keeping every snapshot', async () => {
    const id = await youtubePost('https://www.youtube.com/watch?v=aaaaaaaaaaa', { reviewedAt: approvedAt });
    // Waiting for review: not read.
    const pending = await youtubePost('https://youtu.be/bbbbbbbbbbb', { status: 'submitted' });
    fake.videos.set('aaaaaaaaaaa', { viewCount: 100, likeCount: 10, commentCount: 1 });
    fake.videos.set('bbbbbbbbbbb', { viewCount: 5 });
    const t0 = new Date(approvedAt.getTime() + 10 * 60_000);
    expect(await run(t0)).toMatchObject({ read: 1, failed: 0 });
    expect(await snapshotsOf(pending)).toHaveLength(0);
    expect(await fetchOf(id)).toMatchObject({ nextFetchAt: new Date(t0.getTime() + HOUR), failures: 0 });

    // Not due yet: nothing is read.
    expect((await run(new Date(t0.getTime() + 30 * 60_000))).read).toBe(0);
    fake.videos.set('aaaaaaaaaaa', { viewCount: 250, likeCount: 20, commentCount: 3 });
    expect((await run(new Date(t0.getTime() + HOUR))).read).toBe(1);
    const snapshots = await snapshotsOf(id);
    expect(snapshots.map((s) => [s.source, s.views, s.likes, s.comments, s.shares])).toEqual([
      ['api', 100, 10, 1, null],
      ['api', 250, 20, 3, null],
    ]);
    const [post] = await listPostMetrics(
      database.db,
      { creatorId: creatorId },
      new Date(t0.getTime() + HOUR),
    );
    expect(post).toMatchObject({ views: 250, source: 'api' });
    // The creator's engagement rate follows the read: (20 + 3) / 250 views.
    const [creator] = await database.db.select().from(creators).where(eq(creators.id, creatorId));
    expect(creator?.engagementRate).toBe('9.20');
  });

  it('backs off on a used-up quota for the whole platform and never loses the last good figures', async () => {
    const id = await youtubePost('https://www.youtube.com/shorts/ccccccccccc', {
      reviewedAt: new Date('2026-06-10T00:00:00Z'),
    });
    fake.videos.set('ccccccccccc', { viewCount: 40, likeCount: 4 });
    const t1 = new Date('2026-06-10T01:00:00Z');
    await run(t1);
    fake.quotaExceeded = true;
    const t2 = new Date(t1.getTime() + HOUR);
    const failed = await run(t2);
    expect(failed.quota).toEqual(['youtube']);
    expect(await fetchOf(id)).toMatchObject({
      failures: 1,
      nextFetchAt: new Date(t2.getTime() + HOUR),
      lastError: expect.stringContaining('quotaExceeded'),
    });
    // The second failure in a row waits twice as long.
    const t3 = new Date(t2.getTime() + HOUR);
    await run(t3);
    expect(await fetchOf(id)).toMatchObject({ failures: 2, nextFetchAt: new Date(t3.getTime() + 2 * HOUR) });
    const [kept] = (await listPostMetrics(database.db, { creatorId: creatorId }, t3)).filter(
      (p) => p.submissionId === id,
    );
    expect(kept).toMatchObject({ views: 40, likes: 4, source: 'api', measuredAt: t1.toISOString() });

    fake.quotaExceeded = false;
    fake.videos.set('ccccccccccc', { viewCount: 90, likeCount: 9 });
    // Still backing off: not read.
    expect((await run(new Date(t3.getTime() + HOUR))).read).toBe(0);
    const t4 = new Date(t3.getTime() + 2 * HOUR);
    expect((await run(t4)).read).toBeGreaterThanOrEqual(1);
    expect(await fetchOf(id)).toMatchObject({ failures: 0, lastError: null });
    expect((await snapshotsOf(id)).map((s) => s.views)).toEqual([40, 90]);
  });

  it('backs off only the post whose reading failed; the rest of the batch is read', async () => {
    const reviewedAt = new Date('2026-06-20T00:00:00Z');
    const good = await youtubePost('https://youtu.be/fffffffffff', { reviewedAt });
    const bad = await youtubePost('https://youtu.be/ggggggggggg', { reviewedAt });
    fake.videos.set('fffffffffff', { viewCount: 11 });
    fake.videos.set('ggggggggggg', { viewCount: 12 });
    const youtube = createYoutubeSource({ apiKey: fake.apiKey, apiBase: fake.url });
    // A platform that answers for the batch but says something unexpected about one post.
    const flaky: MetricsSource = {
      ...youtube,
      async read(posts) {
        const readings = await youtube.read(posts);
        return readings.map((reading, i) =>
          posts[i]!.submissionId === bad
            ? { ok: false, gone: false, failed: true, reason: 'an answer we could not read' }
            : reading,
        );
      },
    };
    const t = new Date('2026-06-20T01:00:00Z');
    const result = await refreshContentMetrics({ db: database.db, sources: [flaky], now: t, logger });
    expect(result).toMatchObject({ failed: 1 });
    expect((await snapshotsOf(good)).map((s) => s.views)).toEqual([11]);
    expect(await snapshotsOf(bad)).toHaveLength(0);
    expect(await fetchOf(good)).toMatchObject({ failures: 0, nextFetchAt: new Date(t.getTime() + HOUR) });
    expect(await fetchOf(bad)).toMatchObject({
      failures: 1,
      lastError: 'an answer we could not read',
      nextFetchAt: new Date(t.getTime() + backoffMs(1)),
    });
  });

  it('stops reading a deleted video, keeps its figures, and leaves old approvals alone', async () => {
    const id = await youtubePost('https://youtu.be/ddddddddddd', {
      reviewedAt: new Date('2026-06-15T00:00:00Z'),
    });
    const old = await youtubePost('https://youtu.be/eeeeeeeeeee', {
      reviewedAt: new Date('2026-04-01T00:00:00Z'),
    });
    fake.videos.set('ddddddddddd', { viewCount: 7 });
    fake.videos.set('eeeeeeeeeee', { viewCount: 7 });
    const t = new Date('2026-06-15T01:00:00Z');
    await run(t);
    fake.videos.delete('ddddddddddd');
    const later = new Date(t.getTime() + HOUR);
    expect(await run(later)).toMatchObject({ gone: 1 });
    expect(await fetchOf(id)).toMatchObject({ doneAt: later, lastError: 'the video is deleted or private' });
    expect((await snapshotsOf(id)).map((s) => s.views)).toEqual([7]);
    expect((await run(new Date(later.getTime() + DAY))).gone).toBe(0);
    expect(await snapshotsOf(old)).toHaveLength(0);
  });
});
