import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import contract from '../../../../tests/contracts/instagram-graph.json';
import { insertCampaign } from '../../../../tests/support/factories';
import {
  type FakeInstagram,
  GRAPH_ERRORS,
  startFakeInstagram,
} from '../../../../tests/support/fake-instagram';
import { insertSubmittedPost } from '../../../../tests/support/posts';
import { testServices } from '../../../../tests/support/services';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../../tests/support/test-database';
import type { InstagramConfig } from '../../../config/env-services';
import { listPostMetrics } from '../../../db/queries/content-metrics-posts';
import { saveInstagramConnection } from '../../../db/queries/instagram-connections';
import {
  contentMetricFetches,
  contentMetricSnapshots,
  instagramConnections,
} from '../../../db/schema/content-metrics';
import { creators } from '../../../db/schema/creators';
import { instagramShortcode } from '../../../shared/content-metrics';
import { open, seal, sign, verify } from '../../auth/secret-box';
import { refreshContentMetrics } from '../../jobs/refresh-content-metrics';
import { createLogger, silentLogger } from '../../process/logger';
import { campaignAnalytics } from '../../services/content-metrics/analytics';
import { MetricsSourceError } from '../metrics-source';
import { createInstagramClient } from './client';
import { createInstagramSource, INSTAGRAM_TOKEN_PURPOSE } from './instagram-source';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const NOW = new Date('2026-06-10T12:00:00Z');
const DAY = 86_400_000;
const REEL = 'https://www.instagram.com/reel/C7xYz12AbCd/';
const POST = 'https://instagram.com/p/C1aaaaaaaaa/?igsh=abc';
const GONE = 'https://www.instagram.com/p/C2bbbbbbbbb/';

