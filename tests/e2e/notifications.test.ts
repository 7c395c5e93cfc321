import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { postJson } from '../support/auth-client';
import { launchBrowser, signInThroughApi, waitForApp } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { freePort } from '../support/free-port';
import { textOf } from '../support/page-checks';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'nina@example.com', name: 'Nina Park', password: 'correct horse battery' };
const CAMPAIGN = 'Sea Salt Serum';

/**
 * Issue 13: the notification centre in the browser. The admin accepts an application and the creator's bell shows
 * it; the creator opens the list, follows the link and the count goes to 0; the creator submits content and the
 * admin's sidebar bell shows it. Then the one signed-in header of /main, /dashboard and /profile at 375 px.
 */
describe('notifications and the signed-in header in the browser', () => {
  const clock = { now: new Date('2026-06-10T12:00:00Z') };
  let server: E2EServer;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let creator: Page;
  let admin: Page;
  let campaignId: number;

  beforeAll(async () => {
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}` };
    server = await startE2EServer({
      port,
      env,
      deps: { now: () => clock.now },
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    const api = createTestApp(server.db, { now: () => clock.now });
    const made = await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name });
    const campaign = await insertCampaign(server.db, {
      name: CAMPAIGN,
      type: 'paid',
      platform: 'instagram',
      status: 'active',
      reward: 40,
      deadline: '2026-07-01',
      followersRequired: 0,
    });
    campaignId = campaign.id;
    expect((await postJson(api, `/api/campaigns/${campaignId}/applications`, {}, made.cookie)).status).toBe(
      201,
    );

    browser = await launchBrowser();
    const make = async (width: number) => {
      const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    };
    admin = await make(1280);
    creator = await make(1280);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    contexts = [];
    await server?.close();
  });

  const nameOf = (locator: Locator) => locator.getAttribute('aria-label');
  const creatorBell = () => creator.getByTestId('signed-in-header').getByTestId('notification-bell');
  const adminBell = () => admin.getByTestId('admin-sidebar-bell').getByTestId('notification-bell');

  it('the admin accepts; the creator sees 1 unread, opens it, follows its link and the count goes to 0', async () => {
    await signInThroughApi(admin.context(), server.url, ADMIN);
    await admin.goto(`${server.url}/admin/campaigns`);
    // The application is waiting in the admin's bell, linking to the review page.
    await expect.poll(() => nameOf(adminBell())).toBe('Notifications, 1 unread');

    await signInThroughApi(creator.context(), server.url, CREATOR);
    await creator.goto(`${server.url}/main`);
    await expect.poll(() => nameOf(creatorBell())).toBe('Notifications');
    await creatorBell().click();
    const panel = creator.getByRole('dialog', { name: 'Notifications' });
    await expect.poll(() => textOf(panel)).toContain('No notifications yet');
    await creator.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);

    // The admin is on the campaigns list: the campaign's link opens its review page.
    await admin.getByRole('link', { name: CAMPAIGN, exact: true }).filter({ visible: true }).click();
    await admin.waitForURL(`${server.url}/admin/campaigns/${campaignId}`);
    const applicant = admin.getByTestId('applicant').filter({ hasText: CREATOR.name });
    await applicant.getByRole('button', { name: `Accept ${CREATOR.name}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Accept', exact: true }).click();
    await expect.poll(() => applicant.getAttribute('data-status')).toBe('accepted');

    // The creator's bell asks again when the window gets the focus back.
    await creator.reload();
    await expect.poll(() => nameOf(creatorBell())).toBe('Notifications, 1 unread');
    expect(await textOf(creatorBell().getByTestId('notification-count'))).toBe('1');
    await creatorBell().click();
    const item = panel.getByRole('link', { name: new RegExp(`You're in: ${CAMPAIGN}`) });
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getAttribute('href')).toBe('/dashboard?tab=campaigns');
    expect(await item.getAttribute('data-unread')).toBe('true');
    await item.click();
    await creator.waitForURL(`${server.url}/dashboard?tab=campaigns`);
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => nameOf(creatorBell())).toBe('Notifications');
    await expect.poll(() => creatorBell().getByTestId('notification-count').count()).toBe(0);
    // Read on the server too: a fresh load still says 0.
    await creator.reload();
    await expect.poll(() => nameOf(creatorBell())).toBe('Notifications');
  }, 90_000);

  it("the creator submits content; the admin's sidebar bell shows it and Mark all as read clears it", async () => {
    const mine = creator.getByTestId('my-campaign').filter({ hasText: CAMPAIGN });
    await mine.getByRole('button', { name: 'Submit content' }).click();
    const submit = creator.getByRole('dialog');
    await submit.getByLabel('Link 1').fill('https://www.instagram.com/p/salt123/');
    await submit.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => submit.count()).toBe(0);

    await admin.reload();
    await expect.poll(() => nameOf(adminBell())).toBe('Notifications, 2 unread');
    await adminBell().click();
    const panel = admin.getByRole('dialog', { name: 'Notifications' });
    const submitted = panel.getByRole('link', { name: new RegExp(`Content submitted: ${CAMPAIGN}`) });
    await expect.poll(() => submitted.count()).toBe(1);
    expect(await submitted.getAttribute('href')).toBe(`/admin/campaigns/${campaignId}`);
    expect(await textOf(submitted)).toContain(`${CREATOR.name} submitted content for review.`);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => nameOf(adminBell())).toBe('Notifications');
    await expect.poll(() => panel.locator('[data-unread="true"]').count()).toBe(0);
    await admin.keyboard.press('Escape');
    // Focus goes back to the bell.
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('notification-bell');
  }, 60_000);

  it('/main, /dashboard and /profile share one header; at 375 px every icon button has a name', async () => {
    await creator.setViewportSize({ width: 375, height: 800 });
    const shapes: string[] = [];
    // The first page is opened; the creator reaches the others through the header's links, as a user does.
    await creator.goto(`${server.url}/main`);
    const pages = [
      ['/main', 'Campaigns'],
      ['/dashboard', 'Dashboard'],
      ['/profile', 'Profile'],
    ] as const;
    for (const [path, link] of pages) {
      const header = creator.getByTestId('signed-in-header');
      if (path !== '/main') {
        await header.getByRole('link', { name: link, exact: true }).filter({ visible: true }).click();
        await creator.waitForURL(`${server.url}${path}`);
      }
      await expect.poll(() => header.count()).toBe(1);
      await expect.poll(() => header.getByTestId('account-signed-in').count()).toBe(1);
      // The page's own link is the current one (the header shows the page it is on).
      const current = header.locator('[aria-current="page"]').filter({ visible: true });
      await expect.poll(() => textOf(current)).toBe(link);
      expect(await creator.locator('header').count()).toBe(1);
      // The same controls in the same order on every page.
      const names = await header.evaluate((root) => {
        const visible = (el: Element) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        };
        return [...root.querySelectorAll('a, button')].filter(visible).map((el) => {
          const label = el.getAttribute('aria-label') ?? el.textContent ?? '';
          return label.replace(/\s+/g, ' ').trim();
        });
      });
      for (const name of names) expect(name, `${path}: a control without a name`).not.toBe('');
      shapes.push(names.join(' | '));
      expect(names).toEqual(
        expect.arrayContaining(['Notifications', 'Sign Out', 'Campaigns', 'Dashboard', 'Profile']),
      );
      // Nothing wider than the screen.
      expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    expect(new Set(shapes).size).toBe(1);
    // The spec's dashboard header: the name and follower count on a wide screen.
    await creator.setViewportSize({ width: 1280, height: 900 });
    const header = creator.getByTestId('signed-in-header');
    await header.getByRole('link', { name: 'Dashboard', exact: true }).filter({ visible: true }).click();
    await creator.waitForURL(`${server.url}/dashboard`);
    await expect.poll(() => textOf(header.getByTestId('follower-count'))).toMatch(/followers$/);
    expect(await textOf(header)).toContain(CREATOR.name);
  }, 60_000);

  it('the public pages carry the same bell for a signed-in creator', async () => {
    for (const path of ['/', `/campaign/${campaignId}`]) {
      if (path === '/') await creator.goto(`${server.url}/`);
      else {
        // From the landing page's grid, as a visitor gets there: a click on the campaign's card.
        await waitForApp(creator);
        await creator.getByRole('link', { name: CAMPAIGN }).first().click();
        await creator.waitForURL(`${server.url}${path}`);
      }
      const bell = creator.getByTestId('account-signed-in').getByTestId('notification-bell');
      await expect.poll(() => nameOf(bell)).toBe('Notifications');
      await bell.click();
      const panel = creator.getByRole('dialog', { name: 'Notifications' });
      const item = panel.getByRole('link', { name: new RegExp(`You're in: ${CAMPAIGN}`) });
      await expect.poll(() => item.count()).toBe(1);
      expect(await item.getAttribute('data-unread')).toBe('false');
      await creator.keyboard.press('Escape');
      await expect.poll(() => panel.count()).toBe(0);
      // With the bell, the top bar still fits a phone.
      await creator.setViewportSize({ width: 375, height: 800 });
      await expect.poll(() => nameOf(bell)).toBe('Notifications');
      expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await creator.setViewportSize({ width: 1280, height: 900 });
    }
  }, 60_000);
});
