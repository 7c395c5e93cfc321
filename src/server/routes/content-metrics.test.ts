import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { insertSnapshot, insertSubmittedPost } from '../../../tests/support/posts';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { PNG_BYTES } from '../../../tests/support/uploads';
import { ledgerEntries } from '../../db/schema/ledger';
import type { CampaignAnalytics, MyAnalytics } from '../../shared/schemas/content-metrics';
import type { AdminApplicantList } from '../../shared/schemas/shipping';

const NOW = new Date('2026-06-20T12:00:00Z');
const Y1 = 'https://www.youtube.com/watch?v=aaaaaaaaaaa';
const Y2 = 'https://youtu.be/bbbbbbbbbbb';
const Y3 = 'https://www.youtube.com/shorts/ccccccccccc';

describe.each(TEST_DRIVERS)('content metrics API on %s', (driver) => {
  let ana: { cookie: string; creatorId: number };
  let bo: { cookie: string; creatorId: number };
  let campaignId: number;
  let p1: number;
  let p2: number;
  const api = useAdminApp(driver, { mailer: captureMailer(), now: () => NOW });

  const report = (submissionId: number, fields: Record<string, string>, cookie: string, file = true) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('screenshot', new File([PNG_BYTES], 'shot.png', { type: 'image/png' }));
    return api.app.request(`/api/submissions/${submissionId}/metrics`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie },
      body: form,
    });
  };
  const analytics = async () => {
    const response = await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/analytics`, api.admin);
    expect(response.status).toBe(200);
    return (await response.json()) as CampaignAnalytics;
  };

  beforeAll(async () => {
    ana = await createReadyCreator(api.app, api.db, {
      email: 'ana@example.com',
      name: 'Ana Lee',
      youtube: 20000,
    });
    bo = await createReadyCreator(api.app, api.db, {
      email: 'bo@example.com',
      name: 'Bo Chan',
      youtube: 1000,
    });
    campaignId = (
      await insertCampaign(api.db, { name: 'Tube Launch', platform: 'youtube', budget: '1000.00' })
    ).id;
    p1 = await insertSubmittedPost(api.db, { campaignId, creatorId: ana.creatorId, urls: [Y1] });
    p2 = await insertSubmittedPost(api.db, {
      campaignId,
      creatorId: bo.creatorId,
      urls: [Y2, Y3],
    });
    // Ana's post: read from the API in May, on the 10th and the 19th; an admin figure later does not beat the API.
    await insertSnapshot(api.db, {
      submissionId: p1,
      postUrl: Y1,
      views: 300,
      likes: 10,
      measuredAt: new Date('2026-05-20T10:00:00Z'),
    });
    await insertSnapshot(api.db, {
      submissionId: p1,
      postUrl: Y1,
      views: 1000,
      likes: 100,
      comments: 10,
      measuredAt: new Date('2026-06-10T10:00:00Z'),
    });
    await insertSnapshot(api.db, {
      submissionId: p1,
      postUrl: Y1,
      views: 2000,
      likes: 150,
      comments: 20,
      shares: 5,
      measuredAt: new Date('2026-06-19T08:00:00Z'),
    });
  });

  it('records admin figures and creator reports, each labelled by source, API first', async () => {
    const corrected = await postJson(
      api.app,
      `/api/admin/submissions/${p1}/metrics`,
      { postUrl: Y1, views: 9999 },
      api.admin,
    );
    expect(corrected.status).toBe(201);
    const entered = await postJson(
      api.app,
      `/api/admin/submissions/${p2}/metrics`,
      { postUrl: Y2, views: 500, likes: 40, comments: 5, shares: 3, saves: 2 },
      api.admin,
    );
    expect(entered.status).toBe(201);

    const reported = await report(p2, { postUrl: Y3, likes: '30', comments: '0' }, bo.cookie);
    expect(reported.status).toBe(201);
    const reportId = ((await reported.json()) as { id: number }).id;

    let tab = (await analytics()).platforms[0]!;
    const post = (url: string) => tab.posts.find((p) => p.postUrl === url)!;
    expect(post(Y1)).toMatchObject({ views: 2000, source: 'api', engagementRate: 8.75 });
    expect(post(Y2)).toMatchObject({ views: 500, source: 'admin', interactions: 50, engagementRate: 10 });
    // Not counted until an admin confirms it, but shown for confirmation with its screenshot.
    expect(post(Y3)).toMatchObject({ source: null, likes: null, pendingReport: { id: reportId, likes: 30 } });
    expect(post(Y3).pendingReport?.screenshotUrl).toMatch(/^\/uploads\/[0-9a-f]+\.png$/);

    expect((await postJson(api.app, `/api/admin/metrics/${reportId}/confirm`, {}, api.admin)).status).toBe(
      200,
    );
    expect((await postJson(api.app, `/api/admin/metrics/${reportId}/confirm`, {}, api.admin)).status).toBe(
      404,
    );
    tab = (await analytics()).platforms[0]!;
    // No views: the rate is on Bo's 1,000 YouTube subscribers.
    expect(post(Y3)).toMatchObject({ likes: 30, source: 'creator', engagementRate: 3, pendingReport: null });
  });

  it('computes totals, weekly change, the daily series and costs in SQL', async () => {
    const result = await analytics();
    expect(result.platforms.map((p) => p.platform)).toEqual(['youtube']);
    const tab = result.platforms[0]!;
    expect(tab.totals).toEqual({
      posts: 3,
      views: 2500,
      likes: 220,
      comments: 25,
      shares: 8,
      saves: 2,
      reach: null,
      interactions: 255,
      // (175 + 50 + 30) / (2000 + 500 + 1000 followers)
      engagementRate: 7.29,
    });
    // A week ago only Ana's 10 June figures counted: 1,000 views, 110 interactions.
    expect(tab.weeklyChange).toEqual({ views: 1500, interactions: 145 });
    expect(tab.series).toHaveLength(30);
    expect(tab.series[0]).toEqual({ date: '2026-05-22', views: 300, interactions: 10 });
    expect(tab.series.find((s) => s.date === '2026-06-10')).toMatchObject({ views: 1000, interactions: 110 });
    expect(tab.series.find((s) => s.date === '2026-06-19')).toMatchObject({ views: 2000, interactions: 175 });
    expect(tab.series.at(-1)).toEqual({ date: '2026-06-20', views: 2500, interactions: 255 });
    expect(
      tab.creators.map((c) => [c.creatorName, c.posts, c.views, c.interactions, c.engagementRate]),
    ).toEqual([
      ['Ana Lee', 1, 2000, 175, 8.75],
      ['Bo Chan', 2, 500, 80, 5.33],
    ]);
    // No post of this campaign was approved through the review, so nothing was spent: no cost (not budget ÷ views).
    expect(result.mintSpent).toBe(0);
    expect(result.costPerView).toBeNull();
    expect(result.costPerEngagement).toBeNull();
    expect(tab.note).toContain('YouTube Data API');

    // influencers.engagement_rate follows every admin entry and confirmation, and the applicant cards read it with
    // the page of applicants they are on.
    const page = (await (
      await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/applications`, api.admin)
    ).json()) as AdminApplicantList;
    expect(
      page.items.map((a) => [a.creator.id, a.engagement]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [ana.creatorId, { engagementRate: 8.75, measuredPosts: 1 }],
      [bo.creatorId, { engagementRate: 5.33, measuredPosts: 2 }],
    ]);
    // The creator page says how many measured posts stand behind the rate.
    const boPage = (await (
      await getWithCookie(api.app, `/api/admin/influencers/${bo.creatorId}`, api.admin)
    ).json()) as { engagementRate: string; measuredPosts: number };
    expect(boPage).toMatchObject({ engagementRate: '5.33', measuredPosts: 2 });

    const csv = await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/analytics.csv`, api.admin);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`youtube,Tube Launch,Ana Lee`);
    expect(lines[1]).toContain(',2000,150,20,5,,,175,8.75,API,2026-06-19 08:00:00');
  });

  it("gives the creator this month's figures against last month, from their own posts", async () => {
    const response = await getWithCookie(api.app, '/api/me/analytics', ana.cookie);
    expect(response.status).toBe(200);
    const mine = (await response.json()) as MyAnalytics;
    expect(mine.thisMonth).toEqual({ views: 1700, engagement: 165, shares: 5, comments: 20 });
    expect(mine.lastMonth).toEqual({ views: 300, engagement: 10, shares: 0, comments: 0 });
    expect(mine.posts.map((p) => [p.postUrl, p.source])).toEqual([[Y1, 'api']]);
  });

  it('lists the overview for a date range, best first, and exports it', async () => {
    const response = await getWithCookie(
      api.app,
      '/api/admin/analytics?from=2026-05-01&to=2026-06-20',
      api.admin,
    );
    expect(response.status).toBe(200);
    const overview = (await response.json()) as {
      from: string;
      to: string;
      allTime: boolean;
      outside: number;
      totals: { views: number; interactions: number };
      campaigns: Array<{ campaignName: string; views: number }>;
      creators: Array<{ creatorName: string }>;
      posts: Array<{ postUrl: string }>;
    };
    expect(overview.totals).toMatchObject({ views: 2500, interactions: 255 });
    expect(overview.campaigns).toEqual([
      expect.objectContaining({ campaignName: 'Tube Launch', views: 2500 }),
    ]);
    expect(overview.creators.map((c) => c.creatorName)).toEqual(['Ana Lee', 'Bo Chan']);
    expect(overview.posts.map((p) => p.postUrl)).toEqual([Y1, Y2, Y3]);
    expect(overview).toMatchObject({ from: '2026-05-01', to: '2026-06-20', allTime: false, outside: 0 });
    const empty = (await (
      await getWithCookie(api.app, '/api/admin/analytics?from=2025-01-01&to=2025-01-31', api.admin)
    ).json()) as {
      totals: { posts: number };
      outside: number;
    };
    expect(empty.totals.posts).toBe(0);
    // The range says how many measured posts it leaves out, and "All time" shows them (issue 41).
    expect(empty.outside).toBe(3);
    const all = (await (
      await getWithCookie(api.app, '/api/admin/analytics?range=all', api.admin)
    ).json()) as {
      from: string;
      allTime: boolean;
      outside: number;
      totals: { posts: number };
    };
    expect(all).toMatchObject({ allTime: true, outside: 0, totals: { posts: 3 } });
    expect(all.from <= '2026-06-20').toBe(true);
    expect((await getWithCookie(api.app, '/api/admin/analytics?range=week', api.admin)).status).toBe(400);
    const csv = await (
      await getWithCookie(api.app, '/api/admin/analytics.csv?from=2026-05-01&to=2026-06-20', api.admin)
    ).text();
    expect(csv).toContain('Campaign,Tube Launch,youtube,3,2500,255,7.29');
    const reversed = await getWithCookie(
      api.app,
      '/api/admin/analytics?from=2026-06-20&to=2026-05-01',
      api.admin,
    );
    expect(reversed.status).toBe(400);
  });

  it('keeps every creator to their own posts and answers bad input with 4xx', async () => {
    // Bo cannot report on Ana's post, nor read admin analytics; a visitor cannot do either.
    expect((await report(p1, { postUrl: Y1, views: '5' }, bo.cookie)).status).toBe(404);
    expect(
      (await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/analytics`, bo.cookie)).status,
    ).toBe(403);
    expect(
      (await postJson(api.app, `/api/admin/submissions/${p1}/metrics`, { postUrl: Y1, views: 1 }, bo.cookie))
        .status,
    ).toBe(403);
    expect((await getWithCookie(api.app, '/api/me/analytics')).status).toBe(401);

    const bad = async (response: Response, status: number, message: RegExp) => {
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    };
    await bad(await report(p1, { postUrl: Y1, views: '5' }, ana.cookie, false), 400, /screenshot/);
    await bad(await report(p1, { postUrl: Y1 }, ana.cookie), 400, /at least one figure/);
    await bad(await report(p1, { postUrl: Y1, views: '-3' }, ana.cookie), 400, /cannot be negative/);
    await bad(await report(p1, { postUrl: Y1, views: 'lots' }, ana.cookie), 400, /whole number/);
    await bad(await report(p1, { postUrl: Y2, views: '5' }, ana.cookie), 400, /not part of the submission/);
    await bad(
      await postJson(api.app, `/api/admin/submissions/999999/metrics`, { postUrl: Y1, views: 1 }, api.admin),
      404,
      /Submission not found/,
    );
    await bad(
      await postJson(
        api.app,
        `/api/admin/submissions/${p1}/metrics`,
        { postUrl: 'nope', views: 1 },
        api.admin,
      ),
      400,
      /postUrl/,
    );
    await bad(
      await getWithCookie(api.app, '/api/admin/campaigns/999999/analytics', api.admin),
      404,
      /Campaign Not Found/,
    );
    await bad(
      await getWithCookie(api.app, '/api/admin/analytics?from=yesterday', api.admin),
      400,
      /from must be a date/,
    );
  });
  it('computes cost per view and per engagement from the Mint credited for approved posts, not the budget', async () => {
    const cost = await insertCampaign(api.db, {
      name: 'Cost Check',
      platform: 'youtube',
      budget: '12000.00',
      reward: 40,
    });
    const cc = await createReadyCreator(api.app, api.db, { email: 'cc@example.com', youtube: 5000 });
    const post = await insertSubmittedPost(api.db, {
      campaignId: cost.id,
      creatorId: cc.creatorId,
      urls: ['https://youtu.be/ddddddddddd'],
      status: 'submitted',
    });
    await insertSnapshot(api.db, {
      submissionId: post,
      postUrl: 'https://youtu.be/ddddddddddd',
      views: 12_500,
      likes: 900,
      comments: 80,
      shares: 20,
      measuredAt: new Date('2026-06-19T09:00:00Z'),
    });
    const read = async () =>
      (await (
        await getWithCookie(api.app, `/api/admin/campaigns/${cost.id}/analytics`, api.admin)
      ).json()) as CampaignAnalytics;
    // In review: figures are counted, nothing is spent yet, so no cost (on main: $12,000 ÷ 12,500 = $0.96).
    const before = await read();
    expect(before).toMatchObject({ mintSpent: 0, costPerView: null, costPerEngagement: null });
    expect(before.costBasis).toBe(
      'Mint credited for approved posts (1 Mint = 1 USD); product value not included',
    );

    const approved = await postJson(api.app, `/api/admin/submissions/${post}/approve`, {}, api.admin);
    expect(approved.status).toBe(200);
    const after = await read();
    // By hand from the records: the campaign's reward entries over the views and interactions counted now.
    const spent = await api.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.campaignId, cost.id), eq(ledgerEntries.kind, 'reward')));
    expect(spent.map((e) => e.amount)).toEqual([40]);
    expect(after.mintSpent).toBe(40);
    expect(after.costSpent).toBe(40);
    expect(after.costPerView).toBe(0.0032); // 40 / 12,500
    expect(after.costPerEngagement).toBe(0.04); // 40 / (900 + 80 + 20)

    // The brand states its product value ($85.50 a box) and ships one box: that box is spent too.
    const patched = await api.app.request(`/api/admin/campaigns/${cost.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: api.admin },
      body: JSON.stringify({ productValue: '85.50' }),
    });
    expect(patched.status).toBe(200);
    const noBoxYet = await read();
    expect(noBoxYet.costBasis).toBe(
      'Mint credited for approved posts + product value of 0 boxes shipped ($85.50 each; 1 Mint = 1 USD)',
    );
    expect(noBoxYet.costPerView).toBe(0.0032);
    const dd = await createReadyCreator(api.app, api.db, { email: 'dd@example.com', youtube: 5000 });
    const applied = await postJson(api.app, `/api/campaigns/${cost.id}/applications`, {}, dd.cookie);
    expect(applied.status).toBe(201);
    const applicationId = ((await applied.json()) as { id: number }).id;
    expect(
      (await postJson(api.app, `/api/admin/applications/${applicationId}/accept`, {}, api.admin)).status,
    ).toBe(200);
    const shipped = await postJson(
      api.app,
      `/api/admin/applications/${applicationId}/shipment`,
      { carrier: 'UPS', trackingNumber: '1Z999' },
      api.admin,
    );
    expect(shipped.status).toBe(200);
    const withBox = await read();
    // By hand: 40 Mint + 1 box × $85.50 = $125.50; over 12,500 views and 1,000 interactions.
    expect(withBox.costBasis).toBe(
      'Mint credited for approved posts + product value of 1 box shipped ($85.50 each; 1 Mint = 1 USD)',
    );
    expect(withBox.mintSpent).toBe(40);
    expect(withBox.costSpent).toBe(125.5);
    expect(withBox.costPerView).toBe(0.01); // 125.50 / 12,500 = 0.01004
    expect(withBox.costPerEngagement).toBe(0.1255); // 125.50 / 1,000
  });

  it("answers each page of applicants with its creators' engagement, counted over all their posts", async () => {
    const other = await insertCampaign(api.db, { name: 'Earlier Tube', platform: 'youtube' });
    const pages = await insertCampaign(api.db, { name: 'Paged Tube', platform: 'youtube' });
    const gg = await createReadyCreator(api.app, api.db, { email: 'gg@example.com', youtube: 4000 });
    const hh = await createReadyCreator(api.app, api.db, { email: 'hh@example.com', youtube: 1000 });
    const ii = await createReadyCreator(api.app, api.db, { email: 'ii@example.com', youtube: 2000 });
    // Their posts are in another campaign: the card counts every post of the creator, not this campaign's.
    const [U1, U2, U3] = ['eeeeeeeeeee', 'fffffffffff', 'ggggggggggg'].map((v) => `https://youtu.be/${v}`);
    const ggPost = await insertSubmittedPost(api.db, {
      campaignId: other.id,
      creatorId: gg.creatorId,
      urls: [U1!, U2!],
    });
    const hhPost = await insertSubmittedPost(api.db, {
      campaignId: other.id,
      creatorId: hh.creatorId,
      urls: [U3!],
    });
    const enter = async (submissionId: number, figures: Record<string, unknown>) =>
      expect(
        (await postJson(api.app, `/api/admin/submissions/${submissionId}/metrics`, figures, api.admin))
          .status,
      ).toBe(201);
    await enter(ggPost, { postUrl: U1, views: 1000, likes: 100 });
    await enter(ggPost, { postUrl: U2, views: 3000, likes: 200, comments: 100 });
    await enter(hhPost, { postUrl: U3, views: 500, likes: 25 });
    for (const creator of [gg, hh, ii]) {
      expect(
        (await postJson(api.app, `/api/campaigns/${pages.id}/applications`, {}, creator.cookie)).status,
      ).toBe(201);
    }

    // One applicant a page, "Show more" by the cursor: each page carries its own creator's figures.
    const seen: Array<[number, { engagementRate: number; measuredPosts: number }]> = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const response = await getWithCookie(
        api.app,
        `/api/admin/campaigns/${pages.id}/applications?limit=1${query}`,
        api.admin,
      );
      expect(response.status).toBe(200);
      const page = (await response.json()) as AdminApplicantList;
      expect(page.items).toHaveLength(1);
      seen.push(...page.items.map((a) => [a.creator.id, a.engagement] as (typeof seen)[number]));
      cursor = page.nextCursor;
    }
    // By hand: gg (100 + 200 + 100) / (1,000 + 3,000) views = 10% over 2 posts; hh 25 / 500 = 5% over 1; ii none.
    expect(seen.sort((a, b) => a[0] - b[0])).toEqual([
      [gg.creatorId, { engagementRate: 10, measuredPosts: 2 }],
      [hh.creatorId, { engagementRate: 5, measuredPosts: 1 }],
      [ii.creatorId, { engagementRate: 0, measuredPosts: 0 }],
    ]);
    // The same figures as the creator's own page.
    for (const [id, engagement] of seen) {
      const creator = (await (
        await getWithCookie(api.app, `/api/admin/influencers/${id}`, api.admin)
      ).json()) as {
        engagementRate: string;
        measuredPosts: number;
      };
      expect([Number(creator.engagementRate), creator.measuredPosts]).toEqual([
        engagement.engagementRate,
        engagement.measuredPosts,
      ]);
    }
    // The campaign-wide read is gone: the figures come with the applicants' pages only.
    expect(
      (await getWithCookie(api.app, `/api/admin/campaigns/${pages.id}/applicant-engagement`, api.admin))
        .status,
    ).toBe(404);
  });
});