describe('Instagram links and the secret box', () => {
  it('reads the shortcode of post, reel and IGTV links only', () => {
    expect(instagramShortcode(REEL)).toBe('C7xYz12AbCd');
    expect(instagramShortcode(POST)).toBe('C1aaaaaaaaa');
    expect(instagramShortcode('https://www.instagram.com/ana/reel/C7xYz12AbCd')).toBe('C7xYz12AbCd');
    expect(instagramShortcode('https://www.instagram.com/tv/C3ccccccccc')).toBe('C3ccccccccc');
    expect(instagramShortcode('https://www.instagram.com/ana/')).toBeNull();
    expect(instagramShortcode('https://www.tiktok.com/@ana/video/7234567890123456789')).toBeNull();
  });

  it('seals a token so that only the same secret and purpose open it, and signs values', () => {
    const sealed = seal(SECRET, INSTAGRAM_TOKEN_PURPOSE, 'IGQlong-token');
    expect(sealed).not.toContain('IGQlong');
    expect(seal(SECRET, INSTAGRAM_TOKEN_PURPOSE, 'IGQlong-token')).not.toBe(sealed);
    expect(open(SECRET, INSTAGRAM_TOKEN_PURPOSE, sealed)).toBe('IGQlong-token');
    expect(open(`${SECRET}x`, INSTAGRAM_TOKEN_PURPOSE, sealed)).toBeNull();
    expect(open(SECRET, 'other', sealed)).toBeNull();
    const [v, iv, tag, data] = sealed.split('.');
    expect(open(SECRET, INSTAGRAM_TOKEN_PURPOSE, [v, iv, tag, `${data}A`].join('.'))).toBeNull();
    const signed = sign(SECRET, 'state', { u: 'user-1' });
    expect(verify(SECRET, 'state', signed)).toEqual({ u: 'user-1' });
    expect(verify(SECRET, 'other', signed)).toBeNull();
    const [payload, mac] = signed.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: 'user-2' })).toString('base64url')}.${mac}`;
    expect(verify(SECRET, 'state', forged)).toBeNull();
    expect(verify(SECRET, 'state', `${payload}.`)).toBeNull();
  });
});

describe.each(TEST_DRIVERS)('Instagram source against a local fake of the Instagram API on %s', (driver) => {
  let database: TestDatabase;
  let fake: FakeInstagram;
  let config: InstagramConfig;
  let ana: number;
  let campaignId: number;
  let submission: number;

  const source = (at = NOW) =>
    createInstagramSource(config, { db: database.db, authSecret: SECRET, now: () => at });
  const connection = async () =>
    (
      await database.db.select().from(instagramConnections).where(eq(instagramConnections.creatorId, ana))
    )[0]!;
  const connect = async (token: string, expiresAt = new Date(NOW.getTime() + 50 * DAY)) => {
    fake.tokens.set(token, '17841400000000001');
    await saveInstagramConnection(database.db, {
      creatorId: ana,
      igUserId: '17841400000000001',
      username: 'ana.makes',
      tokenCiphertext: seal(SECRET, INSTAGRAM_TOKEN_PURPOSE, token),
      tokenExpiresAt: expiresAt,
      now: NOW,
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    fake = await startFakeInstagram();
    config = {
      appId: fake.appId,
      appSecret: fake.appSecret,
      authorizeBase: fake.url,
      oauthBase: fake.url,
      apiBase: fake.url,
    };
    const [row] = await database.db
      .insert(creators)
      .values({ username: 'ana', name: 'Ana', email: 'ana@example.com', emailVerified: true })
      .returning();
    ana = row!.id;
    campaignId = (await insertCampaign(database.db, { platform: 'instagram' })).id;
    submission = await insertSubmittedPost(database.db, {
      campaignId,
      creatorId: ana,
      urls: [REEL, POST, GONE],
      reviewedAt: new Date(NOW.getTime() - DAY),
    });
    fake.accounts.set('17841400000000001', {
      userId: '17841400000000001',
      username: 'ana.makes',
      ages: { '18-24': 700, '25-34': 250, '35-44': 50 },
    });
    // The reel is the account's oldest media: found on the second page of 50.
    const counts = { views: 0, reach: 0, saved: 0, likes: 0, comments: 0, shares: 0 };
    fake.media.set('1801', {
      owner: '17841400000000001',
      shortcode: 'C7xYz12AbCd',
      views: 12000,
      reach: 9000,
      saved: 80,
      likes: 900,
      comments: 45,
      shares: 30,
      caption: 'My glow routine with @glowbeauty #ad',
    });
    for (let i = 0; i < 60; i += 1)
      fake.media.set(`19${i}`, { owner: '17841400000000001', shortcode: `Cfiller${i}`, ...counts });
    fake.media.set('1802', {
      owner: '17841400000000001',
      shortcode: 'C1aaaaaaaaa',
      ...counts,
      views: 10,
      mediaType: 'IMAGE',
    });
    fake.media.set('1803', { owner: '17841400000000001', shortcode: 'C2bbbbbbbbb', ...counts });
    fake.deleted.add('1803');
  });
  beforeEach(() => {
    fake.rateLimited = false;
    fake.mediaErrors.clear();
    fake.demographicsError = null;
  });
  afterAll(async () => {
    await fake.close();
    await database?.destroy();
  });

  it('finds each post among the account media and reads its insights; a deleted post is gone', async () => {
    await connect('IGQlong-a');
    fake.requests.length = 0;
    const readings = await source().read([
      { submissionId: submission, postUrl: REEL },
      { submissionId: submission, postUrl: POST },
      { submissionId: submission, postUrl: GONE },
      { submissionId: submission, postUrl: 'https://www.instagram.com/p/Cnotmine000/' },
    ]);
    expect(readings[0]).toEqual({
      ok: true,
      figures: { views: 12000, likes: 900, comments: 45, shares: 30, saves: 80, reach: 9000 },
      // A reel (VIDEO): its caption and its thumbnail_url (media_url is the video file), from the same listing.
      look: {
        caption: 'My glow routine with @glowbeauty #ad',
        thumbnailUrl: expect.stringMatching(
          /^https:\/\/scontent-iad3-2\.cdninstagram\.com\/v\/t51\.2885-15\/1801_n\.jpg\?/,
        ),
      },
    });
    // An image without a caption: its media_url is the picture.
    expect(readings[1]).toMatchObject({
      ok: true,
      figures: { views: 10 },
      look: { caption: null, thumbnailUrl: expect.stringContaining('/v/t51.2885-15/1802_n.jpg?') },
    });
    expect(readings[2]).toMatchObject({ ok: false, gone: true, reason: 'the post is deleted' });
    expect(readings[3]).toMatchObject({ ok: false, gone: true });
    // The media list was read once for the four posts: two pages of 50 (the reel is the oldest media).
    const listings = fake.requests.filter((r) => r.includes('/v23.0/me/media'));
    expect(listings).toHaveLength(2);
    expect(listings[1]).toContain('after=50');
    expect(new URL(listings[0]!.slice(4), fake.url).searchParams.get('fields')).toBe(
      'id,permalink,shortcode,media_type,timestamp,caption,media_url,thumbnail_url',
    );
  });

  it('backs off like a quota when Instagram rate-limits the app (code 4)', async () => {
    await connect('IGQlong-b');
    fake.rateLimited = true;
    const error = await source()
      .read([{ submissionId: submission, postUrl: REEL }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MetricsSourceError);
    expect((error as MetricsSourceError).kind).toBe('quota');
  });

  it('asks the creator to connect again when the token is refused (code 190), and stops using it', async () => {
    await connect('IGQlong-c');
    fake.expire('17841400000000001');
    const readings = await source().read([
      { submissionId: submission, postUrl: REEL },
      { submissionId: submission, postUrl: POST },
    ]);
    expect(readings).toEqual([
      { ok: false, gone: false, reason: 'the creator needs to connect Instagram again' },
      { ok: false, gone: false, reason: 'the creator needs to connect Instagram again' },
    ]);
    expect((await connection()).tokenExpiresAt.getTime()).toBe(NOW.getTime());
    const before = fake.requests.length;
    await source(new Date(NOW.getTime() + 1000)).read([{ submissionId: submission, postUrl: REEL }]);
    expect(fake.requests.length).toBe(before);
  });

  it('says when a creator has not connected Instagram', async () => {
    const [other] = await database.db
      .insert(creators)
      .values({ username: 'bo', name: 'Bo', email: 'bo@example.com', emailVerified: true })
      .returning();
    const theirs = await insertSubmittedPost(database.db, {
      campaignId: (await insertCampaign(database.db, { platform: 'instagram' })).id,
      creatorId: other!.id,
      urls: [REEL],
    });
    expect(await source().read([{ submissionId: theirs, postUrl: REEL }])).toEqual([
      { ok: false, gone: false, reason: 'the creator has not connected Instagram' },
    ]);
  });

  it('renews a token that ends within 10 days and reads the followers’ ages once a day', async () => {
    await connect('IGQlong-d', new Date(NOW.getTime() + 5 * DAY));
    const refreshes = fake.refreshes;
    await source().maintain(NOW);
    expect(fake.refreshes).toBe(refreshes + 1);
    const row = await connection();
    expect(row.tokenExpiresAt.getTime()).toBe(NOW.getTime() + 5_184_000_000);
    const renewed = open(SECRET, INSTAGRAM_TOKEN_PURPOSE, row.tokenCiphertext);
    expect(renewed).toMatch(/^IGQlong\d+$/);
    expect(row.tokenCiphertext).not.toContain(renewed!);
    expect(row.ageDemographics).toEqual([
      { age: '18-24', followers: 700 },
      { age: '25-34', followers: 250 },
      { age: '35-44', followers: 50 },
    ]);
    // Nothing is due an hour later: no call at all.
    const before = fake.requests.length;
    await source().maintain(new Date(NOW.getTime() + 3_600_000));
    expect(fake.requests.length).toBe(before);
    // An account too small for demographics keeps none.
    const client = createInstagramClient(config);
    fake.accounts.get('17841400000000001')!.ages = null;
    expect(await client.ageDemographics(renewed!, '17841400000000001')).toEqual({
      status: 'too-few-followers',
    });
    fake.accounts.get('17841400000000001')!.ages = { '18-24': 700, '25-34': 250, '35-44': 50 };
  });

  it('the refresh job stores the figures as API snapshots; the campaign shows the ages', async () => {
    await connect('IGQlong-e');
    await database.db.delete(contentMetricFetches);
    const result = await refreshContentMetrics({
      db: database.db,
      sources: [source()],
      now: NOW,
      logger: silentLogger(),
    });
    // Ana's reel and post are read, her deleted post is gone; Bo (not connected) is tried again later.
    expect(result).toMatchObject({ read: 2, gone: 1, failed: 1 });
    const snapshots = await database.db
      .select()
      .from(contentMetricSnapshots)
      .where(eq(contentMetricSnapshots.postUrl, REEL));
    expect(snapshots).toEqual([
      expect.objectContaining({ source: 'api', views: 12000, saves: 80, reach: 9000, shares: 30 }),
    ]);
    const [reel] = (await listPostMetrics(database.db, { campaignId }, NOW)).filter(
      (p) => p.postUrl === REEL,
    );
    expect(reel).toMatchObject({ source: 'api', views: 12000, engagementRate: 8.79 });
    const analytics = await campaignAnalytics(testServices({ db: database.db, now: () => NOW }), campaignId);
    expect(analytics.demographics).toEqual({
      accounts: 1,
      brackets: [
        { age: '18-24', followers: 700 },
        { age: '25-34', followers: 250 },
        { age: '35-44', followers: 50 },
      ],
    });
  });
  it('a media without insights (code 10 "Not enough viewers") has no figures; the connection and the other posts keep going', async () => {
    await connect('IGQlong-f');
    fake.mediaErrors.set('1802', GRAPH_ERRORS.notEnoughViewers);
    const readings = await source().read([
      { submissionId: submission, postUrl: REEL },
      { submissionId: submission, postUrl: POST },
    ]);
    expect(readings[0]).toMatchObject({ ok: true, figures: { views: 12000 } });
    expect(readings[1]).toEqual({
      ok: false,
      gone: false,
      reason: 'Instagram shows no insights for this post yet (not enough viewers)',
    });
    // The token is still good: the connection is not ended.
    expect((await connection()).tokenExpiresAt.getTime()).toBe(NOW.getTime() + 50 * DAY);
  });

  it('an unexpected answer about one media (5xx, unreadable, unknown code) fails that post alone', async () => {
    await connect('IGQlong-g');
    for (const answer of [GRAPH_ERRORS.unknownError, 'unreadable' as const, GRAPH_ERRORS.unsupported]) {
      fake.mediaErrors.set('1802', answer);
      const readings = await source().read([
        { submissionId: submission, postUrl: POST },
        { submissionId: submission, postUrl: REEL },
      ]);
      expect(readings[0], JSON.stringify(answer)).toMatchObject({ ok: false, gone: false, failed: true });
      expect(readings[1], JSON.stringify(answer)).toMatchObject({ ok: true, figures: { views: 12000 } });
    }
    // Through the job: the failed post backs off alone, the reel gets its snapshot, the connection stays.
    fake.mediaErrors.set('1802', GRAPH_ERRORS.unknownError);
    await database.db.delete(contentMetricFetches);
    const at = new Date(NOW.getTime() + 3 * DAY);
    const result = await refreshContentMetrics({
      db: database.db,
      sources: [source(at)],
      now: at,
      logger: silentLogger(),
    });
    expect(result).toMatchObject({ read: 1, gone: 1, failed: 2, quota: [] });
    const fetches = await database.db.select().from(contentMetricFetches);
    expect(fetches.find((f) => f.submissionId === submission && f.postUrl === POST)).toMatchObject({
      failures: 1,
      nextFetchAt: new Date(at.getTime() + 3_600_000),
      lastError: expect.stringContaining('code 2'),
    });
    expect(fetches.find((f) => f.submissionId === submission && f.postUrl === REEL)).toMatchObject({
      failures: 0,
      lastError: null,
    });
    const reel = await database.db
      .select()
      .from(contentMetricSnapshots)
      .where(eq(contentMetricSnapshots.measuredAt, at));
    expect(reel).toEqual([expect.objectContaining({ postUrl: REEL, views: 12000 })]);
    expect((await connection()).tokenExpiresAt.getTime()).toBe(NOW.getTime() + 50 * DAY);
  });

  it('ends the connection on code 190 (any subcode) and on a withdrawn permission (10, 200-299)', async () => {
    const ended: Array<[string, () => void]> = [
      ['190/460 password changed', () => fake.expire('17841400000000001', 460)],
      ['190/458 app removed', () => fake.expire('17841400000000001', 458)],
      ['10 permission denied', () => fake.mediaErrors.set('1801', GRAPH_ERRORS.permissionDenied)],
      ['200 insights permission', () => fake.mediaErrors.set('1801', GRAPH_ERRORS.insightsPermissionMissing)],
    ];
    for (const [label, end] of ended) {
      await connect(`IGQlong-h-${label.split(' ')[0]}`);
      end();
      const readings = await source().read([{ submissionId: submission, postUrl: REEL }]);
      expect(readings, label).toEqual([
        { ok: false, gone: false, reason: 'the creator needs to connect Instagram again' },
      ]);
      expect((await connection()).tokenExpiresAt.getTime(), label).toBe(NOW.getTime());
      fake.mediaErrors.clear();
    }
  });

  it('asks for the ages as documented; too few followers is no ages, a refused request keeps the last and is logged', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      pretty: false,
      destination: { write: (l: string) => lines.push(l) },
    });
    await connect('IGQlong-i');
    const maintainAt = (days: number) => {
      const at = new Date(NOW.getTime() + days * DAY);
      return createInstagramSource(config, {
        db: database.db,
        authSecret: SECRET,
        now: () => at,
        logger,
      }).maintain(at);
    };
    fake.requests.length = 0;
    await maintainAt(10);
    const asked = new URL(
      fake.requests.find((r) => r.includes('follower_demographics'))!.split(' ')[1]!,
      fake.url,
    );
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      metric: 'follower_demographics',
      period: 'lifetime',
      timeframe: 'this_month',
      metric_type: 'total_value',
      breakdown: 'age',
    });
    const ages = [
      { age: '18-24', followers: 700 },
      { age: '25-34', followers: 250 },
      { age: '35-44', followers: 50 },
    ];
    expect((await connection()).ageDemographics).toEqual(ages);

    // Refused (an error that is not about the token): the ages stay, the refusal is logged without the token.
    fake.demographicsError = GRAPH_ERRORS.invalidParameter;
    await maintainAt(12);
    expect(await connection()).toMatchObject({
      ageDemographics: ages,
      demographicsAt: new Date(NOW.getTime() + 12 * DAY),
    });
    const warned = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'instagram demographics refused');
    expect(warned).toEqual([
      expect.objectContaining({
        level: 40,
        code: 100,
        status: 400,
        fbtraceId: 'AbCdEf123',
        creatorId: ana,
      }),
    ]);
    expect(lines.join('\n')).not.toContain('IGQlong-i');

    // Too few followers (Instagram returns no figures): no ages, nothing logged, the connection stays.
    fake.demographicsError = null;
    fake.accounts.get('17841400000000001')!.ages = null;
    await maintainAt(14);
    expect(await connection()).toMatchObject({
      ageDemographics: null,
      tokenExpiresAt: new Date(NOW.getTime() + 50 * DAY),
    });
    expect(lines.filter((l) => l.includes('demographics refused'))).toHaveLength(1);
    fake.accounts.get('17841400000000001')!.ages = { '18-24': 700, '25-34': 250, '35-44': 50 };
  });
  it('the stand-in refuses what Graph refuses, and every request the client sent is one the contract allows', async () => {
    // Issue 42, item 12: an unknown or deprecated metric (impressions, plays since v22.0) or field is error 100.
    await connect('IGQstrict');
    const graph = (path: string) => fetch(`${fake.url}/v23.0/${path}&access_token=IGQstrict`);
    for (const [path, message] of [
      [
        '1801/insights?metric=views,impressions',
        /^\(#100\) metric\[1\] must be one of the following values: /,
      ],
      ['1801/insights?metric=plays', /^\(#100\) metric\[0\] must be one of the following values: /],
      [
        'me?fields=user_id,email',
        /^\(#100\) Tried accessing nonexisting field \(email\) on node type \(User\)$/,
      ],
      ['me/media?fields=id,view_count', /^\(#100\) Tried accessing nonexisting field \(view_count\)/],
    ] as const) {
      const refused = await graph(path);
      expect(refused.status, path).toBe(400);
      const { error } = (await refused.json()) as { error: Record<string, unknown> };
      expect(Object.keys(error).sort(), path).toEqual(['code', 'fbtrace_id', 'message', 'type']);
      expect(error, path).toMatchObject({ code: 100, type: 'OAuthException' });
      expect(error.message, path).toMatch(message);
    }
    // What our client sends: only fields and metrics the published definition lists.
    const mark = fake.requests.length;
    await source().read([{ submissionId: submission, postUrl: REEL }]);
    const sent = fake.requests.slice(mark).map((line) => new URL(line.split(' ')[1]!, fake.url));
    expect(sent.some((u) => u.pathname.endsWith('/insights'))).toBe(true);
    for (const url of sent.filter((u) => u.pathname.startsWith('/v23.0/'))) {
      const fields = (url.searchParams.get('fields') ?? '').split(',').filter(Boolean);
      const metrics = (url.searchParams.get('metric') ?? '').split(',').filter(Boolean);
      const node =
        url.pathname === '/v23.0/me'
          ? contract.me
          : url.pathname === '/v23.0/me/media'
            ? contract.media
            : null;
      if (node) for (const field of fields) expect(node.fields, url.pathname).toContain(field);
      for (const metric of metrics)
        expect([...contract.mediaInsights.metrics, ...contract.accountInsights.metrics]).toContain(metric);
    }
  });
});
