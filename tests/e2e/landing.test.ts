import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { addSessionCookie, launchBrowser, waitForApp } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaigns } from '../support/factories';

/**
 * 20 campaigns: the first 12 on TikTok, the others on Instagram, YouTube and Facebook in turn. Every even one is
 * about skincare, so: TikTok 12, "skincare" 10, TikTok + "skincare" 6.
 */
const OTHER_PLATFORMS = ['instagram', 'youtube', 'facebook'] as const;

describe('landing page in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startE2EServer({
      env: { CONTACT_EMAIL: 'creators@mintbox.example' },
      seed: (db) =>
        insertCampaigns(db, 20, (i) => ({
          name: `Landing Campaign ${String(i + 1).padStart(2, '0')}`,
          description:
            i % 2 === 0 ? 'A gentle skincare routine for the morning.' : 'Show off your new sneakers.',
          platform: i < 12 ? 'tiktok' : OTHER_PLATFORMS[i % 3],
          tags: i % 2 === 0 ? ['Beauty'] : ['Fashion'],
          reward: 10 + i,
        })),
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const cards = () => page.locator('[data-testid="campaign-card"]');
  const platformsShown = () =>
    cards()
      .locator('svg[data-platform]')
      .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('data-platform')));
  const searchCard = () => page.getByRole('search', { name: 'Search campaigns' });

  async function search(options: { platform?: string; q?: string }) {
    if (options.platform !== undefined) {
      await searchCard().getByLabel('Platform').selectOption(options.platform);
    }
    if (options.q !== undefined) await searchCard().getByLabel('Keywords or category').fill(options.q);
    await searchCard().getByRole('button', { name: 'Search' }).click();
  }

  // Tests that only read the page as it first loads share one load; each of the others is a new visitor.
  describe('the landing page as first loaded', () => {
    beforeAll(async () => {
      context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      await page.goto(server.url);
      await waitForApp(page);
    });

    afterAll(async () => {
      await context?.close();
    });

    it('has no serious or critical accessibility violations', async () => {
      await expect.poll(() => cards().count()).toBe(8);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    it('shows every section of the landing page', async () => {
      expect(await page.locator('h1').textContent()).toBe('Influencer Marketing Made Easy');
      expect(
        await page.getByText('Join exclusive gifting campaigns from top brands.').first().textContent(),
      ).toBe('Join exclusive gifting campaigns from top brands. Get PR boxes and get paid for your content.');
      expect(await page.title()).toBe('Mintbox: Influencer Marketing Made Easy');

      const platformOptions = await searchCard()
        .getByLabel('Platform')
        .locator('option')
        .evaluateAll((options) => options.map((o) => o.textContent));
      expect(platformOptions).toEqual(['All Platforms', 'Instagram', 'TikTok', 'YouTube', 'Facebook']);

      await expect.poll(() => cards().count()).toBe(8);
      expect(await page.locator('[data-testid="why-creators"] > li').count()).toBe(6);
      expect(await page.getByRole('heading', { name: 'What is Mint?' }).count()).toBe(1);
      const mintSection = page.locator('#pricing');
      for (const fact of [
        '1 Mint = 1 USD',
        'Most campaigns reward at least 10 Mint',
        'PayPal from 50 Mint',
      ]) {
        expect(await mintSection.textContent()).toContain(fact);
      }
      const redeem = page.getByTestId('redeem-mint-illustration');
      expect(await redeem.getAttribute('role')).toBe('img');
      expect(await redeem.textContent()).toContain('Redeem Mint');

      // The carousel: 20 slides of the 11 creator images shipped in the repo.
      const slides = page.locator('[data-testid="creator-carousel"] li');
      expect(await slides.count()).toBe(20);
      const sources = await slides
        .locator('img')
        .evaluateAll((images) => images.map((i) => i.getAttribute('src')));
      expect(new Set(sources).size).toBe(11);
      for (const src of new Set(sources)) {
        const response = await page.request.get(`${server.url}${src}`);
        expect(response.status(), String(src)).toBe(200);
        expect(response.headers()['content-type']).toContain('image/svg+xml');
      }

      expect(await page.locator('[data-testid="brand-row"]').count()).toBe(2);

      const footer = page.getByTestId('site-footer');
      await footer.scrollIntoViewIfNeeded();
      await expect.poll(() => footer.getAttribute('data-visible')).toBe('true');
      expect(await page.getByTestId('footer-contact').textContent()).toBe('creators@mintbox.example');
      expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
        '/terms',
      );
      expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
        '/privacy',
      );
      await expect.poll(() => footer.textContent()).toContain(`© 2025–${new Date().getFullYear()} Mintbox`);
    });

    it('the testimonial buttons move between the three testimonials', async () => {
      const quote = page.getByTestId('testimonial');
      const first = await quote.textContent();
      await page.getByRole('button', { name: 'Next testimonial' }).click();
      const second = await quote.textContent();
      expect(second).not.toBe(first);
      await page.getByRole('button', { name: 'Next testimonial' }).click();
      const third = await quote.textContent();
      expect(new Set([first, second, third]).size).toBe(3);
      await page.getByRole('button', { name: 'Next testimonial' }).click();
      expect(await quote.textContent()).toBe(first);
      await page.getByRole('button', { name: 'Previous testimonial' }).click();
      expect(await quote.textContent()).toBe(third);
    });

    it('fits a 375 px screen without horizontal scrolling', async () => {
      // The same page at a phone's width: the layout is CSS only (the server renders the same HTML at any width).
      await page.setViewportSize({ width: 375, height: 812 });
      await expect.poll(() => cards().count()).toBe(8);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 700) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
      // The small-screen menu opens with the section links and closes with Escape.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Menu' });
      expect(await menu.getByRole('link', { name: 'How It Works' }).isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      expect(await menu.isVisible()).toBe(false);
      await page.setViewportSize({ width: 1280, height: 900 });
    });
  });

  describe('each test a new visitor', () => {
    beforeEach(async () => {
      context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
    });

    afterEach(async () => {
      await context?.close();
    });

    it('searching by platform shows only that platform, puts it in the URL and pages 8 at a time', async () => {
      await page.goto(server.url);
      await waitForApp(page);
      await expect.poll(() => cards().count()).toBe(8);
      await search({ platform: 'tiktok' });
      await page.waitForURL(`${server.url}/?platform=tiktok`);
      await expect.poll(platformsShown).toEqual(Array(8).fill('tiktok'));
      expect(await page.getByRole('heading', { name: 'Search Results' }).count()).toBe(1);

      const more = page.getByRole('button', { name: 'See More Campaigns' });
      await more.click();
      await expect.poll(() => cards().count()).toBe(12);
      expect(await platformsShown()).toEqual(Array(12).fill('tiktok'));
      await expect.poll(() => more.count()).toBe(0);
    });

    it('searches by keyword, combines it with the platform, and a reload keeps the search', async () => {
      await page.goto(server.url);
      await waitForApp(page);
      await search({ q: 'skincare' });
      await page.waitForURL(`${server.url}/?q=skincare`);
      await expect.poll(() => cards().count()).toBe(8);
      await page.getByRole('button', { name: 'See More Campaigns' }).click();
      await expect.poll(() => cards().count()).toBe(10);
      for (const text of await cards().allInnerTexts()) expect(text.toLowerCase()).toContain('skincare');

      await search({ platform: 'tiktok' });
      await page.waitForURL(`${server.url}/?q=skincare&platform=tiktok`);
      await expect.poll(() => cards().count()).toBe(6);

      await page.reload();
      await expect.poll(() => cards().count()).toBe(6);
      expect(await platformsShown()).toEqual(Array(6).fill('tiktok'));
      expect(await searchCard().getByLabel('Platform').inputValue()).toBe('tiktok');
      expect(await searchCard().getByLabel('Keywords or category').inputValue()).toBe('skincare');

      // A shared link opens the same search; Back returns to the previous one.
      await page.goto(`${server.url}/?platform=instagram`);
      await waitForApp(page);
      await expect.poll(platformsShown).toEqual(['instagram', 'instagram', 'instagram']);
      await page.goBack();
      await expect.poll(() => cards().count()).toBe(6);
    });

    it('a search without results offers to clear the filters', async () => {
      await page.goto(`${server.url}/?q=nothing-matches-this`);
      await waitForApp(page);
      const empty = page.getByTestId('campaigns-empty');
      await expect.poll(() => empty.count()).toBe(1);
      expect(await empty.textContent()).toContain('No campaigns match your search');
      await empty.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => cards().count()).toBe(8);
      expect(await searchCard().getByLabel('Keywords or category').inputValue()).toBe('');
    });

    it('the top bar hides on scroll down past 50 px and returns on scroll up', async () => {
      await page.goto(server.url);
      await waitForApp(page);
      await expect.poll(() => cards().count()).toBe(8);
      const bar = page.getByTestId('top-bar');
      const barBottom = () => bar.evaluate((el) => el.getBoundingClientRect().bottom);
      expect(await bar.getAttribute('data-state')).toBe('visible');
      expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
      expect(await bar.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.35s');

      await page.mouse.wheel(0, 40);
      await page.waitForTimeout(200);
      expect(await bar.getAttribute('data-state')).toBe('visible');

      await page.mouse.wheel(0, 600);
      await expect.poll(() => bar.getAttribute('data-state')).toBe('hidden');
      await expect.poll(barBottom).toBeLessThanOrEqual(0);

      await page.mouse.wheel(0, -200);
      await expect.poll(() => bar.getAttribute('data-state')).toBe('visible');
      await expect.poll(barBottom).toBeGreaterThanOrEqual(64);
    });

    it('the top bar links lead to their sections and to sign in and sign up', async () => {
      await page.goto(server.url);
      await waitForApp(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const bar = page.getByTestId('top-bar');
      expect(await bar.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
      expect(await bar.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');

      for (const [name, id] of [
        ['How It Works', 'how-it-works'],
        ['Pricing', 'pricing'],
        ['Search', 'search'],
      ] as const) {
        await nav.getByRole('link', { name }).click();
        await page.waitForURL(`${server.url}/#${id}`);
        await expect
          .poll(() => page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
          .toBeLessThan(120);
      }
    });

    it('shows the signed-in user in the top bar', async () => {
      await addSessionCookie(context, server.url);
      await page.route('**/api/session', (route) =>
        route.fulfill({
          json: {
            user: {
              id: 'u1',
              name: 'Ana Creator',
              email: 'ana@example.com',
              image: null,
              role: 'influencer',
              creator: { id: 1, username: 'ana', emailVerified: true, profileCompleted: true },
            },
          },
        }),
      );
      await page.goto(server.url);
      await waitForApp(page);
      const bar = page.getByTestId('top-bar');
      await expect.poll(() => bar.getByText('Ana Creator').count()).toBe(1);
      expect(await bar.getByTestId('avatar-initials').textContent()).toBe('AC');
      expect(await bar.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
      expect(await bar.getByRole('button', { name: 'Sign Out' }).count()).toBe(1);
      expect(await bar.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    });

    it('shows a placeholder circle while the session loads', async () => {
      await addSessionCookie(context, server.url);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/session', async (route) => {
        await held;
        await route.fulfill({ json: { user: null } });
      });
      await page.goto(server.url);
      await waitForApp(page);
      await expect.poll(() => page.getByTestId('session-placeholder').count()).toBe(1);
      release();
      await expect.poll(() => page.getByTestId('session-placeholder').count()).toBe(0);
      expect(await page.getByTestId('top-bar').getByRole('link', { name: 'Sign Up' }).count()).toBe(1);
    });

    it('the creator carousel scrolls by itself, stops on hover and stays still for reduced motion', async () => {
      await page.goto(server.url);
      await waitForApp(page);
      const carousel = page.getByTestId('creator-carousel');
      await carousel.scrollIntoViewIfNeeded();
      const offset = () => carousel.locator('ul').evaluate((el) => Number(el.dataset.offset ?? 0));
      await expect.poll(offset).toBeGreaterThan(5);
      const moving = await offset();
      await expect.poll(offset).toBeGreaterThan(moving);

      await carousel.hover();
      await expect.poll(() => carousel.getAttribute('data-running')).toBe('false');
      const stopped = await offset();
      await page.waitForTimeout(300);
      expect(await offset()).toBe(stopped);

      await page.mouse.move(5, 5);
      await expect.poll(() => carousel.getAttribute('data-running')).toBe('true');
      await page.getByRole('button', { name: 'Pause carousel' }).click();
      await expect.poll(() => carousel.getAttribute('data-running')).toBe('false');

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.reload();
      await waitForApp(page);
      await page.getByTestId('creator-carousel').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      expect(await page.getByTestId('creator-carousel').getAttribute('data-running')).toBe('false');
      expect(await offset()).toBe(0);
    });

    it('can be used with the keyboard: search from the keyboard, visible focus', async () => {
      await page.goto(server.url);
      await waitForApp(page);
      await expect.poll(() => cards().count()).toBe(8);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      const platform = searchCard().getByLabel('Platform');
      await platform.focus();
      expect(await platform.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
      await platform.selectOption('tiktok');
      await page.keyboard.press('Tab');
      await page.keyboard.type('skincare');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}/?platform=tiktok&q=skincare`);
      await expect.poll(() => cards().count()).toBe(6);
    });
  });
});
