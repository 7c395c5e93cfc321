import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, waitForApp } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaigns } from '../support/factories';

describe('campaign catalogue in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startE2EServer({
      seed: (db) =>
        insertCampaigns(db, 20, (i) => ({
          name: `Journey Campaign ${String(i + 1).padStart(2, '0')}`,
          description: `Brief number ${i + 1}`,
          reward: 10 + i,
          platform: (['instagram', 'tiktok', 'youtube', 'facebook'] as const)[i % 4],
          tags: ['Beauty', `Tag ${i + 1}`],
          deadline: '2030-03-01',
        })),
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    const context = await browser.newContext();
    page = await context.newPage();
  });

  afterEach(async () => {
    await page?.context().close();
  });

  const cards = () => page.locator('[data-testid="campaign-card"]');

  it('shows the 8 newest campaigns in the page itself, and 8 skeleton cards while a search loads', async () => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/campaigns')) requests.push(request.url());
    });
    await page.goto(server.url);
    await waitForApp(page);
    // Server-rendered (decision 0018): the cards are there before the app runs, and it does not ask again.
    expect(await cards().count()).toBe(8);
    await waitForApp(page);
    expect(requests).toEqual([]);

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/campaigns?*', async (route) => {
      await held;
      await route.continue();
    });
    const search = page.getByRole('search', { name: 'Search campaigns' });
    await search.getByLabel('Keywords or category').fill('Journey');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('[data-testid="campaign-card-skeleton"]').count()).toBe(8);
    release();
    await expect.poll(() => cards().count()).toBe(8);
    expect(await page.locator('[data-testid="campaign-card-skeleton"]').count()).toBe(0);

    const first = cards().first();
    expect(await first.locator('h3').textContent()).toBe('Journey Campaign 20');
    expect(await first.textContent()).toContain('Brief number 20');
    expect(await first.textContent()).toContain('29 Mint');
    expect(await first.textContent()).toContain('Tag 20');
    expect(await first.locator('img').getAttribute('src')).toBe('/images/campaigns/test.svg');
    // Campaign 20 is index 19 → facebook; 19 is youtube; 18 tiktok; 17 instagram.
    expect(await first.locator('svg[data-platform]').getAttribute('data-platform')).toBe('facebook');
    expect(await cards().nth(1).locator('svg[data-platform]').getAttribute('data-platform')).toBe('youtube');
  });

  it('See More Campaigns adds 8 at a time and disappears when all are shown', async () => {
    await page.goto(server.url);
    await waitForApp(page);
    // See More is the app's button: it works once the server-rendered page has hydrated.
    await waitForApp(page);
    await expect.poll(() => cards().count()).toBe(8);
    const more = page.getByRole('button', { name: 'See More Campaigns' });
    await more.click();
    await expect.poll(() => cards().count()).toBe(16);
    await more.click();
    await expect.poll(() => cards().count()).toBe(20);
    await expect.poll(() => more.count()).toBe(0);
    expect(await cards().last().locator('h3').textContent()).toBe('Journey Campaign 01');
  });

  it('a card opens its campaign page with the upload deadline a week after the application deadline', async () => {
    await page.goto(server.url);
    await waitForApp(page);
    await cards().first().click();
    await page.waitForURL(/\/campaign\/\d+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Journey Campaign 20');
    expect(await page.getByTestId('application-deadline').textContent()).toBe('March 1, 2030');
    expect(await page.getByTestId('upload-deadline').textContent()).toBe('March 8, 2030');
    expect(await page.title()).toBe('Journey Campaign 20 | Mintbox');
  });

  it('an unknown campaign shows Campaign Not Found with a way back', async () => {
    await page.goto(`${server.url}/campaign/987654`);
    await waitForApp(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Campaign Not Found');
    await page.getByRole('link', { name: 'Back to Campaigns' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => cards().count()).toBe(8);
  });

  it('an unknown path shows the 404 page', async () => {
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').textContent()).toBe('404 Page Not Found');
  });
});
