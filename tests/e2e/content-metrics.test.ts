import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRow } from '../../src/db/schema/campaigns';
import { contentMetricSnapshots, instagramConnections } from '../../src/db/schema/content-metrics';
import { creators } from '../../src/db/schema/creators';
import { createAuth } from '../../src/server/auth/auth';
import { localFileStore } from '../../src/server/integrations/file-storage/local-file-store';
import { createInstagramSource } from '../../src/server/integrations/instagram/instagram-source';
import { metricsSourcesFromEnv } from '../../src/server/integrations/metrics-sources-from-env';
import { CONTENT_METRICS_REFRESH, JOB_DEFINITIONS, type Jobs, startJobs } from '../../src/server/jobs/jobs';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { completeProfile } from '../../src/server/services/profiles';
import { profileSchema } from '../../src/shared/schemas/profile';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { captureMailer } from '../support/capture-mailer';
import { createReadyCreator, READY_PROFILE } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertApplication, insertCampaign } from '../support/factories';
import { type FakeInstagram, startFakeInstagram } from '../support/fake-instagram';
import { type FakeTiktok, startFakeTiktok } from '../support/fake-tiktok';
import { type FakeYoutube, startFakeYoutube } from '../support/fake-youtube';
import { freePort } from '../support/free-port';
import { textOf } from '../support/page-checks';
import { insertSubmittedPost } from '../support/posts';
import { testServices } from '../support/services';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'ana@example.com', name: 'Ana Lopez', password: 'correct horse battery' };
const VIDEO = 'https://www.youtube.com/watch?v=aaaaaaaaaaa';
const REEL = 'https://www.instagram.com/reel/ana-glow';
const TIKTOK = 'https://www.tiktok.com/@mia.moves/video/7234567890123456789';
/** Set CONTENT_METRICS_SCREENSHOTS=/some/dir to keep screenshots of the campaign analytics at 1280 and 375 px. */
const SHOTS = process.env.CONTENT_METRICS_SCREENSHOTS;
/** The first bytes of a PNG: enough for the upload's type check. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

describe('content metrics in the browser: from the platform and the admin to both dashboards', () => {
  let server: E2EServer;
  let fake: FakeYoutube;
  let fakeInstagram: FakeInstagram;
  let fakeTiktok: FakeTiktok;
  let jobs: Jobs | undefined;
  let bossSchema: string | undefined;
  let browser: Browser;
  let admin: Page;
  let creator: Page;
  let tubeId: number;
  let reelId: number;
  let danceCampaign: CampaignRow;
  let video: number;
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeYoutube();
    fake.videos.set('aaaaaaaaaaa', { viewCount: 1234, likeCount: 56, commentCount: 7 });
    fakeInstagram = await startFakeInstagram();
    fakeTiktok = await startFakeTiktok();
    const port = await freePort();
    env = {
      APP_URL: `http://127.0.0.1:${port}`,
      YOUTUBE_API_KEY: fake.apiKey,
      YOUTUBE_API_BASE: fake.url,
      INSTAGRAM_APP_ID: fakeInstagram.appId,
      INSTAGRAM_APP_SECRET: fakeInstagram.appSecret,
      INSTAGRAM_AUTHORIZE_BASE: fakeInstagram.url,
      INSTAGRAM_OAUTH_BASE: fakeInstagram.url,
      INSTAGRAM_API_BASE: fakeInstagram.url,
      TIKTOK_CLIENT_ID: fakeTiktok.clientKey,
      TIKTOK_CLIENT_SECRET: fakeTiktok.clientSecret,
      TIKTOK_AUTH_BASE: fakeTiktok.url,
      TIKTOK_API_BASE: fakeTiktok.url,
    };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
        tubeId = (await insertCampaign(db, { name: 'Tube Launch', platform: 'youtube', budget: '1234.00' }))
          .id;
        reelId = (await insertCampaign(db, { name: 'Glow Reel', platform: 'instagram' })).id;
        danceCampaign = await insertCampaign(db, { name: 'Dance Drop', platform: 'tiktok' });
      },
    });
    const ana = await createReadyCreator(createTestApp(server.db), server.db, {
      email: CREATOR.email,
      name: CREATOR.name,
      instagram: 5000,
      youtube: 20000,
    });
    // Content approved an hour ago on both campaigns (the review itself is the lifecycle journey's business).
    const approvedAt = new Date(Date.now() - 3_600_000);
    video = await insertSubmittedPost(server.db, {
      campaignId: tubeId,
      creatorId: ana.creatorId,
      urls: [VIDEO],
      reviewedAt: approvedAt,
    });
    await insertSubmittedPost(server.db, {
      campaignId: reelId,
      creatorId: ana.creatorId,
      urls: [REEL],
      reviewedAt: approvedAt,
    });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    admin = await (
      await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })
    ).newPage();
    creator = await (
      await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })
    ).newPage();
    await signInThroughApi(admin.context(), server.url, ADMIN);
  }, 90_000);

  afterAll(async () => {
    await jobs?.stop();
    if (bossSchema) await server.database.exec(`DROP SCHEMA IF EXISTS "${bossSchema}" CASCADE`);
    await browser?.close();
    await server?.close();
    await fake?.close();
    await fakeInstagram?.close();
    await fakeTiktok?.close();
  });

  it("shows the job's YouTube figures in the campaign's YouTube tab, labelled API, with the chart", async () => {
    // The job queue with the server's configuration: its first run reads the video from the fake YouTube. On
    // PostgreSQL its tables go in a schema of this file's, apart from other files' queues.
    bossSchema = server.database.migrationsSchema && `${server.database.migrationsSchema}_boss`;
    jobs = await startJobs(server.database, {
      bossSchema,
      env: testEnv(bossSchema ? { ...env, DATABASE_URL: process.env.TEST_DATABASE_URL! } : env),
      logger: silentLogger(),
      mailer: captureMailer(),
    });
    await expect
      .poll(
        async () =>
          (
            await server.db
              .select()
              .from(contentMetricSnapshots)
              .where(
                and(eq(contentMetricSnapshots.submissionId, video), eq(contentMetricSnapshots.source, 'api')),
              )
          ).length,
        { timeout: 30_000, interval: 250 },
      )
      .toBe(1);
    expect(fake.calls).toContain('aaaaaaaaaaa');

    await admin.goto(`${server.url}/admin/details/${tubeId}`);
    const tab = admin.getByTestId('analytics-youtube');
    await expect.poll(() => textOf(tab.getByTestId('total-views'))).toBe('1,234');
    expect(await admin.getByRole('tab', { name: 'YouTube', selected: true }).count()).toBe(1);
    expect(await textOf(tab.getByTestId('total-likes'))).toBe('56');
    expect(await textOf(tab.getByTestId('total-comments'))).toBe('7');
    // (56 + 7) / 1,234 views
    expect(await textOf(tab.getByTestId('total-engagement-rate'))).toBe('5.11%');
    // Nothing approved for this campaign: nothing spent, no cost (decision 0024 / issue 24).
    expect(await textOf(admin.getByTestId('cost-per-view'))).toBe('—');
    const post = tab.getByTestId('post-figures').first();
    expect(await textOf(post.getByTestId('metric-source'))).toBe('Source: API');
    expect(await textOf(post.getByTestId('post-views'))).toBe('1,234');
    const chart = tab.getByTestId('metrics-chart');
    // recharts arrives with the first chart (a lazy chunk): one line for views, one for interactions.
    await expect.poll(() => chart.locator('.recharts-line-curve').count(), { timeout: 10_000 }).toBe(2);
    expect(await chart.locator('.recharts-cartesian-axis-tick-value').count()).toBeGreaterThan(3);
    await chart.getByRole('button', { name: 'Show as table' }).click();
    const lastRow = chart.locator('tbody tr').last();
    expect(await textOf(lastRow)).toContain('1,234');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await chart.getByRole('button', { name: 'Show chart' }).click();
    if (SHOTS) {
      await admin.screenshot({ path: path.join(SHOTS, 'campaign-analytics-1280.png'), fullPage: true });
    }
    // A phone does not scroll sideways.
    await admin.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() => admin.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    if (SHOTS)
      await admin.screenshot({ path: path.join(SHOTS, 'campaign-analytics-375.png'), fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('lets the admin enter Instagram figures, shown with Admin as their source', async () => {
    await admin.goto(`${server.url}/admin/details/${reelId}`);
    const tab = admin.getByTestId('analytics-instagram');
    await expect.poll(() => textOf(tab.getByTestId('post-figures').first())).toContain('No figures yet');
    expect(await textOf(tab)).toContain('entered by an admin or reported by the creator');
    expect(await textOf(tab)).toContain('Age demographics appear when the creator connects');
    await tab.getByRole('button', { name: 'Enter figures' }).click();
    const dialog = admin.getByRole('dialog');
    // Nothing entered: the schema's message.
    await dialog.getByRole('button', { name: 'Save figures' }).click();
    await expect.poll(() => textOf(dialog)).toContain('enter at least one figure');
    await dialog.getByLabel('Views').fill('800');
    await dialog.getByLabel('Likes').fill('90');
    await dialog.getByLabel('Saves').fill('12');
    await dialog.getByRole('button', { name: 'Save figures' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const post = tab.getByTestId('post-figures').first();
    await expect.poll(() => textOf(post.getByTestId('metric-source'))).toBe('Source: Admin');
    expect(await textOf(post.getByTestId('post-views'))).toBe('800');
    expect(await textOf(tab.getByTestId('total-saves'))).toBe('12');
    expect(await textOf(tab.getByTestId('total-engagement-rate'))).toBe('12.75%');

    // The sidebar's Analytics opens the overview of every campaign.
    await admin.getByRole('link', { name: 'Analytics' }).first().click();
    await admin.waitForURL(`${server.url}/admin/analytics`);
    await expect.poll(() => textOf(admin.getByTestId('overview-views'))).toBe('2,034');
    expect(await textOf(admin.getByTestId('overview-posts'))).toBe('2');
    expect(await admin.getByRole('link', { name: 'Tube Launch' }).count()).toBe(1);
    // Best posts show each post as a card with its platform and id, not a bare URL.
    const video = admin.getByRole('link', { name: /^Open YouTube\s*· Video\s*aaaaaaaaaaa\b/ });
    expect(await video.getAttribute('href')).toBe(VIDEO);
    expect(await video.getAttribute('data-platform')).toBe('youtube');
    expect(await admin.getByRole('link', { name: /^Open Instagram\s*· Reel\s*ana-glow\b/ }).count()).toBe(1);
    // The page says which range it shows, and All time shows every post ever submitted (issue 41).
    expect(await textOf(admin.getByTestId('analytics-range'))).toMatch(/^Posts submitted from .+ to .+\.$/);
    await admin.getByRole('button', { name: 'All time' }).click();
    await expect
      .poll(() => textOf(admin.getByTestId('analytics-range')))
      .toMatch(/^All time: posts submitted from/);
    expect(await textOf(admin.getByTestId('overview-posts'))).toBe('2');
  });

  it('shows the creator both figures in This Month and on each post, with their sources', async () => {
    await signInThroughApi(creator.context(), server.url, CREATOR);
    await creator.goto(`${server.url}/dashboard`);
    const month = creator.getByTestId('this-month');
    // 1,234 YouTube views + 800 Instagram views; 56 + 7 + 90 + 12 interactions.
    await expect.poll(() => textOf(month.getByTestId('this-month-views'))).toBe('2,034');
    expect(await textOf(month.getByTestId('this-month-engagement'))).toBe('165');
    expect(await textOf(month.getByTestId('this-month-comments'))).toBe('7');
    expect(await textOf(month)).toContain('New this month');

    await creator.getByRole('tab', { name: 'Analytics' }).click();
    const posts = creator.getByTestId('post-figures');
    await expect.poll(() => posts.count()).toBe(2);
    const sources = await posts.getByTestId('metric-source').allTextContents();
    expect(sources.sort()).toEqual(['Source: API', 'Source: Admin']);
    expect(await seriousAxeViolations(creator)).toEqual([]);

    // The creator reports figures with a screenshot: waiting for an admin, not counted yet.
    await creator.getByRole('button', { name: 'Report figures' }).first().click();
    const dialog = creator.getByRole('dialog');
    await dialog.getByLabel('Views').fill('1500');
    await dialog.getByRole('button', { name: 'Send figures' }).click();
    await expect.poll(() => textOf(dialog)).toContain('Add a screenshot of the figures');
    await dialog
      .getByLabel('Screenshot')
      .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Send figures' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => textOf(creator.getByTestId('post-figures').first()))
      .toContain('waiting for confirmation');
    expect(await textOf(creator.getByTestId('this-month-views'))).toBe('2,034');
  });

  it("lets the admin open the creator's screenshot, and the creator; nobody else", async () => {
    await admin.goto(`${server.url}/admin/details/${tubeId}`);
    const link = admin.getByTestId('analytics-youtube').getByRole('link', { name: 'View screenshot' });
    await expect.poll(() => link.count()).toBe(1);
    const href = new URL((await link.getAttribute('href'))!, server.url).href;
    expect(href).toMatch(/\/uploads\/[0-9a-f]{24}\.png$/);
    // The link opens the image in a new tab, with the admin's session cookie.
    const [tab] = await Promise.all([admin.waitForEvent('popup'), link.click()]);
    await tab.waitForLoadState('domcontentloaded');
    expect(tab.url()).toBe(href);
    expect(await tab.evaluate(() => document.contentType)).toBe('image/png');
    await tab.close();
    for (const [who, page] of [
      ['admin', admin],
      ['creator', creator],
    ] as const) {
      const answer = await page.request.get(href);
      expect(answer.status(), who).toBe(200);
      expect(answer.headers()['cache-control'], who).toBe('private, no-store');
    }
    const stranger = await browser.newContext();
    expect((await stranger.request.get(href)).status()).toBe(404);
    await stranger.close();
  });

  it('lets the creator connect Instagram on the profile; the admin then sees the followers’ ages', async () => {
    fakeInstagram.accounts.set('17841400000000001', {
      userId: '17841400000000001',
      username: 'ana.glow',
      ages: { '18-24': 3100, '25-34': 1500, '35-44': 400 },
    });
    fakeInstagram.authorizeAs = '17841400000000001';
    await creator.goto(`${server.url}/profile`);
    const section = creator.getByTestId('instagram-connection');
    await section.getByRole('button', { name: 'Connect Instagram' }).click();
    // Instagram's window (the fake consents at once) sends the browser back to the profile.
    await expect.poll(() => textOf(section), { timeout: 15_000 }).toContain('Connected as @ana.glow');
    expect(await textOf(section)).toContain('Instagram connected');
    expect(new URL(creator.url()).search).toBe('');
    expect(await seriousAxeViolations(creator)).toEqual([]);
    // On a phone the section fits the width.
    await creator.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() => creator.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    if (SHOTS) await section.screenshot({ path: path.join(SHOTS, 'profile-instagram-375.png') });
    await creator.setViewportSize({ width: 1280, height: 900 });
    const [row] = await server.db.select().from(instagramConnections);
    expect(row!.username).toBe('ana.glow');
    expect(row!.tokenCiphertext).not.toContain('IGQ');

    // The job's daily upkeep reads the followers' ages with the connected account.
    await createInstagramSource(testEnv(env).instagram!, {
      db: server.db,
      authSecret: testEnv(env).authSecret,
    }).maintain(new Date());
    await admin.goto(`${server.url}/admin/details/${reelId}`);
    const ages = admin.getByTestId('analytics-instagram').getByTestId('age-demographics');
    await expect.poll(() => textOf(ages)).toContain('18-24');
    expect(await textOf(ages)).toContain('3,100');
    expect(await textOf(ages)).toContain('62 %');
    expect(await textOf(ages)).toContain('from 1 connected Instagram account');

    await section.getByRole('button', { name: 'Disconnect' }).click();
    await creator.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => section.getByRole('button', { name: 'Connect Instagram' }).count()).toBe(1);
    expect(await server.db.select().from(instagramConnections)).toEqual([]);
  });

  it("a creator signs in with TikTok and submits a TikTok post; the job reads it and the admin sees TikTok's views", async () => {
    fakeTiktok.users.set('open-mia', {
      open_id: 'open-mia',
      union_id: 'union-mia',
      display_name: 'Mia Moves',
      username: 'mia.moves',
      avatar_large_url: `${fakeTiktok.url}/avatar/mia.jpg`,
      follower_count: 31_400,
    });
    fakeTiktok.authorizeAs = 'open-mia';
    fakeTiktok.videos.set('7234567890123456789', {
      owner: 'open-mia',
      view_count: 48213,
      like_count: 3120,
      comment_count: 85,
      share_count: 40,
    });
    const mia = await (
      await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })
    ).newPage();
    // The TikTok button of /signin goes to TikTok's page (the fake consents at once) and back through the callback.
    await mia.goto(`${server.url}/signin`);
    const button = mia.locator('[data-provider="tiktok"]');
    expect(await button.getAttribute('data-available')).toBe('true');
    await button.click();
    await mia.waitForURL(`${server.url}/email-verification`, { timeout: 15_000 });
    expect(fakeTiktok.authorizeRequests.at(-1)?.get('scope')).toBe(
      'user.info.basic,user.info.profile,user.info.stats,video.list',
    );
    const signInToken = fakeTiktok.issued.find((t) => t.openId === 'open-mia')!.accessToken;

    // Verifying the email and the profile wizard are the onboarding journey's business; the admin's acceptance and the
    // box's delivery are the lifecycle journey's: done here as createReadyCreator and the factories do.
    const [created] = await server.db.select().from(creators).where(eq(creators.providerId, 'open-mia'));
    const [verified] = await server.db
      .update(creators)
      .set({ emailVerified: true, email: 'mia@example.com' })
      .where(eq(creators.id, created!.id))
      .returning();
    await completeProfile(
      testServices({ db: server.db }),
      verified!,
      profileSchema.parse({
        ...READY_PROFILE,
        firstName: 'Mia',
        lastName: 'Moves',
        fullName: 'Mia Moves',
        tiktokHandle: '@mia.moves',
        tiktokFollowers: 12000,
      }),
    );
    const [dance] = await server.db.select().from(creators).where(eq(creators.id, created!.id));
    await insertApplication(server.db, {
      status: 'delivered',
      campaign: danceCampaign,
      creator: dance!,
      at: new Date(),
    });

    // The creator submits the TikTok link from the dashboard.
    await mia.goto(`${server.url}/dashboard?tab=campaigns`);
    const mine = mia.getByRole('tabpanel').getByTestId('my-campaign').filter({ hasText: 'Dance Drop' });
    await expect.poll(() => mine.count(), { timeout: 10_000 }).toBe(1);
    await mine.getByRole('button', { name: 'Submit content' }).click();
    const submit = mia.getByRole('dialog');
    await submit.getByLabel('Link 1').fill(TIKTOK);
    await submit.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => submit.count()).toBe(0);
    await expect.poll(() => textOf(mine)).toContain('Content in review');

    // The admin approves it.
    await admin.goto(`${server.url}/admin/campaigns/${danceCampaign.id}`);
    const applicant = admin.getByTestId('applicant').filter({ hasText: 'Mia Moves' });
    await applicant.getByRole('button', { name: 'Approve content from Mia Moves' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => textOf(applicant.getByTestId('credited'))).toContain('Approved');

    // The metrics job runs with the server's configuration: TikTok is asked with the token of the sign-in.
    const job = JOB_DEFINITIONS.find((j) => j.name === CONTENT_METRICS_REFRESH)!;
    await job.run({
      handle: server.database,
      env: testEnv(env),
      logger: silentLogger(),
      mailer: captureMailer(),
      paypal: null,
      metricsSources: metricsSourcesFromEnv(testEnv(env), server.db),
      files: localFileStore(testEnv(env).dataDir),
    });
    expect(fakeTiktok.bearers.at(-1)).toBe(signInToken);

    await admin.goto(`${server.url}/admin/details/${danceCampaign.id}`);
    const tab = admin.getByTestId('analytics-tiktok');
    await expect.poll(() => textOf(tab.getByTestId('total-views'))).toBe('48,213');
    expect(await admin.getByRole('tab', { name: 'TikTok', selected: true }).count()).toBe(1);
    expect(await textOf(tab.getByTestId('total-likes'))).toBe('3,120');
    const post = tab.getByTestId('post-figures').first();
    expect(await textOf(post.getByTestId('metric-source'))).toBe('Source: API');
    expect(await textOf(post.getByTestId('post-views'))).toBe('48,213');
    if (SHOTS)
      await admin.screenshot({
        path: path.join(SHOTS, 'campaign-analytics-tiktok-1280.png'),
        fullPage: true,
      });

    // The same run read Mia's follower count from TikTok: her page shows it verified beside the 12,000 she typed,
    // and her tier says which count it used.
    await admin.goto(`${server.url}/admin/influencers/${created!.id}`);
    const handles = admin.getByRole('region', { name: 'Handles and followers' });
    await expect
      .poll(() => textOf(handles.getByTestId('verified-followers')))
      .toMatch(/^31,400\s*Verified · read \w{3} \d{1,2}/);
    expect(await textOf(handles.getByTestId('stated-followers'))).toMatch(/^12,000\s*Stated$/);
    expect(await textOf(admin.getByTestId('creator-tier'))).toMatch(/Tier from verified TikTok followers$/);
    await mia.context().close();
  });
});
