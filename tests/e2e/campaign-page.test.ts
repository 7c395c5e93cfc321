import { inArray, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CampaignRow, campaigns } from '../../src/db/schema/campaigns';
import { seriousAxeViolations } from '../support/axe';
import { addSessionCookie, launchBrowser, waitForApp } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertApplication, insertCampaign } from '../support/factories';

const GALLERY = [
  '/images/creators/creator-01.svg',
  '/images/creators/creator-02.svg',
  '/images/creators/creator-03.svg',
  '/images/creators/creator-04.svg',
];

const SIGNED_IN = {
  user: {
    id: 'u1',
    name: 'Ana Creator',
    email: 'ana@example.com',
    image: null,
    role: 'influencer',
    creator: { id: 1, username: 'ana', emailVerified: true, profileCompleted: true },
  },
};

describe('campaign page in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let active: CampaignRow;
  let ended: CampaignRow;
  let giftingOnly: CampaignRow;

  beforeAll(async () => {
    server = await startE2EServer({
      seed: async (db) => {
        giftingOnly = await insertCampaign(db, {
          name: 'Cozy Candle Box',
          brand: 'Ember & Wick',
          platform: 'tiktok',
          type: 'gifting',
          reward: 0,
          status: 'active',
          deadline: '2030-02-01',
          productValue: '85.00',
          maxAccepted: 40,
          createdAt: new Date(Date.UTC(2025, 11, 1)),
        });
        // Three boxes taken (accepted, accepted, delivered); an open application and a rejected one take none.
        for (const status of ['accepted', 'accepted', 'delivered', 'applied', 'rejected'] as const) {
          await insertApplication(db, { status, campaign: giftingOnly });
        }
        ended = await insertCampaign(db, {
          name: 'Autumn Knitwear',
          brand: 'Northwind Apparel',
          platform: 'youtube',
          status: 'ended',
          followersRequired: 5000,
          applicationsCount: 1234,
          gallery: [],
          imageUrl: '/images/creators/creator-09.svg',
          createdAt: new Date(Date.UTC(2026, 0, 1)),
        });
        active = await insertCampaign(db, {
          name: 'Glow Serum Launch',
          brand: 'Lumière Skin',
          platform: 'instagram',
          type: 'gifting_paid',
          description: 'Share your morning routine with our new glow serum.',
          requirements: ['1 Reel of at least 30 seconds', 'Tag @lumiereskin'],
          deadline: '2030-03-01',
          reward: 40,
          applicationsCount: 12,
          followersRequired: 0,
          status: 'active',
          imageUrl: '/images/creators/creator-10.svg',
          gallery: GALLERY,
          tags: ['Beauty', 'Skincare'],
          createdAt: new Date(Date.UTC(2026, 0, 2)),
        });
        // Track records (src/shared/campaign-badges.ts): Lumière Skin answered five applications at once and
        // approved five creators' content on an earlier campaign (both badges); Ember & Wick answered five at once
        // but approved nobody yet (Responds Fast only); Northwind Apparel has no record (no badge).
        // Open while its creators applied and were answered, ended since (as the deadline sweep ends it).
        const lumierePast = await insertCampaign(db, {
          name: 'Lumière Past',
          brand: 'Lumière Skin',
          status: 'active',
          createdAt: new Date(Date.UTC(2025, 0, 1)),
        });
        const emberPast = await insertCampaign(db, {
          name: 'Ember Past',
          brand: 'Ember & Wick',
          status: 'active',
          createdAt: new Date(Date.UTC(2025, 0, 1)),
        });
        for (let i = 0; i < 5; i++) {
          await insertApplication(db, { status: 'approved', campaign: lumierePast });
          await insertApplication(db, { status: 'accepted', campaign: emberPast });
        }
        await db
          .update(campaigns)
          .set({ status: 'ended' })
          .where(inArray(campaigns.id, [lumierePast.id, emberPast.id]));
      },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  const url = (campaign: CampaignRow) => `${server.url}/campaign/${campaign.id}`;
  /** Clicks a campaign's card on the page shown and waits for its page: a client-side navigation, no page load. */
  const openCard = async (name: string, campaign: CampaignRow) => {
    await waitForApp(page);
    await page.getByRole('link', { name }).first().click();
    await page.waitForURL(url(campaign));
    await expect.poll(() => page.locator('h1').textContent()).toBe(name);
  };
  const card = (title: string) =>
    page.locator('div.rounded-xl', { has: page.getByRole('heading', { name: title, exact: true }) }).last();

  it('shows the campaign: hero, badges and every card, with the upload deadline a week later', async () => {
    await page.goto(url(active));
    expect(await page.locator('h1').textContent()).toBe('Glow Serum Launch');
    expect(await page.title()).toBe('Glow Serum Launch | Mintbox');

    const heroImages = await page
      .getByTestId('campaign-hero-images')
      .locator('img')
      .evaluateAll((images) => images.map((i) => i.getAttribute('src')));
    expect(heroImages).toEqual(GALLERY.slice(0, 3));

    const highlights = page.getByRole('list', { name: 'Highlights' });
    expect(await highlights.locator('li').allInnerTexts()).toEqual([
      'Active Campaign',
      'Top Creator',
      'Responds Fast',
    ]);

    for (const title of [
      'Campaign Overview',
      'Campaign Schedule',
      'Participation Guide',
      'Content Guideline',
      'Reward Details',
      'Campaign Stats',
    ]) {
      expect(await page.getByRole('heading', { name: title, exact: true }).count(), title).toBe(1);
    }
    const overview = await card('Campaign Overview').textContent();
    expect(overview).toContain('Lumière Skin');
    expect(overview).toContain('Instagram');
    expect(overview).toContain('PR Box + Mint');

    expect(await page.getByTestId('application-deadline').textContent()).toBe('March 1, 2030');
    expect(await page.getByTestId('upload-deadline').textContent()).toBe('March 8, 2030');

    expect(await card('Participation Guide').textContent()).toContain(
      'Share your morning routine with our new glow serum.',
    );
    expect(await page.getByTestId('requirements').locator('li').allInnerTexts()).toEqual([
      '1 Reel of at least 30 seconds',
      'Tag @lumiereskin',
    ]);
    expect(await page.getByTestId('campaign-reward').textContent()).toBe('40 Mint');
    expect(await page.getByTestId('applications-count').textContent()).toBe('12');
    expect(await page.getByTestId('followers-required').textContent()).toBe('Any');
    const status = page.locator('[data-status]');
    expect(await status.getAttribute('data-status')).toBe('active');
    expect(await status.getAttribute('class')).toContain('bg-green-100');

    // Signed out: sign in to apply and to read the guidelines.
    const header = page.getByTestId('campaign-header');
    expect(await header.getByRole('link', { name: 'Sign In to Apply' }).getAttribute('href')).toBe('/signin');
    expect(await page.getByRole('link', { name: 'Sign In to Access Guidelines' }).getAttribute('href')).toBe(
      '/signin',
    );
    expect(await page.getByRole('button', { name: 'Access Guidelines' }).count()).toBe(0);
  });

  it('an ended campaign of a brand without a track record has no badge, a red status and its follower requirement', async () => {
    await page.goto(url(ended));
    expect(await page.locator('h1').textContent()).toBe('Autumn Knitwear');
    // Not active, no answered applications, no approved creators: no badge at all.
    expect(await page.getByRole('list', { name: 'Highlights' }).count()).toBe(0);
    expect(await page.getByText('Top Creator').count()).toBe(0);
    expect(await page.getByText('Responds Fast').count()).toBe(0);
    expect(await page.locator('[data-status]').getAttribute('class')).toContain('bg-red-100');
    expect(await page.getByTestId('followers-required').textContent()).toBe('5,000');
    expect(await page.getByTestId('applications-count').textContent()).toBe('1,234');
    // No gallery: the campaign's own image.
    expect(
      await page
        .getByTestId('campaign-hero-images')
        .locator('img')
        .evaluateAll((i) => i.map((e) => e.getAttribute('src'))),
    ).toEqual(['/images/creators/creator-09.svg']);
  });

  it("a gifting-only campaign reads 'PR box', never '0 Mint', on its card and its page", async () => {
    await page.goto(server.url);
    const tile = page.getByTestId('campaign-card').filter({ hasText: 'Cozy Candle Box' });
    await expect.poll(() => tile.count()).toBe(1);
    expect((await tile.getByTestId('reward').textContent())?.trim()).toBe('PR box');
    expect(await tile.textContent()).not.toContain('Mint');

    // The visitor opens the card (the app's own navigation once it runs).
    await openCard('Cozy Candle Box', giftingOnly);
    expect(await page.getByTestId('campaign-reward').textContent()).toBe('PR box');
    // The brand answers fast but has approved nobody's content yet: Responds Fast without Top Creator.
    await expect
      .poll(() => page.getByRole('list', { name: 'Highlights' }).locator('li').allInnerTexts())
      .toEqual(['Active Campaign', 'Responds Fast']);
    const reward = (await card('Reward Details').textContent()) ?? '';
    expect(reward).toContain('A free PR box shipped to you');
    expect(reward).not.toMatch(/\b0 Mint/);
  });

  it("shows the box's value and the boxes left, as the records count them, on the card and the page", async () => {
    const [row] = (
      (await server.db.execute(
        sql`select max_accepted, product_value, (select count(*)::int from applications a where a.campaign_id = c.id and a.status in ('accepted', 'shipped', 'delivered', 'content_submitted', 'changes_requested', 'approved', 'missed')) as taken from campaigns c where c.id = ${giftingOnly.id}`,
      )) as unknown as { rows: Array<{ max_accepted: number; product_value: string; taken: number }> }
    ).rows;
    expect(row).toEqual({ max_accepted: 40, product_value: '85.00', taken: 3 });
    const left = `${row!.max_accepted - row!.taken} of ${row!.max_accepted} boxes left`;
    expect(left).toBe('37 of 40 boxes left');

    await page.goto(server.url);
    const tile = page.getByTestId('campaign-card').filter({ hasText: 'Cozy Candle Box' });
    await expect.poll(() => tile.count()).toBe(1);
    expect(await tile.getByTestId('product-value').textContent()).toBe('$85 value');
    expect(await tile.getByTestId('boxes-left').textContent()).toBe(left);
    // A campaign without a stated value or a box cap says neither.
    const other = page.getByTestId('campaign-card').filter({ hasText: 'Glow Serum Launch' });
    expect(await other.getByTestId('box-facts').count()).toBe(0);
    const shots = process.env.CAMPAIGN_SCREENSHOTS;
    if (shots) await tile.screenshot({ path: `${shots}/boxes-card.png` });

    await openCard('Cozy Candle Box', giftingOnly);
    const details = card('Reward Details');
    await expect.poll(() => details.getByTestId('product-value').textContent()).toBe('$85 value');
    expect(await details.getByTestId('boxes-left').textContent()).toBe(left);
    if (shots) {
      await details.screenshot({ path: `${shots}/boxes-page.png` });
      await page.setViewportSize({ width: 375, height: 800 });
      await details.screenshot({ path: `${shots}/boxes-page-375.png` });
    }
  });

  it('Show All Photos opens the gallery dialog, which Escape closes', async () => {
    await page.goto(url(active));
    await waitForApp(page);
    const trigger = page.getByRole('button', { name: 'Show All Photos' });
    await trigger.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.getByRole('heading', { name: 'Glow Serum Launch' }).count()).toBe(1);
    expect(
      await dialog.locator('img').evaluateAll((images) => images.map((i) => i.getAttribute('src'))),
    ).toEqual(GALLERY);
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // From the keyboard, and closed with its close button.
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(1);
    await page.getByRole('button', { name: 'Close photos' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('the header hides on scroll down and returns on scroll up; Back and the logo lead home', async () => {
    await page.goto(url(active));
    await expect.poll(() => page.locator('h1').textContent()).toBe('Glow Serum Launch');
    await waitForApp(page);
    const header = page.getByTestId('campaign-header');
    await page.mouse.move(640, 600);
    await page.mouse.wheel(0, 500);
    await expect.poll(() => header.getAttribute('data-state')).toBe('hidden');
    await expect
      .poll(() => header.evaluate((el) => el.getBoundingClientRect().bottom))
      .toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -150);
    await expect.poll(() => header.getAttribute('data-state')).toBe('visible');

    expect(await header.getByRole('link', { name: 'Mintbox' }).getAttribute('href')).toBe('/');
    await header.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${server.url}/`);
    // Home, as the visitor sees it: the catalogue with its campaigns.
    await expect.poll(() => page.getByTestId('campaign-card').count()).toBeGreaterThan(0);
  });

  it('a scroll made while the page is still hydrating hides the header once the app takes over', async () => {
    // The campaign page's code is held back: the server's HTML is on screen and scrolls, React has not taken it over.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/campaign-page-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url(active), { waitUntil: 'domcontentloaded' });
    const header = page.getByTestId('campaign-header');
    await expect.poll(() => header.getAttribute('data-state')).toBe('visible');
    await page.mouse.move(640, 600);
    await page.mouse.wheel(0, 500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    release();
    await expect.poll(() => header.getAttribute('data-state')).toBe('hidden');
    await page.unroute(/\/assets\/campaign-page-[\w-]+\.js$/);
  });

  it('Back returns to the search the visitor came from', async () => {
    await page.goto(`${server.url}/?platform=instagram`);
    // An in-app navigation (a click before the app runs is an ordinary page load, with no history to go back to).
    await waitForApp(page);
    await page.getByRole('link', { name: 'Glow Serum Launch' }).click();
    await page.waitForURL(url(active));
    await page.getByTestId('campaign-header').getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${server.url}/?platform=instagram`);
    // Back on the list it came from: the Instagram search, with the campaign it opened among its results.
    await expect.poll(() => page.getByRole('link', { name: 'Glow Serum Launch' }).count()).toBeGreaterThan(0);
  });

  it('shows a skeleton while the campaign loads', async () => {
    await page.goto(server.url);
    // An in-app navigation: before the app runs, the link is a plain one and the server renders the page whole.
    await waitForApp(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/campaigns/*', async (route) => {
      await held;
      await route.continue();
    });
    // The grid lists open campaigns only (ended ones on request, issue 10).
    await page.getByRole('link', { name: 'Cozy Candle Box' }).click();
    await expect.poll(() => page.getByTestId('campaign-skeleton').count()).toBe(1);
    release();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Cozy Candle Box');
    expect(await page.getByTestId('campaign-skeleton').count()).toBe(0);
  });

  it('a signed-in user sees their name, Dashboard and Sign Out, and can open the guidelines', async () => {
    await addSessionCookie(context, server.url);
    await page.route('**/api/session', (route) => route.fulfill({ json: SIGNED_IN }));
    await page.goto(url(active));
    const header = page.getByTestId('campaign-header');
    await expect.poll(() => header.getByText('Ana Creator').count()).toBe(1);
    expect(await header.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await header.getByRole('button', { name: 'Sign Out' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Sign In to Apply' }).count()).toBe(0);

    const open = page.getByRole('button', { name: 'Access Guidelines' });
    const guidelines = page.getByTestId('content-guidelines');
    expect(await guidelines.isVisible()).toBe(false);
    await open.click();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    expect(await guidelines.textContent()).toContain('Submit the link to your post by March 8, 2030.');
  });

  it('the page HTML carries the campaign for link previews', async () => {
    const response = await page.request.get(url(active));
    const html = await response.text();
    expect(html).toContain('<meta property="og:title" content="Glow Serum Launch | Mintbox" />');
    expect(html).toContain('/images/creators/creator-01.svg');
    // The campaign page's own chunk is not in the first load of /: the server preloads it here, once the
    // server-rendered page has painted (app-start.js adds the preloads, decision 0018).
    expect(html).toMatch(
      /<script src="\/app-start\.js" data-entry="\/assets\/index-[\w-]+\.js" data-preload="[^"]*\/assets\/campaign-page-[\w-]+\.js[^"]*" defer><\/script>/,
    );
    // And the page itself is in the HTML.
    expect(html).toContain('<h1 id="campaign-title"');
  });

  it('fits a 375 px screen and has no serious accessibility violations', async () => {
    await page.goto(url(active));
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The layout follows the width without a reload (CSS only; the server renders the same HTML for any width).
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.locator('h1').textContent()).toBe('Glow Serum Launch');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const header = page.getByTestId('campaign-header');
    const apply = header.getByRole('link', { name: 'Sign In to Apply' });
    const box = await apply.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('an unknown path has no serious accessibility violations', async () => {
    await page.goto(`${server.url}/404-path`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('404 Page Not Found');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("the missing-campaign page's header has no 'Sign In to Apply' (issue 24)", async () => {
    await page.goto(`${server.url}/campaign/999999`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Campaign Not Found');
    const header = page.getByTestId('campaign-header');
    await expect.poll(() => header.getByTestId('session-placeholder').count()).toBe(0);
    expect(await header.getByRole('link', { name: 'Back' }).count()).toBe(1);
    expect(await header.getByText('Sign In to Apply').count()).toBe(0);
  });
});
