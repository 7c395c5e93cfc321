import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../src/db/schema/campaigns';
import { creators } from '../../src/db/schema/creators';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertApplication, insertCampaign, insertCreator } from '../support/factories';
import { freePort } from '../support/free-port';
import { textOf } from '../support/page-checks';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'mara@example.com', name: 'Mara Quinn', password: 'correct horse battery' };
const CAMPAIGN = 'Sunrise Serum';
/** Set RELIABILITY_SCREENSHOTS=/some/dir to keep screenshots of the applicants and of the creator's card. */
const SHOTS = process.env.RELIABILITY_SCREENSHOTS;

/**
 * Issue 27's journey: the admin orders and filters a campaign's applicants by their reliability record and reads
 * each figure with its counts; the list pages with "Show more" (issue 28); a creator reads their own record and how
 * to improve it on /dashboard. Records come from applications written with the factories (the triggers keep them).
 */
describe('reliability record in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let admin: Page;
  let creator: Page;
  let campaignId: number;
  let maraId: number;

  beforeAll(async () => {
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}` };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    const api = createTestApp(server.db);
    const mara = await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name });
    const campaign = await insertCampaign(server.db, { name: CAMPAIGN, status: 'active' });
    campaignId = campaign.id;
    maraId = mara.creatorId;
    // Open while Mara and Nico applied and were answered, ended since (as the deadline sweep ends them).
    const past = [0, 1, 2].map(() => insertCampaign(server.db, { status: 'active' }));
    const [p1, p2, p3] = await Promise.all(past);
    // Mara: two posts on time (approved), one missed. Nico: one on time, none missed. 23 others: a clean slate.
    const [maraRow] = await server.db.select().from(creators).where(eq(creators.id, mara.creatorId));
    if (!maraRow) throw new Error('Mara has no creator row');
    await insertApplication(server.db, { status: 'approved', campaign: p1, creator: maraRow });
    await insertApplication(server.db, { status: 'approved', campaign: p2, creator: maraRow });
    await insertApplication(server.db, { status: 'missed', campaign: p3, creator: maraRow });
    const nico = await insertCreator(server.db, { name: 'Nico Steady' });
    await insertApplication(server.db, { status: 'approved', campaign: p1, creator: nico });
    await server.db
      .update(campaigns)
      .set({ status: 'ended' })
      .where(inArray(campaigns.id, [p1!.id, p2!.id, p3!.id]));
    await insertApplication(server.db, {
      status: 'applied',
      campaign,
      creator: maraRow,
      at: new Date('2026-05-01T12:00:00Z'),
    });
    await insertApplication(server.db, {
      status: 'applied',
      campaign,
      creator: nico,
      at: new Date('2026-05-02T12:00:00Z'),
    });
    for (let i = 0; i < 23; i += 1)
      await insertApplication(server.db, {
        status: 'applied',
        campaign,
        creator: await insertCreator(server.db, { name: `Fresh Creator ${i + 1}` }),
        at: new Date(Date.parse('2026-05-03T12:00:00Z') + i * 60_000),
      });

    browser = await launchBrowser();
    const make = async (width: number) => {
      const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    };
    admin = await make(1280);
    creator = await make(375);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    contexts = [];
    await server?.close();
  });

  const names = async () =>
    (await admin.getByTestId('applicant').locator('h3').allTextContents()).map((n) => n.trim());

  it('the admin orders applicants on time first, filters "missed none", pages with Show more and reads the counts', async () => {
    await signInThroughApi(admin.context(), server.url, ADMIN);
    await admin.goto(`${server.url}/admin/campaigns/${campaignId}`);

    // Newest first, 20 a page: the two with a record applied first, so they are on the second page.
    await expect.poll(() => admin.getByTestId('applicant').count()).toBe(20);
    expect(await textOf(admin.getByRole('heading', { name: /^Applicants/ }))).toBe('Applicants (25)');
    expect(await textOf(admin.getByTestId('applicants-shown'))).toBe('20 of 25 shown');
    await admin.getByTestId('applicants-more').click();
    await expect.poll(() => admin.getByTestId('applicant').count()).toBe(25);
    expect((await names()).slice(-2)).toEqual(['Nico Steady', CREATOR.name]);
    expect(await admin.getByTestId('applicants-more').count()).toBe(0);

    // On time first: Mara (2 on time) then Nico (1).
    await admin.getByLabel('Order').selectOption('on_time');
    await expect.poll(async () => (await names()).slice(0, 2)).toEqual([CREATOR.name, 'Nico Steady']);
    const card = admin.getByTestId('applicant').filter({ hasText: CREATOR.name });
    // The engagement line comes with the page of applicants (no measured post of Mara's yet).
    expect(await textOf(card.getByTestId('applicant-engagement'))).toBe(
      'Engagement rate: no measured posts yet',
    );
    expect(await textOf(card.getByTestId('reliability-summary'))).toBe(
      '2 of 3 posts on time · 0 late · 1 missed',
    );
    await card.getByText('Reliability', { exact: true }).click();
    expect(await textOf(card.getByTestId('reliability-on_time'))).toBe('Posts on time2 67% of 3 posts due');
    expect(await textOf(card.getByTestId('reliability-missed'))).toBe('Posts missed1 33% of 3 posts due');
    expect(await textOf(card.getByTestId('reliability-accepted'))).toBe(
      'Applications accepted3 of 4 applications',
    );
    expect(await textOf(card.getByTestId('reliability-first_approved'))).toBe(
      'Approved at first submission2 of 2 reviewed submissions',
    );
    expect(await seriousAxeViolations(admin)).toEqual([]);
    if (SHOTS) await admin.screenshot({ path: path.join(SHOTS, 'reliability-admin.png'), fullPage: false });

    // Missed none: Mara is gone, Nico leads; the group count follows.
    await admin.getByTestId('applicants-missed-none').click();
    await expect.poll(async () => (await names())[0]).toBe('Nico Steady');
    expect(await names()).not.toContain(CREATOR.name);
    expect(await admin.getByTestId('applicants-missed-none').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => textOf(admin.getByRole('button', { name: /^All/ }))).toBe('All 24');

    // At 375 px the review page has no sideways scroll.
    await admin.setViewportSize({ width: 375, height: 800 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.setViewportSize({ width: 1280, height: 900 });
  }, 90_000);

  it('the admin reads the record on the creator page', async () => {
    await admin.goto(`${server.url}/admin/influencers/${maraId}`);
    const figures = admin.getByTestId('reliability-figures');
    await expect
      .poll(() => textOf(figures.getByTestId('reliability-on_time')))
      .toBe('Posts on time2 67% of 3 posts due');
    expect(await textOf(figures.getByTestId('reliability-days_to_post'))).toContain(
      'over 2 posts after a delivery',
    );
  }, 60_000);

  it('the creator sees their own record and how to improve it on /dashboard (375 px)', async () => {
    await signInThroughApi(creator.context(), server.url, CREATOR);
    await creator.goto(`${server.url}/dashboard`);
    const card = creator.getByTestId('my-reliability');
    await expect
      .poll(() => textOf(card.getByTestId('reliability-missed')))
      .toBe('Posts missed1 33% of 3 posts due');
    expect(await textOf(card.getByTestId('reliability-tips'))).toContain(
      'You missed 1 post. Post before your upload deadline; if you cannot, tell us before it passes.',
    );
    expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(creator)).toEqual([]);
    if (SHOTS) {
      await card.scrollIntoViewIfNeeded();
      await creator.screenshot({ path: path.join(SHOTS, 'reliability-dashboard.png'), fullPage: false });
    }
  }, 60_000);
});
