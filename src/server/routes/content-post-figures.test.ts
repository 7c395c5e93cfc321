import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertApplication, insertCampaign } from '../../../tests/support/factories';
import { insertSnapshot } from '../../../tests/support/posts';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { PNG_BYTES } from '../../../tests/support/uploads';
import { dailySeries } from '../../db/queries/content-metrics-series';
import { allPostFigures, rebuildPostFigures } from '../../db/queries/content-metrics-writes';
import { submissions } from '../../db/schema/applications';
import { creators } from '../../db/schema/creators';
import type { CampaignAnalytics } from '../../shared/schemas/content-metrics';
import type { AdminApplicantList } from '../../shared/schemas/shipping';

/*
 * The figures kept per post (content_post_figures, migration 0035) against the computation from scratch, after writes
 * of every kind, and the analytics that read them.
 */

const HOUR = 3_600_000;
const Y1 = 'https://www.youtube.com/watch?v=kkkkkkkkkk1';
const Y2 = 'https://www.youtube.com/watch?v=kkkkkkkkkk2';
const Y3 = 'https://www.youtube.com/watch?v=kkkkkkkkkk3';
const Y4 = 'https://www.youtube.com/watch?v=kkkkkkkkkk4';

type Row = Record<string, unknown>;

describe.each(TEST_DRIVERS)('figures kept per post on %s', (driver) => {
  let campaignId: number;
  const clock = { now: new Date('2026-06-01T12:00:00Z') };
  const api = useAdminApp(driver, { mailer: captureMailer(), now: () => clock.now });
  const later = (hours: number) => {
    clock.now = new Date(clock.now.getTime() + hours * HOUR);
    return clock.now;
  };

  /** Every post's counted snapshot computed from scratch from submissions and snapshots (decision 0014's rule). */
  const fromScratch = async () => {
    const result = await api.db.execute(sql`
      select s.id as submission_id, u.url as post_url, a.campaign_id, a.influencer_id, c.platform, s.status,
        l.id as snapshot_id, l.source, l.views, l.likes, l.comments, l.shares, l.saves, l.reach,
        (extract(epoch from l.measured_at) * 1000)::float8 as measured_ms
      from submissions s
      join applications a on a.id = s.application_id
      join campaigns c on c.id = a.campaign_id
      cross join lateral (select distinct x.url from unnest(s.urls) as x(url)) u
      left join lateral (
        select m.* from content_metric_snapshots m
        where m.submission_id = s.id and m.post_url = u.url and (m.source <> 'creator' or m.confirmed_at is not null)
        order by (m.source = 'api') desc, m.measured_at desc, m.id desc limit 1
      ) l on true
      order by s.id, u.url`);
    return (result as unknown as { rows: Row[] }).rows.map((r) => ({
      submissionId: Number(r.submission_id),
      postUrl: String(r.post_url),
      campaignId: Number(r.campaign_id),
      creatorId: Number(r.influencer_id),
      platform: String(r.platform),
      status: String(r.status),
      snapshotId: r.snapshot_id === null ? null : Number(r.snapshot_id),
      source: (r.source as string | null) ?? null,
      views: r.views === null ? null : Number(r.views),
      likes: r.likes === null ? null : Number(r.likes),
      measuredAt: r.measured_ms === null ? null : new Date(Number(r.measured_ms)).toISOString(),
    }));
  };
  const kept = async () =>
    (await allPostFigures(api.db)).map((r) => ({
      submissionId: r.submissionId,
      postUrl: r.postUrl,
      campaignId: r.campaignId,
      creatorId: r.creatorId,
      platform: r.platform,
      status: r.status,
      snapshotId: r.snapshotId,
      source: r.source,
      views: r.views,
      likes: r.likes,
      measuredAt: r.measuredAt?.toISOString() ?? null,
    }));
  /** The kept rows equal the computation from scratch, and the exact rebuild changes nothing. */
  const expectKeptExact = async () => {
    const rows = await kept();
    expect(rows).toEqual(await fromScratch());
    await rebuildPostFigures(api.db);
    expect(await kept()).toEqual(rows);
    return rows;
  };

  /** The 30-day series computed from every snapshot of the campaign (the statement this read replaced). */
  const seriesFromScratch = async (from: string, to: string) => {
    const result = await api.db.execute(sql`with posts as (
        select sub.id as submission_id, u.url as post_url, c.platform
        from submissions sub join applications a on a.id = sub.application_id join campaigns c on c.id = a.campaign_id
        cross join lateral (select distinct x.url from unnest(sub.urls) as x(url)) u
        where sub.status in ('submitted', 'approved') and a.campaign_id = ${campaignId}
      ),
      days as (
        select d::date as day, ((d::date + 1)::timestamp at time zone 'UTC') as day_end
        from generate_series(${from}::date, ${to}::date, interval '1 day') d
      ),
      counted as (
        select s.id, s.submission_id, s.post_url, p.platform, s.source, s.measured_at, coalesce(s.views, 0) as views,
          coalesce(s.likes, 0) + coalesce(s.comments, 0) + coalesce(s.shares, 0) + coalesce(s.saves, 0) as interactions
        from content_metric_snapshots s join posts p on p.submission_id = s.submission_id and p.post_url = s.post_url
        where (s.source <> 'creator' or s.confirmed_at is not null)
      ),
      per_day as (
        select distinct on (days.day, c.submission_id, c.post_url) days.day, c.platform, c.views, c.interactions
        from days join counted c on c.measured_at < days.day_end
        order by days.day, c.submission_id, c.post_url, (c.source = 'api') desc, c.measured_at desc, c.id desc
      ),
      platforms as (select distinct platform from posts)
      select pl.platform, to_char(days.day, 'YYYY-MM-DD') as date,
        coalesce(sum(pd.views), 0)::float8 as views, coalesce(sum(pd.interactions), 0)::float8 as interactions
      from days cross join platforms pl left join per_day pd on pd.day = days.day and pd.platform = pl.platform
      group by pl.platform, days.day order by pl.platform, days.day`);
    return (result as unknown as { rows: Row[] }).rows.map((r) => ({
      platform: r.platform,
      date: r.date,
      views: Number(r.views),
      interactions: Number(r.interactions),
    }));
  };
  const expectSeriesExact = async () => {
    for (const [from, to] of [
      ['2026-05-20', '2026-06-18'],
      ['2026-06-01', '2026-06-30'],
      ['2026-06-03', '2026-07-02'],
      ['2026-07-01', '2026-07-30'],
    ] as const) {
      expect(await dailySeries(api.db, { campaignId }, from, to)).toEqual(await seriesFromScratch(from, to));
    }
  };

  const call = async (path: string, body: unknown, cookie = api.admin) => {
    const response = await postJson(api.app, path, body, cookie);
    return { status: response.status, body: (await response.json()) as Row };
  };
  const analytics = async () => {
    const response = await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/analytics`, api.admin);
    expect(response.status).toBe(200);
    return ((await response.json()) as CampaignAnalytics).platforms[0]!;
  };
  const report = async (submissionId: number, fields: Record<string, string>, cookie: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('screenshot', new File([PNG_BYTES], 'shot.png', { type: 'image/png' }));
    const response = await api.app.request(`/api/submissions/${submissionId}/metrics`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const creator = async (email: string, name: string) => {
    const made = await createReadyCreator(api.app, api.db, { email, name, youtube: 1000 });
    const [row] = await api.db.select().from(creators).where(eq(creators.id, made.creatorId));
    return { ...made, row: row! };
  };

  it('keep every post exactly as counted from scratch through reports, confirmations, reviews and deletions', async () => {
    const campaign = await insertCampaign(api.db, { name: 'Kept Figures', platform: 'youtube' });
    campaignId = campaign.id;
    const ana = await creator('kept-ana@example.com', 'Ana Kept');
    const bo = await creator('kept-bo@example.com', 'Bo Kept');
    const anaApp = await insertApplication(api.db, {
      status: 'delivered',
      campaign,
      creator: ana.row,
    });
    const boApp = await insertApplication(api.db, { status: 'delivered', campaign, creator: bo.row });

    // Content sent through the API: a row per link, no figures yet.
    const sent = await call(
      `/api/applications/${anaApp.application.id}/submissions`,
      { urls: [Y1, Y2] },
      ana.cookie,
    );
    expect(sent.status).toBe(201);
    const anaSub = Number(sent.body.id);
    const boSub = await api.submit(boApp.application.id, bo.cookie, Y3);
    expect((await expectKeptExact()).map((r) => [r.postUrl, r.status, r.snapshotId])).toEqual([
      [Y1, 'submitted', null],
      [Y2, 'submitted', null],
      [Y3, 'submitted', null],
    ]);

    // API snapshots (the refresh job's writes): the latest counts.
    await insertSnapshot(api.db, {
      submissionId: anaSub,
      postUrl: Y1,
      views: 100,
      likes: 5,
      measuredAt: later(1),
    });
    await insertSnapshot(api.db, {
      submissionId: anaSub,
      postUrl: Y1,
      views: 400,
      likes: 9,
      measuredAt: later(24),
    });
    await expectKeptExact();
    // An admin's figure, later than an API one, does not beat it; on a post without API figures it counts.
    expect(
      (await call(`/api/admin/submissions/${anaSub}/metrics`, { postUrl: Y1, views: 9999 })).status,
    ).toBe(201);
    later(1);
    expect(
      (await call(`/api/admin/submissions/${anaSub}/metrics`, { postUrl: Y2, views: 50, likes: 2 })).status,
    ).toBe(201);
    let rows = await expectKeptExact();
    expect(rows.map((r) => [r.postUrl, r.source, r.views])).toEqual([
      [Y1, 'api', 400],
      [Y2, 'admin', 50],
      [Y3, null, null],
    ]);

    // A creator report counts only once confirmed.
    later(24);
    const reportId = await report(boSub, { postUrl: Y3, views: '700', likes: '70' }, bo.cookie);
    rows = await expectKeptExact();
    expect(rows.find((r) => r.postUrl === Y3)?.snapshotId).toBeNull();
    expect((await analytics()).totals).toMatchObject({ posts: 2, views: 450 });
    later(2);
    expect((await call(`/api/admin/metrics/${reportId}/confirm`, {})).status).toBe(200);
    rows = await expectKeptExact();
    expect(rows.find((r) => r.postUrl === Y3)).toMatchObject({ source: 'creator', views: 700 });
    expect((await analytics()).totals).toMatchObject({ posts: 3, views: 1150, interactions: 81 });
    await expectSeriesExact();

    // Sent back: the post leaves the analytics but keeps its figures (the applicant card still counts it).
    later(24);
    expect(
      (await call(`/api/admin/submissions/${boSub}/request-changes`, { message: 'Show the label.' })).status,
    ).toBe(200);
    rows = await expectKeptExact();
    expect(rows.find((r) => r.postUrl === Y3)).toMatchObject({ status: 'changes_requested', views: 700 });
    let tab = await analytics();
    expect(tab.totals).toMatchObject({ posts: 2, views: 450 });
    expect(tab.posts.map((p) => p.postUrl)).toEqual([Y1, Y2]);
    const engagement = async () =>
      (
        (await (
          await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/applications`, api.admin)
        ).json()) as AdminApplicantList
      ).items
        .map((a) => [a.creator.id, a.engagement.measuredPosts])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(await engagement()).toEqual([
      [ana.creatorId, 2],
      [bo.creatorId, 1],
    ]);

    // Sent again with a new link and approved: a new post, counted from its own snapshots.
    later(24);
    const boSub2 = await api.submit(boApp.application.id, bo.cookie, Y4);
    await insertSnapshot(api.db, {
      submissionId: boSub2,
      postUrl: Y4,
      views: 300,
      measuredAt: later(1),
    });
    expect((await call(`/api/admin/submissions/${boSub2}/approve`, {})).status).toBe(200);
    expect((await call(`/api/admin/submissions/${anaSub}/approve`, {})).status).toBe(200);
    rows = await expectKeptExact();
    expect(rows.map((r) => [r.postUrl, r.status, r.views])).toEqual([
      [Y1, 'approved', 400],
      [Y2, 'approved', 50],
      [Y3, 'changes_requested', 700],
      [Y4, 'approved', 300],
    ]);
    expect((await analytics()).totals).toMatchObject({ posts: 3, views: 750 });
    await expectSeriesExact();

    // The platform's figures deleted (Instagram's data deletion removes API snapshots): the admin's figure counts
    // again; a deleted submission takes its posts with it.
    later(24);
    await api.db.execute(
      sql`delete from content_metric_snapshots where source = 'api' and submission_id = ${anaSub}`,
    );
    rows = await expectKeptExact();
    expect(rows.find((r) => r.postUrl === Y1)).toMatchObject({ source: 'admin', views: 9999 });
    await api.db.delete(submissions).where(eq(submissions.id, boSub2));
    rows = await expectKeptExact();
    expect(rows.map((r) => r.postUrl)).toEqual([Y1, Y2, Y3]);
    tab = await analytics();
    expect(tab.totals).toMatchObject({ posts: 2, views: 10049 });
    expect(await engagement()).toEqual([
      [ana.creatorId, 2],
      [bo.creatorId, 1],
    ]);
    await expectSeriesExact();
  });
  it('count every one of eight snapshots of one post written at once (no lost update)', async () => {
    const campaign = await insertCampaign(api.db, { name: 'At Once', platform: 'youtube' });
    const cy = await creator('kept-cy@example.com', 'Cy Kept');
    const { application } = await insertApplication(api.db, {
      status: 'delivered',
      campaign,
      creator: cy.row,
    });
    const sent = await call(`/api/applications/${application.id}/submissions`, { urls: [Y1] }, cy.cookie);
    expect(sent.status).toBe(201);
    const submissionId = Number(sent.body.id);
    const base = later(1).getTime();
    // Each its own transaction (on PostgreSQL, from the pool's connections at once); the latest measured must win
    // whichever commits last.
    await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        insertSnapshot(api.db, {
          submissionId,
          postUrl: Y1,
          views: 1000 + n,
          measuredAt: new Date(base + n * 60_000),
        }),
      ),
    );
    const rows = await expectKeptExact();
    expect(rows.find((r) => r.submissionId === submissionId)).toMatchObject({ source: 'api', views: 1007 });
  });
});
