import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, waitForApp } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaigns } from '../support/factories';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('legal pages', () => {
  let server: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startE2EServer({
      env: { CONTACT_EMAIL: 'legal@mintbox.example' },
      seed: (db) => insertCampaigns(db, 2),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  for (const { path, title } of [
    { path: '/terms', title: 'Terms of Service' },
    { path: '/privacy', title: 'Privacy Policy' },
  ]) {
    it(`${path} has its title, the date, the contact mailbox and a postal address`, async () => {
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(title);
      expect(await page.title()).toBe(`${title} | Mintbox`);
      const text = await page.locator('main').textContent();
      expect(text).toContain('Last updated January 11, 2025');
      await expect.poll(() => page.getByTestId('legal-email').textContent()).toBe('legal@mintbox.example');
      expect(await page.getByTestId('legal-email').getAttribute('href')).toBe('mailto:legal@mintbox.example');
      expect(await page.getByTestId('legal-address').textContent()).toMatch(/San Francisco, CA 94114/);
      await expect
        .poll(() => page.getByTestId('site-footer').textContent())
        .toContain(`© 2025–${new Date().getFullYear()} Mintbox`);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2000);

      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Influencer Marketing Made Easy');
    });
  }

  it('the terms state the Mint rules and the privacy policy excludes children under 13', async () => {
    await page.goto(`${server.url}/terms`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Terms of Service');
    const terms = await page.locator('main').textContent();
    expect(terms).toContain('1 Mint = 1 USD');
    expect(terms).toContain('at least 50 Mint');
    expect(terms).toContain('Redemption requests are processed within 5-7 business days.');

    // On to the privacy policy through the footer, as a reader goes from one to the other.
    await waitForApp(page);
    await page.getByTestId('site-footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${server.url}/privacy`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Privacy Policy');
    expect(await page.locator('main').textContent()).toContain('Mintbox is not for children under 13.');
  });

  it('the footer Legal links open the pages, and the table of contents jumps to a section', async () => {
    await page.goto(server.url);
    const footer = page.getByTestId('site-footer');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${server.url}/privacy`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Privacy Policy');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: "Children's privacy" })
      .click();
    await page.waitForURL(`${server.url}/privacy#children`);
    await expect
      .poll(() => page.locator('#children').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(150);

    await page.getByTestId('site-footer').getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(`${server.url}/terms`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Terms of Service');
  });

  it('fits 375 px and has no serious accessibility violations', async () => {
    await page.goto(`${server.url}/terms`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Terms of Service');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The same page on a phone's width, then the privacy policy through the footer's link.
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [path, title] of [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      if (path === '/privacy') {
        await waitForApp(page);
        await page.getByTestId('site-footer').getByRole('link', { name: title }).click();
        await page.waitForURL(`${server.url}${path}`);
      }
      await expect.poll(() => page.locator('h1').textContent()).toBe(title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
  });
});

describe('coming-soon mode', () => {
  let server: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startE2EServer({
      env: { LAUNCH_MODE: 'coming-soon' },
      seed: (db) => insertCampaigns(db, 3),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  it('/ shows the coming-soon page with its feature cards, progress bars and Admin Access', async () => {
    await page.goto(server.url);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Coming Soon');
    expect(await page.title()).toBe('Coming Soon | Mintbox');
    for (const feature of ['Creator Network', 'Campaign Management', 'Mint Rewards']) {
      expect(await page.getByRole('heading', { name: feature, exact: true }).count(), feature).toBe(1);
    }
    const values = await page
      .getByRole('progressbar')
      .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('aria-valuenow'))));
    expect(values).toEqual([100, 95, 90, 75]);
    const admin = page.getByRole('link', { name: 'Admin Access' });
    expect(await admin.getAttribute('href')).toBe('/admin');
    // The marketplace landing is not shown.
    expect(await page.locator('[data-testid="campaign-card"]').count()).toBe(0);
    expect(await page.getByRole('search').count()).toBe(0);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
