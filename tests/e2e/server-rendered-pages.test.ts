import type { Browser, BrowserContext, ConsoleMessage } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRow } from '../../src/db/schema/campaigns';
import { launchBrowser, waitForApp } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaigns } from '../support/factories';

/** / and /campaign/:id arrive rendered by the server (decision 0018): usable without JavaScript, hydrated cleanly. */
describe('server-rendered public pages in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let rows: CampaignRow[];
  let firstEight: string[];

  beforeAll(async () => {
    server = await startE2EServer({
      seed: async (db) => {
        rows = await insertCampaigns(db, 12, (i) => ({
          name: `Rendered Campaign ${String(i + 1).padStart(2, '0')}`,
          description: `Campaign number ${i + 1}, described at length for the page.`,
          imageUrl: '/images/campaigns/beauty-serum.svg',
          gallery: ['/images/campaigns/beauty-serum.svg'],
        }));
      },
    });
    const page = (await (await fetch(`${server.url}/api/campaigns?limit=8`)).json()) as {
      items: Array<{ name: string }>;
    };
    firstEight = page.items.map((item) => item.name);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(async () => {
    await context?.close();
  });

  it('shows the landing page, its first 8 campaigns and working links with JavaScript disabled', async () => {
    context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      'Influencer Marketing Made Easy',
    );
    const cards = page.locator('[data-testid="campaign-card"]');
    expect(await cards.count()).toBe(8);
    const titles = await cards.locator('h3').allTextContents();
    expect(titles).toEqual(firstEight);
    await expect(page.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).resolves.toBe('/signup');

    // The footer, which fades in with JavaScript, is simply there without it.
    const footer = page.getByTestId('site-footer');
    await footer.scrollIntoViewIfNeeded();
    await expect(
      footer.getByRole('link', { name: 'Terms of Service' }).evaluate((link) => {
        let opacity = 1;
        for (let node: Element | null = link; node; node = node.parentElement) {
          opacity *= Number(getComputedStyle(node).opacity);
        }
        return opacity;
      }),
    ).resolves.toBe(1);

    // A campaign's link is an ordinary link: the campaign page comes from the server too.
    await cards.first().getByRole('link', { name: firstEight[0] }).click();
    await page.waitForURL(/\/campaign\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(firstEight[0]);
    const row = rows.find((r) => r.name === firstEight[0])!;
    await expect(page.getByText(row.description).count()).resolves.toBeGreaterThan(0);
    const apply = page.getByRole('complementary', { name: 'Reward and stats' });
    await expect(apply.getByRole('link', { name: 'Sign In to Apply' }).getAttribute('href')).resolves.toBe(
      '/signin',
    );

    // Back is a link too: before the app runs it leads to the campaigns.
    await page.getByTestId('campaign-header').getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await cards.count()).toBe(8);
  });

  it('leaves a visitor where they scrolled while the app was loading, and a link pressed then still opens', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The app's script is held back until the visitor has scrolled, as on a slow connection.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${server.url}/`, { waitUntil: 'commit' });
    await page.getByTestId('site-footer').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, 1500));
    release();
    await waitForApp(page);
    // The app's first render on the page the browser loaded does not scroll it back to the top.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(1500);

    // The next load: a footer link pressed while the app is still arriving opens its page.
    const next = await context.newPage();
    await next.goto(`${server.url}/`, { waitUntil: 'commit' });
    await next.getByTestId('site-footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await next.waitForURL(`${server.url}/privacy`);
    await expect.poll(() => next.locator('h1').textContent()).toBe('Privacy Policy');
  });

  it("preloads each public page's own code on that page only (decision 0051)", async () => {
    const preloads = async (pathname: string) => {
      const html = await (await fetch(`${server.url}${pathname}`)).text();
      return /<script src="\/app-start\.js"[^>]* data-preload="([^"]*)"/.exec(html)?.[1] ?? '';
    };
    const home = await preloads('/');
    const campaign = await preloads(`/campaign/${rows[0]!.id}`);
    expect(home).toMatch(/\/assets\/home-route-[\w-]+\.js/);
    expect(home).not.toMatch(/campaign-page/);
    expect(campaign).toMatch(/\/assets\/campaign-page-[\w-]+\.js/);
    expect(campaign).not.toMatch(/\/assets\/home/);
  });

  it('hydrates / and /campaign/:id without console errors or warnings and without asking for the data again', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) messages.push(`${response.status()} ${response.url()}`);
    });
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (
        pathname === '/api/campaigns' ||
        /^\/api\/campaigns\/\d+$/.test(pathname) ||
        pathname === '/api/config'
      ) {
        dataRequests.push(request.url());
      }
    });

    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    // Hydrated: a button that only works with React now loads the next 8.
    await page.getByRole('button', { name: 'See More Campaigns' }).click();
    await expect.poll(() => page.locator('[data-testid="campaign-card"]').count()).toBe(12);
    expect(dataRequests.filter((url) => !url.includes('cursor='))).toEqual([]);

    // A click on a card is now the app's own navigation; the server-rendered campaign page hydrates as well.
    const target = rows.find((r) => r.name === firstEight[1])!;
    await page.goto(`${server.url}/campaign/${target.id}`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(target.name);
    await page
      .getByRole('complementary', { name: 'Reward and stats' })
      .getByRole('link', { name: 'Sign In to Apply' })
      .click();
    await page.waitForURL(/\/signin$/);
    expect(dataRequests.filter((url) => !url.includes('cursor='))).toEqual([]);
    expect(messages).toEqual([]);
  });
});
