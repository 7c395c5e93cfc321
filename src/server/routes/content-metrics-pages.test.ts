import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { insertSnapshot, insertSubmittedPost } from '../../../tests/support/posts';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { submissions } from '../../db/schema/applications';
import type {
  CampaignAnalytics,
  CampaignCreatorsPage,
  CampaignPostsPage,
} from '../../shared/schemas/content-metrics';

/*
 * A campaign's analytics answers the first 50 posts and creators of each tab with their counts, and the rest a page at
 * a time from a cursor (issue 28), in the page's order, each post once.
 */

const NOW = new Date('2026-06-20T12:00:00Z');
const DAY = 86_400_000;
// Same length, digits only where they differ: the URL order is the same in PostgreSQL and JavaScript.
const urlA = (i: number) => `https://youtu.be/aaaaaaa${String(i).padStart(4, '0')}`;
const urlB = (i: number) => `https://youtu.be/bbbbbbb${String(i).padStart(4, '0')}`;
const URL_C = 'https://youtu.be/ccccccc0000';

interface Expected {
  submissionId: number;
  postUrl: string;
  views: number | null;
  interactions: number;
}

/** The page's order: views desc (no figures last), interactions desc, submission desc, URL. */
function byPageOrder(a: Expected, b: Expected): number {
  if (a.views !== b.views) {
    if (a.views === null) return 1;
    if (b.views === null) return -1;
    return b.views - a.views;
  }
  if (a.interactions !== b.interactions) return b.interactions - a.interactions;
  if (a.submissionId !== b.submissionId) return b.submissionId - a.submissionId;
  return a.postUrl < b.postUrl ? -1 : a.postUrl > b.postUrl ? 1 : 0;
}

