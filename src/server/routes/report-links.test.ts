import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithCookie, nextClientIp, postJson, signInAdmin } from '../../../tests/support/auth-client';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator, READY_PROFILE } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { insertSnapshot, insertSubmittedPost } from '../../../tests/support/posts';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { reportLinks } from '../../db/schema/team';
import type { CreatedReportLink, ReportLink } from '../../shared/schemas/report-links';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';

const POST = 'https://www.youtube.com/watch?v=abcdefghijk';
const DAY = 86_400_000;

/** Issue 39: report links for brands (hashed, expiring, revocable, optional password, no personal data, counted). */
describe.each(TEST_DRIVERS)('report links on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  const clock = fakeClock(new Date().toISOString());
  let manager = '';
  let viewer = '';
  let campaignId = 0;

  const open = (url: string, init: RequestInit = {}) =>
    app.request(new URL(url).pathname, {
      ...init,
      headers: { 'x-forwarded-for': nextClientIp(), ...(init.headers ?? {}) },
    });
  const make = async (body: object) => {
    const response = await postJson(app, `/api/admin/campaigns/${campaignId}/report-links`, body, manager);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as CreatedReportLink;
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const env = testEnv({ TRUST_PROXY: 'true' });
    app = createApp({ db: database.db, env, logger: silentLogger(), now: () => clock.now });
    const auth = createAuth({ db: database.db, env, logger: silentLogger() });
    for (const role of ['manager', 'viewer'] as const) {
      await upsertAdmin(database.db, auth, {
        email: `${role}@mintbox.test`,
        password: 'team password 2026',
        role,
      });
    }
    manager = await signInAdmin(app, 'manager', 'team password 2026');
    viewer = await signInAdmin(app, 'viewer', 'team password 2026');
    const creator = await createReadyCreator(app, database.db, {
      email: 'rosa.private@example.com',
      name: 'Rosa Secret',
    });
    const campaign = await insertCampaign(database.db, {
      name: 'Glow Serum Launch',
      brand: 'Glow Labs',
      status: 'active',
    });
    campaignId = campaign.id;
    const submissionId = await insertSubmittedPost(database.db, {
      campaignId,
      creatorId: creator.creatorId,
      urls: [POST],
    });
    await insertSnapshot(database.db, {
      submissionId,
      postUrl: POST,
      views: 12_500,
      likes: 900,
      comments: 40,
      measuredAt: clock.now,
    });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('shows the brand the approved post and its views, and nothing personal; counts each view for the Manager', async () => {
    const link = await make({ label: 'Glow Labs marketing', expiresInDays: 30, shareSpend: false });
    expect(link.url).toMatch(/\/report\/[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(reportLinks).where(eq(reportLinks.id, link.id));
    expect(row!.tokenHash).not.toBe(link.url.split('/').at(-1));

    const page = await open(link.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('Glow Serum Launch');
    expect(html).toContain('youtube.com/watch?v=abcdefghijk');
    expect(html).toContain('12,500 views');
    expect(html).not.toContain('report-spend');
    for (const personal of [
      'rosa.private@example.com',
      'Rosa Secret',
      READY_PROFILE.paypalEmail,
      READY_PROFILE.addressLine1,
      READY_PROFILE.phoneNumber,
      READY_PROFILE.zipCode,
    ]) {
      expect(html, personal).not.toContain(personal);
    }
    // No script and no outside request: the page is all there is.
    expect(html).not.toMatch(/<script|<img|<link /);

    await open(link.url);
    const list = (await (
      await getWithCookie(app, `/api/admin/campaigns/${campaignId}/report-links`, viewer)
    ).json()) as { items: ReportLink[] };
    expect(list.items.map((l) => [l.label, l.state, l.viewCount, l.hasPassword])).toEqual([
      ['Glow Labs marketing', 'active', 2, false],
    ]);
  });

  it('asks for the password when there is one, shares the spend only when chosen, and only Managers make links', async () => {
    const link = await make({
      label: 'Agency',
      expiresInDays: 7,
      password: 'brand secret 1',
      shareSpend: true,
    });
    const form = await open(link.url);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('This report is protected');
    const post = (password: string) =>
      open(link.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ password }).toString(),
      });
    const wrong = await post('not it at all');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That password is not correct.');
    const right = await post('brand secret 1');
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('data-testid="report-spend"');

    const refused = await postJson(
      app,
      `/api/admin/campaigns/${campaignId}/report-links`,
      { label: 'x', expiresInDays: 1 },
      viewer,
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN_ROLE', allowed: ['manager', 'owner'] });
  });

  it('answers 410 once revoked or expired, 404 for a wrong link, and 429 past the rate limit', async () => {
    const link = await make({ label: 'Short', expiresInDays: 1 });
    const revoked = await make({ label: 'Revoked', expiresInDays: 30 });
    const del = await app.request(`/api/admin/report-links/${revoked.id}`, {
      method: 'DELETE',
      headers: { origin: 'http://localhost:3000', cookie: manager },
    });
    expect(del.status).toBe(200);
    expect((await open(revoked.url)).status).toBe(410);
    expect((await open(`${link.url.slice(0, -4)}AAAA`)).status).toBe(404);

    clock.set(new Date(clock.now.getTime() + DAY + 1000).toISOString());
    const expired = await open(link.url);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This report is no longer available');

    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push(
        (await app.request(new URL(link.url).pathname, { headers: { 'x-forwarded-for': '10.99.0.1' } }))
          .status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 410)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
