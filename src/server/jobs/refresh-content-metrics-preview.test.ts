import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithCookie, signInAdmin } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { FAKE_THUMBNAIL_PNG } from '../../../tests/support/fake-media';
import { type FakeYoutube, startFakeYoutube } from '../../../tests/support/fake-youtube';
import { insertSubmittedPost } from '../../../tests/support/posts';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import type { Env } from '../../config/env';
import { saveInstagramConnection } from '../../db/queries/instagram-connections';
import { contentMetricSnapshots, contentPostPreviews } from '../../db/schema/content-metrics';
import { creators } from '../../db/schema/creators';
import { uploads } from '../../db/schema/uploads';
import type { CampaignAnalytics, MyAnalytics } from '../../shared/schemas/content-metrics';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { localAreaDir, localFileStore } from '../integrations/file-storage/local-file-store';
import { createYoutubeSource } from '../integrations/youtube/youtube-source';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';
import { refreshContentMetrics } from './refresh-content-metrics';
import { CAPTION_MAX_CHARS, plainCaption } from './refresh-content-metrics-preview';

const HOUR = 3_600_000;
const ADMIN_PASSWORD = 'admin password 2026!';
const APPROVED = new Date('2026-06-01T12:00:00Z');
const VIDEO = 'https://www.youtube.com/watch?v=aaaaaaaaaaa';
const OTHER = 'https://youtu.be/bbbbbbbbbbb';