describe.each(TEST_DRIVERS)('campaign analytics pages on %s', (driver) => {
  const api = useAdminApp(driver, { mailer: captureMailer(), now: () => NOW });
  let creatorCookie: string;
  let campaignId: number;
  const expected: Expected[] = [];
  const base = () => `/api/admin/campaigns/${campaignId}/analytics`;
  const getJson = async <T>(path: string, cookie = api.admin) => {
    const response = await getWithCookie(api.app, path, cookie);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    const ana = await createReadyCreator(api.app, api.db, {
      email: 'ana@example.com',
      name: 'Ana Lee',
      youtube: 20000,
    });
    const bo = await createReadyCreator(api.app, api.db, {
      email: 'bo@example.com',
      name: 'Bo Chan',
      youtube: 1000,
    });
    const cy = await createReadyCreator(api.app, api.db, {
      email: 'cy@example.com',
      name: 'Cy Park',
      youtube: 500,
    });
    creatorCookie = cy.cookie;
    campaignId = (
      await insertCampaign(api.db, { name: 'Tube Launch', platform: 'youtube', budget: '1000.00' })
    ).id;
    // Ana's 55 posts: a submission holds at most 10 links, so six submissions of her application.
    const first = await insertSubmittedPost(api.db, {
      campaignId,
      creatorId: ana.creatorId,
      urls: Array.from({ length: 10 }, (_, i) => urlA(i)),
    });
    const [{ applicationId }] = (await api.db
      .select({ applicationId: submissions.applicationId })
      .from(submissions)
      .where(eq(submissions.id, first))) as [{ applicationId: number }];
    const subsA = [first];
    for (let part = 1; part < 6; part++) {
      const [row] = await api.db
        .insert(submissions)
        .values({
          applicationId,
          urls: Array.from({ length: Math.min(10, 55 - part * 10) }, (_, i) => urlA(part * 10 + i)),
          status: 'approved',
          reviewedAt: new Date('2026-06-01T12:00:00Z'),
          createdAt: new Date(`2026-05-31T12:0${part}:00Z`),
        })
        .returning({ id: submissions.id });
      subsA.push(row!.id);
    }
    const sA = (i: number) => subsA[Math.floor(i / 10)]!;
    const sB = await insertSubmittedPost(api.db, {
      campaignId,
      creatorId: bo.creatorId,
      urls: [urlB(0), urlB(1)],
    });
    const sC = await insertSubmittedPost(api.db, {
      campaignId,
      creatorId: cy.creatorId,
      urls: [URL_C],
    });
    const enter = async (submissionId: number, body: Record<string, unknown>) =>
      expect(
        (await postJson(api.app, `/api/admin/submissions/${submissionId}/metrics`, body, api.admin)).status,
      ).toBe(201);
    // Ana: 40 posts with views in five steps (0 to 400, so many ties) and 0-2 likes, 5 with likes only, 10 without.
    for (let i = 0; i < 55; i++) {
      if (i < 40) {
        await enter(sA(i), { postUrl: urlA(i), views: (i % 5) * 100, likes: i % 3 });
        expected.push({ submissionId: sA(i), postUrl: urlA(i), views: (i % 5) * 100, interactions: i % 3 });
      } else if (i < 45) {
        await enter(sA(i), { postUrl: urlA(i), likes: i - 38 });
        expected.push({ submissionId: sA(i), postUrl: urlA(i), views: null, interactions: i - 38 });
      } else {
        expected.push({ submissionId: sA(i), postUrl: urlA(i), views: null, interactions: 0 });
      }
    }
    // Bo: a post read yesterday and again "tomorrow" (a snapshot dated after the clock: not counted now), and a post
    // tied with Ana's at 400 views and 2 likes (the later submission first).
    await insertSnapshot(api.db, {
      submissionId: sB,
      postUrl: urlB(0),
      views: 250,
      likes: 5,
      measuredAt: new Date(NOW.getTime() - DAY),
    });
    await insertSnapshot(api.db, {
      submissionId: sB,
      postUrl: urlB(0),
      views: 99_999,
      likes: 999,
      measuredAt: new Date(NOW.getTime() + DAY),
    });
    expected.push({ submissionId: sB, postUrl: urlB(0), views: 250, interactions: 5 });
    await enter(sB, { postUrl: urlB(1), views: 400, likes: 2 });
    expected.push({ submissionId: sB, postUrl: urlB(1), views: 400, interactions: 2 });
    // Cy: a post without figures (no creator row).
    expected.push({ submissionId: sC, postUrl: URL_C, views: null, interactions: 0 });
    expected.sort(byPageOrder);
  });

  it('answers the first 50 posts and creators with their counts, and the rest page by page in order', async () => {
    const analytics = await getJson<CampaignAnalytics>(base());
    const [tab] = analytics.platforms;
    expect(tab).toMatchObject({
      platform: 'youtube',
      postCount: 58,
      creatorCount: 2,
      creatorsNextCursor: null,
    });
    const key = (p: { submissionId: number; postUrl: string }) => `${p.submissionId} ${p.postUrl}`;
    expect(tab!.posts.map(key)).toEqual(expected.slice(0, 50).map(key));
    expect(tab!.postsNextCursor).not.toBeNull();
    // The totals still count every post with figures (47), not the page.
    expect(tab!.totals.posts).toBe(47);

    // From the analytics' cursor, the 8 posts after the first 50.
    const rest = await getJson<CampaignPostsPage>(
      `${base()}/posts?platform=youtube&cursor=${encodeURIComponent(tab!.postsNextCursor!)}`,
    );
    expect(rest.items.map(key)).toEqual(expected.slice(50).map(key));
    expect(rest).toMatchObject({ total: 58, nextCursor: null });
    // Bo's first post counts what was measured by now: 250 views, not tomorrow's.
    expect(rest.items.concat(tab!.posts).find((p) => p.postUrl === urlB(0))).toMatchObject({
      views: 250,
      likes: 5,
      interactions: 5,
    });

    // Walking pages of 9 from the start: each post once, in the page's order.
    const walked: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `platform=youtube&limit=9${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: CampaignPostsPage = await getJson<CampaignPostsPage>(`${base()}/posts?${query}`);
      expect(page.total).toBe(58);
      expect(page.items.length).toBe(pages < 6 ? 9 : 4);
      walked.push(...page.items.map(key));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(7);
    expect(walked).toEqual(expected.map(key));

    // Creators: Ana (59 interactions) then Bo (7); Cy has no figures.
    expect(tab!.creators.map((c) => [c.creatorName, c.posts, c.interactions])).toEqual([
      ['Ana Lee', 45, 59],
      ['Bo Chan', 2, 7],
    ]);
    const first = await getJson<CampaignCreatorsPage>(`${base()}/creators?platform=youtube&limit=1`);
    expect(first.items.map((c) => c.creatorName)).toEqual(['Ana Lee']);
    expect(first.total).toBe(2);
    const second = await getJson<CampaignCreatorsPage>(
      `${base()}/creators?platform=youtube&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.items.map((c) => [c.creatorName, c.views, c.interactions])).toEqual([['Bo Chan', 650, 7]]);
    expect(second.nextCursor).toBeNull();

    // Another platform's tab has no posts.
    const tiktok = await getJson<CampaignPostsPage>(`${base()}/posts?platform=tiktok`);
    expect(tiktok).toEqual({ items: [], total: 0, nextCursor: null });

    // The CSV export still has every post, in the page's order.
    const csv = await getWithCookie(api.app, `${base()}.csv`, api.admin);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n').slice(1);
    expect(lines.map((line) => line.split(',')[4])).toEqual(expected.map((p) => p.postUrl));
  });

  it('refuses a cursor it did not make, a bad platform, a creator, and an unknown campaign', async () => {
    const analytics = await getJson<CampaignAnalytics>(base());
    const postsCursor = encodeURIComponent(analytics.platforms[0]!.postsNextCursor!);
    for (const path of [
      `${base()}/posts?platform=youtube&cursor=not-a-cursor`,
      `${base()}/posts?platform=youtube&cursor=${encodeURIComponent(btoa('pp|[1,2]'))}`,
      `${base()}/creators?platform=youtube&cursor=${postsCursor}`,
    ]) {
      const response = await getWithCookie(api.app, path, api.admin);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain('cursor is not valid');
    }
    expect((await getWithCookie(api.app, `${base()}/posts?platform=myspace`, api.admin)).status).toBe(400);
    expect((await getWithCookie(api.app, `${base()}/posts?platform=youtube&limit=0`, api.admin)).status).toBe(
      400,
    );
    expect((await getWithCookie(api.app, `${base()}/posts?platform=youtube`, creatorCookie)).status).toBe(
      403,
    );
    expect((await getWithCookie(api.app, `${base()}/posts?platform=youtube`)).status).toBe(401);
    expect(
      (
        await getWithCookie(
          api.app,
          `/api/admin/campaigns/999999/analytics/creators?platform=youtube`,
          api.admin,
        )
      ).status,
    ).toBe(404);
  });
});
