import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { SERUM_LAUNCH_CAMPAIGN } from '../../../tests/support/box-campaign';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { DECIDED_STATUSES, IN_PROGRESS_STATUSES } from '../../shared/lifecycle/statuses';
import type { MyApplication } from '../../shared/schemas/application';
import type { CampaignAnalytics, MyAnalytics } from '../../shared/schemas/content-metrics';
import type { ActivityItem } from '../../shared/schemas/me';
import type { Payout, Wallet } from '../../shared/schemas/payout';

/*
 * Issue 24, "Done when": every figure of the creator's /dashboard and of the admin's /admin/details/:id, read from the
 * API the page calls, equals a query of the records it claims to show. The history is built through the public
 * routes only (apply, accept, ship, confirm delivery, submit, approve, redeem, pay, the admin's figure entry); each
 * expected figure is computed here with its own SQL, not with the queries the routes use.
 */

const DAY = 86_400_000;
type Row = Record<string, unknown>;

describe.each(TEST_DRIVERS)('dashboard and campaign details figures against the records on %s', (driver) => {
  const api = useAdminApp(driver, { mailer: captureMailer(), paypal: null, now: () => clock.now });
  // The app's clock starts from the real one: the figures' months are the calendar's (a Mint movement is dated by it).
  const REAL_NOW = new Date();
  const clock = { now: new Date(REAL_NOW) };
  const at = (daysAgo: number) => {
    clock.now = new Date(REAL_NOW.getTime() - daysAgo * DAY);
  };
  let ana: { cookie: string; creatorId: number };
  let bo: { cookie: string; creatorId: number };
  const campaignIds: Record<string, number> = {};
  let keys = 0;

  const rows = async (query: ReturnType<typeof sql>) =>
    (((await api.db.execute(query)) as unknown as { rows: Row[] }).rows ?? []) as Row[];
  const one = async (query: ReturnType<typeof sql>) =>
    Number(Object.values((await rows(query))[0] ?? {})[0] ?? 0);
  const call = async (path: string, body: unknown, cookie = api.admin, headers?: Record<string, string>) => {
    const response = await postJson(api.app, path, body, cookie, headers);
    const json = (await response.json().catch(() => null)) as Record<string, unknown>;
    expect(response.status, `${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
    return json;
  };
  const get = async <T>(path: string, cookie = api.admin) => {
    const response = await getWithCookie(api.app, path, cookie);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  const newCampaign = async (name: string, reward: number) => {
    const body = await call('/api/admin/campaigns', {
      ...SERUM_LAUNCH_CAMPAIGN,
      name,
      requirements: ['One Reel'],
      deadline: new Date(REAL_NOW.getTime() + 90 * DAY).toISOString().slice(0, 10),
      reward,
    });
    campaignIds[name] = body.id as number;
    return body.id as number;
  };
  /** Applies and walks the application as far as `until`; answers the application and the last submission ids. */
  const walk = async (
    creator: { cookie: string },
    campaignId: number,
    until: 'applied' | 'rejected' | 'shipped' | 'submitted' | 'approved',
    post: string,
  ) => {
    const applicationId = (await call(`/api/campaigns/${campaignId}/applications`, {}, creator.cookie))
      .id as number;
    if (until === 'applied') return { applicationId, submissionId: 0 };
    if (until === 'rejected') {
      await call(`/api/admin/applications/${applicationId}/reject`, {});
      return { applicationId, submissionId: 0 };
    }
    await call(`/api/admin/applications/${applicationId}/accept`, {});
    await call(`/api/admin/applications/${applicationId}/shipment`, {
      carrier: 'UPS',
      trackingNumber: '1Z9',
    });
    if (until === 'shipped') return { applicationId, submissionId: 0 };
    await call(`/api/applications/${applicationId}/delivery`, { action: 'confirm' }, creator.cookie);
    const submissionId = (
      await call(`/api/applications/${applicationId}/submissions`, { urls: [post] }, creator.cookie)
    ).id as number;
    if (until === 'approved') await call(`/api/admin/submissions/${submissionId}/approve`, {});
    return { applicationId, submissionId };
  };
  const figures = (submissionId: number, postUrl: string, values: Record<string, number>) =>
    call(`/api/admin/submissions/${submissionId}/metrics`, { postUrl, ...values });
  const redeem = async (cookie: string, amount: number) => {
    keys += 1;
    return (await call('/api/me/payouts', { amount }, cookie, {
      'idempotency-key': `figures-${driver}-${keys}`,
    })) as unknown as Payout;
  };

  beforeAll(async () => {
    ana = await createReadyCreator(api.app, api.db, { email: 'ana@example.com', name: 'Ana Lee' });
    bo = await createReadyCreator(api.app, api.db, {
      email: 'bo@example.com',
      name: 'Bo Chan',
      instagram: 8000,
    });

    // Last month: Ana's first campaign, approved, with figures entered then.
    at(45);
    const glow = await newCampaign('Glow', 40);
    const a1 = await walk(ana, glow, 'approved', 'https://www.instagram.com/p/anaglow');
    await figures(a1.submissionId, 'https://www.instagram.com/p/anaglow', {
      views: 1000,
      likes: 80,
      comments: 5,
    });

    // This month and this week: a second campaign, Ana's and Bo's posts approved.
    at(12);
    const serum = await newCampaign('Serum', 60);
    const a2 = await walk(ana, serum, 'approved', 'https://www.instagram.com/p/anaserum');
    const b2 = await walk(bo, serum, 'approved', 'https://www.instagram.com/reel/boserum');
    await figures(a2.submissionId, 'https://www.instagram.com/p/anaserum', {
      views: 2000,
      likes: 100,
      shares: 4,
    });
    await figures(b2.submissionId, 'https://www.instagram.com/reel/boserum', {
      views: 500,
      likes: 20,
      saves: 3,
    });
    at(2);
    await figures(a1.submissionId, 'https://www.instagram.com/p/anaglow', {
      views: 1600,
      likes: 120,
      comments: 9,
      shares: 2,
    });
    await figures(a2.submissionId, 'https://www.instagram.com/p/anaserum', {
      views: 5000,
      likes: 300,
      comments: 40,
      shares: 25,
      saves: 10,
    });

    // Content awaiting review, a box on its way, a rejection and an open application.
    at(1);
    const mist = await newCampaign('Mist', 30);
    await walk(ana, mist, 'approved', 'https://www.instagram.com/p/anamist');
    await walk(ana, await newCampaign('Balm', 25), 'submitted', 'https://www.instagram.com/p/anabalm');
    await walk(ana, await newCampaign('Oil', 20), 'shipped', '');
    await walk(ana, await newCampaign('Tonic', 20), 'rejected', '');
    await walk(ana, await newCampaign('Mask', 20), 'applied', '');

    // A payout paid, one still open.
    at(0);
    const paid = await redeem(ana.cookie, 50);
    await call('/api/admin/payouts/process', { ids: [paid.id], mode: 'manual' });
    await call(`/api/admin/payouts/${paid.id}/mark-paid`, { reference: 'PP-FIG-1' });
    await redeem(ana.cookie, 50);
  });

  it("walks every figure of the creator's /dashboard against the ledger, payouts, applications and snapshots", async () => {
    const me = ana.creatorId;
    const wallet = await get<Wallet>('/api/me/wallet', ana.cookie);
    const applications = (await get<{ items: MyApplication[] }>('/api/me/applications', ana.cookie)).items;
    const analytics = await get<MyAnalytics>('/api/me/analytics', ana.cookie);
    const activity = (await get<{ items: ActivityItem[] }>('/api/me/activity', ana.cookie)).items;

    const monthStart = new Date(Date.UTC(REAL_NOW.getUTCFullYear(), REAL_NOW.getUTCMonth(), 1)).toISOString();
    // Wallet card and Mint Balance: the ledger, the open payouts, the content awaiting review.
    const records = {
      balance: await one(
        sql`select coalesce(sum(amount), 0) from ledger_entries where influencer_id = ${me}`,
      ),
      pending:
        await one(sql`select coalesce(sum(c.reward), 0) from applications a join campaigns c on c.id = a.campaign_id
        where a.influencer_id = ${me} and a.status = 'content_submitted'`),
      inPayout: await one(sql`select coalesce(sum(amount), 0) from payouts
        where influencer_id = ${me} and status in ('pending', 'processing')`),
      totalEarned: await one(sql`select coalesce(sum(amount), 0) from ledger_entries
        where influencer_id = ${me} and (kind = 'reward' or (kind = 'adjustment' and amount > 0))`),
      earnedThisMonth: await one(sql`select coalesce(sum(amount), 0) from ledger_entries
        where influencer_id = ${me} and (kind = 'reward' or (kind = 'adjustment' and amount > 0))
        and created_at >= ${monthStart}::timestamptz`),
    };
    // 40 + 60 + 30 credited (45, 12 and 1 days ago, each dated by the app's clock), 100 redeemed (50 paid, 50
    // open), 25 awaiting review; this month's credits are those since the 1st.
    const creditedThisMonth = [
      [40, 45],
      [60, 12],
      [30, 1],
    ]
      .filter(([, daysAgo]) => REAL_NOW.getTime() - daysAgo! * DAY >= Date.parse(monthStart))
      .reduce((sum, [amount]) => sum + amount!, 0);
    expect(records).toEqual({
      balance: 30,
      pending: 25,
      inPayout: 50,
      totalEarned: 130,
      earnedThisMonth: creditedThisMonth,
    });
    expect(wallet).toMatchObject({
      balance: records.balance,
      pending: records.pending,
      inPayout: records.inPayout,
      totalEarned: records.totalEarned,
      earnedThisMonth: records.earnedThisMonth,
    });
    expect(await one(sql`select balance from mint_balances where influencer_id = ${me}`)).toBe(
      records.balance,
    );

    // Active Campaigns, completed, Success Rate: the applications by status.
    const byStatus = Object.fromEntries(
      (
        await rows(
          sql`select status, count(*)::int as n from applications where influencer_id = ${me} group by status`,
        )
      ).map((r) => [String(r.status), Number(r.n)]),
    );
    const count = (statuses: readonly string[]) => statuses.reduce((sum, s) => sum + (byStatus[s] ?? 0), 0);
    expect(byStatus).toEqual({ approved: 3, content_submitted: 1, shipped: 1, rejected: 1, applied: 1 });
    expect(applications).toHaveLength(7);
    const shown = (statuses: readonly string[]) =>
      applications.filter((a) => statuses.includes(a.status)).length;
    expect(shown(IN_PROGRESS_STATUSES)).toBe(count(IN_PROGRESS_STATUSES));
    expect(shown(['approved'])).toBe(count(['approved']));
    expect(shown(DECIDED_STATUSES)).toBe(count(DECIDED_STATUSES));
    expect(Math.round((count(['approved']) / count(DECIDED_STATUSES)) * 100)).toBe(75);

    // This Month: growth of the counted (latest) snapshot of each post since the 1st (UTC), and the month before.
    const totalsAsOf = async (asOf: Date) => {
      const [r] =
        await rows(sql`select coalesce(sum(views), 0)::int as views, coalesce(sum(shares), 0)::int as shares,
          coalesce(sum(comments), 0)::int as comments,
          coalesce(sum(coalesce(likes, 0) + coalesce(comments, 0) + coalesce(shares, 0) + coalesce(saves, 0)), 0)::int as engagement
        from (select distinct on (s.submission_id, s.post_url) s.*
          from content_metric_snapshots s join submissions sub on sub.id = s.submission_id
          join applications a on a.id = sub.application_id
          where a.influencer_id = ${me} and sub.status in ('submitted', 'approved') and s.measured_at < ${asOf.toISOString()}::timestamptz
          order by s.submission_id, s.post_url, s.measured_at desc, s.id desc) latest`);
      return {
        views: Number(r!.views),
        engagement: Number(r!.engagement),
        shares: Number(r!.shares),
        comments: Number(r!.comments),
      };
    };
    const minus = (a: Record<string, number>, b: Record<string, number>) =>
      Object.fromEntries(Object.keys(a).map((k) => [k, a[k]! - b[k]!]));
    const startOf = (monthsBack: number) =>
      new Date(Date.UTC(REAL_NOW.getUTCFullYear(), REAL_NOW.getUTCMonth() - monthsBack, 1));
    const nowTotals = await totalsAsOf(new Date(REAL_NOW.getTime() + 1));
    const atMonthStart = await totalsAsOf(startOf(0));
    const atLastMonthStart = await totalsAsOf(startOf(1));
    expect(nowTotals).toEqual({ views: 6600, engagement: 506, shares: 27, comments: 49 });
    expect(analytics.thisMonth).toEqual(minus(nowTotals, atMonthStart));
    expect(analytics.lastMonth).toEqual(minus(atMonthStart, atLastMonthStart));

    // Recent Activity: every dated step of the records, the newest 20.
    const steps = await one(sql`select
        (select count(*) from applications where influencer_id = ${me})
      + (select count(*) from applications where influencer_id = ${me} and decided_at is not null)
      + (select count(*) from applications where influencer_id = ${me} and shipped_at is not null)
      + (select count(*) from applications where influencer_id = ${me} and coalesce(delivery_confirmed_at, delivered_at) is not null)
      + (select count(*) from submissions s join applications a on a.id = s.application_id where a.influencer_id = ${me})
      + (select count(*) from submissions s join applications a on a.id = s.application_id
          where a.influencer_id = ${me} and s.status in ('approved', 'changes_requested'))
      + (select count(*) from ledger_entries where influencer_id = ${me} and amount > 0)
      + (select count(*) from payouts where influencer_id = ${me})
      + (select count(*) from payouts where influencer_id = ${me} and completed_at is not null)`);
    // 7 applied, 6 decided, 5 shipped, 4 delivered, 4 submitted, 3 approved, 3 credited, 2 payouts, 1 paid.
    expect(steps).toBe(35);
    expect(activity).toHaveLength(Math.min(20, steps));
    const times = activity.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it("walks every figure of the admin's /admin/details/:id against the ledger and the snapshots", async () => {
    const id = campaignIds.Serum!;
    const data = await get<CampaignAnalytics>(`/api/admin/campaigns/${id}/analytics`);
    const asOf = (
      d: Date,
    ) => sql`select p.influencer_id, p.submission_id, p.post_url, l.views, l.likes, l.comments,
        l.shares, l.saves, coalesce(l.likes, 0) + coalesce(l.comments, 0) + coalesce(l.shares, 0) + coalesce(l.saves, 0) as interactions
      from (select sub.id as submission_id, unnest(sub.urls) as post_url, a.influencer_id
        from submissions sub join applications a on a.id = sub.application_id
        where a.campaign_id = ${id} and sub.status in ('submitted', 'approved')) p
      left join (select distinct on (submission_id, post_url) * from content_metric_snapshots
        where measured_at <= ${d.toISOString()}::timestamptz and (source <> 'creator' or confirmed_at is not null)
        order by submission_id, post_url, (source = 'api') desc, measured_at desc, id desc) l
        on l.submission_id = p.submission_id and l.post_url = p.post_url`;
    const posts = await rows(asOf(REAL_NOW));
    const weekAgo = await rows(asOf(new Date(REAL_NOW.getTime() - 7 * DAY)));
    const sum = (list: Row[], key: string) => list.reduce((s, r) => s + Number(r[key] ?? 0), 0);

    // Budget: the campaign's row. Mint spent: the rewards credited for its approved posts, in the ledger and in
    // the approved applications times the reward.
    const [campaign] = await rows(sql`select budget, reward, product_value from campaigns where id = ${id}`);
    expect(campaign!.product_value ?? null).toBeNull();
    const credited = await one(
      sql`select coalesce(sum(amount), 0) from ledger_entries where kind = 'reward' and campaign_id = ${id}`,
    );
    const approved = await one(
      sql`select count(*) from applications where campaign_id = ${id} and status = 'approved'`,
    );
    expect(credited).toBe(approved * Number(campaign!.reward));
    expect(data.campaign.budget).toBe(Number(campaign!.budget));
    expect(data.mintSpent).toBe(credited);
    expect(credited).toBe(120);

    // Per platform: views, likes, comments, shares, saves, engagement rate, this week.
    const views = sum(posts, 'views');
    const interactions = sum(posts, 'interactions');
    expect({ views, interactions }).toEqual({ views: 5500, interactions: 398 });
    expect(data.platforms.map((p) => p.platform)).toEqual(['instagram']);
    const tab = data.platforms[0]!;
    expect(tab.totals).toMatchObject({
      posts: posts.length,
      views,
      likes: sum(posts, 'likes'),
      comments: sum(posts, 'comments'),
      shares: sum(posts, 'shares'),
      saves: sum(posts, 'saves'),
      interactions,
      engagementRate: Math.round((interactions * 10_000) / views) / 100,
    });
    expect(tab.weeklyChange).toEqual({
      views: views - sum(weekAgo, 'views'),
      interactions: interactions - sum(weekAgo, 'interactions'),
    });

    // Costs: what was spent over what was counted (this campaign states no product value).
    expect(data.costPerView).toBe(Math.round((credited / views) * 10_000) / 10_000);
    expect(data.costPerEngagement).toBe(Math.round((credited / interactions) * 10_000) / 10_000);

    // Top content: each post with its counted figures, most viewed first.
    const byViews = [...posts].sort((a, b) => Number(b.views) - Number(a.views));
    expect(tab.posts.map((p) => ({ url: p.postUrl, views: p.views, interactions: p.interactions }))).toEqual(
      byViews.map((r) => ({ url: r.post_url, views: Number(r.views), interactions: Number(r.interactions) })),
    );

    // Creators: one row per creator, their posts' totals.
    const creators = new Map<number, Row[]>();
    for (const r of posts)
      creators.set(Number(r.influencer_id), [...(creators.get(Number(r.influencer_id)) ?? []), r]);
    expect(tab.creators).toHaveLength(creators.size);
    for (const row of tab.creators) {
      const mine = creators.get(row.creatorId)!;
      const [v, i] = [sum(mine, 'views'), sum(mine, 'interactions')];
      expect(row).toMatchObject({
        posts: mine.length,
        views: v,
        interactions: i,
        engagementRate: Math.round((i * 10_000) / v) / 100,
      });
    }

    // A campaign with nothing approved shows no cost and nothing spent.
    const balm = await get<CampaignAnalytics>(`/api/admin/campaigns/${campaignIds.Balm}/analytics`);
    expect(balm).toMatchObject({ mintSpent: 0, costPerView: null, costPerEngagement: null });
  });
});