describe('plainCaption', () => {
  it('keeps text and new lines, drops control characters, trims, and cuts at 2,200 characters', () => {
    expect(plainCaption('  Hello\r\nworld\u0007 <b>x</b>  ')).toBe('Hello\nworld <b>x</b>');
    expect(plainCaption('   ')).toBeNull();
    const long = plainCaption('é'.repeat(3000))!;
    expect(Array.from(long)).toHaveLength(CAPTION_MAX_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe.each(TEST_DRIVERS)('post previews read by the metrics job, shown by the API, on %s', (driver) => {
  let database: TestDatabase;
  let fake: FakeYoutube;
  let env: Env;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  let ana: { cookie: string; creatorId: number };
  let bo: { cookie: string; creatorId: number };
  let campaignId: number;
  let post: number;
  const logger = silentLogger();

  const run = (now: Date, hostOverrides = fake.hostOverrides) =>
    refreshContentMetrics({
      db: database.db,
      sources: [createYoutubeSource({ apiKey: fake.apiKey, apiBase: fake.url })],
      now,
      logger,
      previews: { files: localFileStore(env.dataDir), hostOverrides },
    });
  const previewRow = async (submissionId: number) =>
    (
      await database.db
        .select()
        .from(contentPostPreviews)
        .where(eq(contentPostPreviews.submissionId, submissionId))
    )[0];
  const fileOf = (name: string) => path.join(localAreaDir(env.dataDir, 'uploads'), name);
  const get = async <T>(url: string, cookie: string) => {
    const response = await getWithCookie(app, url, cookie);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    fake = await startFakeYoutube();
    env = testEnv();
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth, mailer: captureMailer() });
    await upsertAdmin(database.db, auth, { email: 'ops@mintbox.test', password: ADMIN_PASSWORD });
    admin = await signInAdmin(app, 'ops@mintbox.test', ADMIN_PASSWORD);
    ana = await createReadyCreator(app, database.db, {
      email: 'ana@example.com',
      name: 'Ana Lee',
      youtube: 2e4,
    });
    bo = await createReadyCreator(app, database.db, {
      email: 'bo@example.com',
      name: 'Bo Chan',
      youtube: 1e3,
    });
    campaignId = (await insertCampaign(database.db, { name: 'Tube Launch', platform: 'youtube' })).id;
    post = await insertSubmittedPost(database.db, {
      campaignId,
      creatorId: ana.creatorId,
      urls: [VIDEO],
      reviewedAt: APPROVED,
    });
  });
  afterAll(async () => {
    await fake.close();
    await database?.destroy();
  });

  it('stores the caption and a private copy of the thumbnail, owned by the creator, with the figures', async () => {
    fake.videos.set('aaaaaaaaaaa', {
      viewCount: 100,
      title: 'Glow serum, two weeks in',
      description: 'What changed\u0000 #ad',
    });
    const t0 = new Date(APPROVED.getTime() + 10 * 60_000);
    expect(await run(t0)).toMatchObject({ read: 1, previews: 1, thumbnailsRefused: 0 });
    // The image came from the CDN path YouTube named, through the host mapped to the fake.
    expect(fake.mediaRequests).toEqual(['/vi/aaaaaaaaaaa/mqdefault.jpg']);
    const row = (await previewRow(post))!;
    expect(row).toMatchObject({
      postUrl: VIDEO,
      platform: 'youtube',
      caption: 'Glow serum, two weeks in\n\nWhat changed #ad',
      readAt: t0,
    });
    expect(row.thumbnailUpload).toMatch(/^[0-9a-f]{24}\.png$/);
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.name, row.thumbnailUpload!));
    const [anaUser] = await database.db
      .select({ id: creators.authUserId })
      .from(creators)
      .where(eq(creators.id, ana.creatorId));
    expect(upload).toMatchObject({
      visibility: 'private',
      ownerUserId: anaUser!.id,
      size: FAKE_THUMBNAIL_PNG.length,
    });
    expect(existsSync(fileOf(row.thumbnailUpload!))).toBe(true);
  });

  it('shows the preview to admins and to the post’s creator only; the image is served to them alone', async () => {
    const row = (await previewRow(post))!;
    const thumbnailUrl = `/uploads/${row.thumbnailUpload}`;
    const expected = { caption: 'Glow serum, two weeks in\n\nWhat changed #ad', thumbnailUrl };
    const analytics = await get<CampaignAnalytics>(`/api/admin/campaigns/${campaignId}/analytics`, admin);
    expect(
      analytics.platforms.flatMap((p) => p.posts).find((p) => p.postUrl === VIDEO)?.preview,
    ).toMatchObject(expected);
    const applicants = await get<{ items: Array<{ latestSubmission: { previews: unknown[] } | null }> }>(
      `/api/admin/campaigns/${campaignId}/applications`,
      admin,
    );
    expect(applicants.items[0]!.latestSubmission!.previews).toEqual([
      expect.objectContaining({ postUrl: VIDEO, ...expected }),
    ]);
    const mine = await get<MyAnalytics>('/api/me/analytics', ana.cookie);
    expect(mine.posts.find((p) => p.postUrl === VIDEO)?.preview).toMatchObject(expected);
    // Another creator sees no preview of Ana's post anywhere, and cannot load the image.
    const theirs = await get<MyAnalytics>('/api/me/analytics', bo.cookie);
    expect(theirs.posts).toEqual([]);
    const boApplications = await get<{ items: unknown[] }>('/api/me/applications', bo.cookie);
    expect(JSON.stringify(boApplications)).not.toContain(row.thumbnailUpload!);
    expect((await getWithCookie(app, thumbnailUrl, bo.cookie)).status).toBe(404);
    expect((await getWithCookie(app, thumbnailUrl, '')).status).toBe(404);
    const asAna = await getWithCookie(app, thumbnailUrl, ana.cookie);
    expect(asAna.status).toBe(200);
    expect(Buffer.from(await asAna.arrayBuffer()).equals(FAKE_THUMBNAIL_PNG)).toBe(true);
    expect((await getWithCookie(app, thumbnailUrl, admin)).status).toBe(200);
  });

  it('copies the image again at most once a day, replacing the old file and row', async () => {
    const first = (await previewRow(post))!.thumbnailUpload!;
    fake.mediaRequests.length = 0;
    fake.videos.set('aaaaaaaaaaa', { viewCount: 150, title: 'Glow serum, three weeks in' });
    const t1 = new Date(APPROVED.getTime() + HOUR + 10 * 60_000);
    expect(await run(t1)).toMatchObject({ read: 1, previews: 1 });
    // An hour later: the caption follows the platform, the image is not fetched again.
    expect(fake.mediaRequests).toEqual([]);
    expect(await previewRow(post)).toMatchObject({
      caption: 'Glow serum, three weeks in',
      thumbnailUpload: first,
    });
    // A day after the copy: a new copy, and the old one is gone (file and row).
    const t2 = new Date(APPROVED.getTime() + 25 * HOUR + 10 * 60_000);
    expect(await run(t2)).toMatchObject({ read: 1, previews: 1 });
    expect(fake.mediaRequests).toEqual(['/vi/aaaaaaaaaaa/mqdefault.jpg']);
    const second = (await previewRow(post))!.thumbnailUpload!;
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(await database.db.select().from(uploads).where(eq(uploads.name, first))).toEqual([]);
    expect(existsSync(fileOf(second))).toBe(true);
  });

  it('never fetches a thumbnail off the platform’s media hosts; a failed copy keeps the figures and the last preview', async () => {
    const other = await insertSubmittedPost(database.db, {
      campaignId,
      creatorId: bo.creatorId,
      urls: [OTHER],
      reviewedAt: APPROVED,
    });
    // YouTube's answer names an image on another host (here the fake itself, as an internal address would be).
    fake.videos.set('bbbbbbbbbbb', {
      viewCount: 7,
      title: 'Unboxing',
      thumbnailUrl: `${fake.url}/vi/bbbbbbbbbbb/mqdefault.jpg`,
    });
    fake.mediaRequests.length = 0;
    const t3 = new Date(APPROVED.getTime() + 26 * HOUR + 10 * 60_000);
    const result = await run(t3);
    expect(result).toMatchObject({ read: 2, previews: 2, thumbnailsRefused: 1 });
    expect(fake.mediaRequests).toEqual([]);
    expect(await previewRow(other)).toMatchObject({ caption: 'Unboxing', thumbnailUpload: null });
    // https on a lookalike host is refused too.
    fake.videos.set('bbbbbbbbbbb', {
      viewCount: 8,
      thumbnailUrl: 'https://i.ytimg.com.evil.test/vi/b/mq.jpg',
    });
    expect(await run(new Date(t3.getTime() + HOUR))).toMatchObject({ thumbnailsRefused: 1 });
    expect(fake.mediaRequests).toEqual([]);

    // The CDN answers something that is not an image: the copy fails, the last copy and the figures stay.
    const kept = (await previewRow(post))!.thumbnailUpload!;
    fake.mediaAnswers.set('/vi/aaaaaaaaaaa/mqdefault.jpg', {
      bytes: Buffer.from('<html>nope</html>'),
      type: 'text/html',
    });
    const t4 = new Date(APPROVED.getTime() + 50 * HOUR + 10 * 60_000);
    // (Bo's lookalike-host thumbnail is refused again in the same run.)
    expect(await run(t4)).toMatchObject({ read: 2, thumbnailsRefused: 2 });
    expect((await previewRow(post))!.thumbnailUpload).toBe(kept);
    expect(existsSync(fileOf(kept))).toBe(true);
    fake.mediaAnswers.clear();
  });

  it('disconnecting Instagram forgets the Instagram previews (rows and files), not the others', async () => {
    const igCampaign = (await insertCampaign(database.db, { platform: 'instagram' })).id;
    const reel = 'https://www.instagram.com/reel/C7xYz12AbCd/';
    const igPost = await insertSubmittedPost(database.db, {
      campaignId: igCampaign,
      creatorId: ana.creatorId,
      urls: [reel],
    });
    // A preview as the job stores it (an Instagram thumbnail copy owned by Ana).
    const name = 'abcdefabcdefabcdefabcdef.png';
    const { writeFile, mkdir } = await import('node:fs/promises');
    await mkdir(localAreaDir(env.dataDir, 'uploads'), { recursive: true });
    await writeFile(fileOf(name), FAKE_THUMBNAIL_PNG);
    await database.db
      .insert(uploads)
      .values({ name, ownerUserId: null, visibility: 'private', contentType: 'image/png', size: 10 });
    await database.db.insert(contentPostPreviews).values({
      submissionId: igPost,
      postUrl: reel,
      platform: 'instagram',
      caption: 'A reel',
      thumbnailUpload: name,
      readAt: APPROVED,
    });
    await saveInstagramConnection(database.db, {
      creatorId: ana.creatorId,
      igUserId: '17841400000000001',
      username: 'ana',
      tokenCiphertext: 'sealed',
      tokenExpiresAt: new Date(Date.now() + 1e9),
      now: new Date(),
    });
    const response = await app.request('/api/me/connections/instagram', {
      method: 'DELETE',
      headers: { origin: 'http://localhost:3000', cookie: ana.cookie },
    });
    expect(response.status).toBe(200);
    expect(await previewRow(igPost)).toBeUndefined();
    expect(await database.db.select().from(uploads).where(eq(uploads.name, name))).toEqual([]);
    expect(existsSync(fileOf(name))).toBe(false);
    // The YouTube preview stays.
    expect(await previewRow(post)).toBeDefined();
  });

  it('describes a post waiting for review before the admin decides, without counting its figures', async () => {
    const now = new Date('2026-06-20T12:00:00Z');
    const review = (await insertCampaign(database.db, { name: 'Tube Review', platform: 'youtube' })).id;
    fake.videos.set('ccccccccccc', { viewCount: 900, title: 'Unboxing the kit', description: '' });
    // Submitted an hour ago and not reviewed yet (the helper dates a submission a day before `reviewedAt`).
    const awaiting = await insertSubmittedPost(database.db, {
      campaignId: review,
      creatorId: bo.creatorId,
      urls: ['https://www.youtube.com/watch?v=ccccccccccc', 'https://www.youtube.com/watch?v=ddddddddddd'],
      status: 'submitted',
      reviewedAt: new Date(now.getTime() + 23 * HOUR),
    });
    const result = await run(now);
    expect(result.previews).toBeGreaterThanOrEqual(1);
    const rows = await database.db
      .select()
      .from(contentPostPreviews)
      .where(eq(contentPostPreviews.submissionId, awaiting));
    const described = rows.find((r) => r.postUrl.endsWith('ccccccccccc'))!;
    expect(described).toMatchObject({ caption: 'Unboxing the kit', readAt: now });
    expect(described.thumbnailUpload).toMatch(/^[0-9a-f]{24}\.png$/);
    // The review page shows it; the unknown video (no item in YouTube's answer) shows as a link card.
    const applicants = await get<{
      items: Array<{
        latestSubmission: { previews: Array<{ postUrl: string; caption: string | null }> } | null;
      }>;
    }>(`/api/admin/campaigns/${review}/applications`, admin);
    expect(applicants.items[0]!.latestSubmission!.previews).toEqual([
      expect.objectContaining({
        postUrl: 'https://www.youtube.com/watch?v=ccccccccccc',
        caption: 'Unboxing the kit',
        thumbnailUrl: `/uploads/${described.thumbnailUpload}`,
      }),
    ]);
    // Figures count from approval: no snapshot of the post waiting for review was taken.
    expect(
      await database.db
        .select()
        .from(contentMetricSnapshots)
        .where(eq(contentMetricSnapshots.submissionId, awaiting)),
    ).toEqual([]);

    // The post YouTube could not describe is asked again an hour later, not at every run.
    const unknown = () =>
      database.db
        .select()
        .from(contentPostPreviews)
        .where(eq(contentPostPreviews.submissionId, awaiting))
        .then((all) => all.find((r) => r.postUrl.endsWith('ddddddddddd')));
    expect(await unknown()).toMatchObject({ caption: null, thumbnailUpload: null, readAt: now });
    await run(new Date(now.getTime() + 30 * 60_000));
    expect((await unknown())!.readAt).toEqual(now);
    const later = new Date(now.getTime() + HOUR + 60_000);
    await run(later);
    expect((await unknown())!.readAt).toEqual(later);
    // The described one is not asked again.
    expect(await previewRow(awaiting)).toBeDefined();
    const again = (
      await database.db
        .select()
        .from(contentPostPreviews)
        .where(eq(contentPostPreviews.submissionId, awaiting))
    ).find((r) => r.postUrl.endsWith('ccccccccccc'));
    expect(again!.readAt).toEqual(now);
  });
});
