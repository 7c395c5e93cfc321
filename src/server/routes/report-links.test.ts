import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, nextClientIp, postJson } from '../../../tests/support/auth-client';
import { fakeClock } from '../../../tests/support/clock';
import { READY_PROFILE } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import { insertSnapshot, insertSubmittedPost } from '../../../tests/support/posts';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { reportLinks } from '../../db/schema/team';
import type { CreatedReportLink, ReportLink } from '../../shared/schemas/report-links';

const POST = 'https://www.youtube.com/watch?v=abcdefghijk';
const DAY = 86_400_000;

/** Issue 39: report links for brands (hashed, expiring, revocable, optional password, no personal data, counted). */
describe.each(TEST_DRIVERS)('report links on %s', (driver) => {
  const clock = fakeClock(new Date().toISOString());
  const api = useAdminApp(driver, { now: () => clock.now });
  let manager = '';
  let viewer = '';
  let campaignId = 0;

  const open = (url: string, init: RequestInit = {}) =>
    api.app.request(new URL(url).pathname, {
      ...init,
      headers: { 'x-forwarded-for': nextClientIp(), ...(init.headers ?? {}) },
    });
  const make = async (body: object) => {
    const made = await api.call<CreatedReportLink>(
      `/api/admin/campaigns/${campaignId}/report-links`,
      body,
      manager,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body;
  };

  beforeAll(async () => {
    manager = await api.teamMember('manager');
    viewer = await api.teamMember('viewer');
    const creator = await api.creator({ email: 'rosa.private@example.com', name: 'Rosa Secret' });
    const campaign = await insertCampaign(api.db, {
      name: 'Glow Serum Launch',
      brand: 'Glow Labs',
      status: 'active',
    });
    campaignId = campaign.id;
    const submissionId = await insertSubmittedPost(api.db, {
      campaignId,
      creatorId: creator.creatorId,
      urls: [POST],
    });
    await insertSnapshot(api.db, {
      submissionId,
      postUrl: POST,
      views: 12_500,
      likes: 900,
      comments: 40,
      measuredAt: clock.now,
    });
  });

  it('shows the brand the approved post and its views, and nothing personal; counts each view for the Manager', async () => {
    const link = await make({ label: 'Glow Labs marketing', expiresInDays: 30, shareSpend: false });
    expect(link.url).toMatch(/\/report\/[A-Za-z0-9_-]{43}$/);
    const [row] = await api.db.select().from(reportLinks).where(eq(reportLinks.id, link.id));
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
      await getWithCookie(api.app, `/api/admin/campaigns/${campaignId}/report-links`, viewer)
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
      api.app,
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
    const del = await api.app.request(`/api/admin/report-links/${revoked.id}`, {
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
        (await api.app.request(new URL(link.url).pathname, { headers: { 'x-forwarded-for': '10.99.0.1' } }))
          .status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 410)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
