import { and, eq, isNotNull } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../src/db/schema/applications';
import type { CampaignRow } from '../../src/db/schema/campaigns';
import { ledgerEntries } from '../../src/db/schema/ledger';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertApplication, insertCampaign, insertCreator } from '../support/factories';
import { freePort } from '../support/free-port';
import { insertSnapshot, insertSubmittedPost } from '../support/posts';
import { testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };

/** Issue 10: the analytics page of a draft said 'Campaign Not Found' (it read the public endpoint, which hides drafts). */
describe('admin analytics in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;
  let draft: CampaignRow;
  let glow: CampaignRow;
  let glowPost: number;
  let big: CampaignRow;
  let bigPosts: number[];

  beforeAll(async () => {
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}` };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
        draft = await insertCampaign(db, {
          name: 'Unreleased Lip Oil',
          brand: 'Velvet Labs',
          status: 'draft',
        });
        // A $12,000 campaign whose one post (in review, 12,500 views read from the platform) earns 40 Mint.
        glow = await insertCampaign(db, {
          name: 'Glow Serum',
          budget: '12000.00',
          reward: 40,
          type: 'gifting_paid',
        });
        // One more creator whose PR box is on its way (no post yet).
        await insertApplication(db, { status: 'shipped', campaign: glow });
        const creator = await insertCreator(db);
        glowPost = await insertSubmittedPost(db, {
          campaignId: glow.id,
          creatorId: creator.id,
          urls: ['https://www.instagram.com/p/glow1/'],
          status: 'submitted',
          reviewedAt: new Date(Date.now() - 3_600_000),
        });
        await insertSnapshot(db, {
          submissionId: glowPost,
          postUrl: 'https://www.instagram.com/p/glow1/',
          views: 12_500,
          likes: 900,
          comments: 80,
          shares: 20,
          measuredAt: new Date(Date.now() - 1_800_000),
        });
        // 60 posts (six creators, ten links each): more than the first page of 50.
        big = await insertCampaign(db, { name: 'Big Launch', budget: '5000.00' });
        bigPosts = [];
        for (let c = 0; c < 6; c++) {
          const creator = await insertCreator(db);
          bigPosts.push(
            await insertSubmittedPost(db, {
              campaignId: big.id,
              creatorId: creator.id,
              urls: Array.from({ length: 10 }, (_, i) => `https://www.instagram.com/p/big${c}${i}/`),
            }),
          );
        }
      },
    });
    browser = await launchBrowser();
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signInThroughApi(page.context(), server.url, ADMIN);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows a draft campaign's analytics, with its name and status", async () => {
    await page.goto(`${server.url}/admin/details/${draft.id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Unreleased Lip Oil');
    expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('draft');
    expect(await page.getByText('Campaign Not Found').count()).toBe(0);
    await expect.poll(() => page.getByRole('tab', { name: 'Instagram' }).count()).toBe(1);
  });

  it('shows cost per view from the Mint credited for approved posts, computed by hand from the records', async () => {
    await page.goto(`${server.url}/admin/details/${glow.id}`);
    // In review: nothing spent, so no cost (main showed $12,000 ÷ 12,500 = $0.9600).
    await expect.poll(() => page.getByTestId('cost-per-view').textContent()).toBe('—');
    expect(await page.getByTestId('cost-per-engagement').textContent()).toBe('—');

    const approved = await page.request.post(`${server.url}/api/admin/submissions/${glowPost}/approve`, {
      headers: { origin: server.url },
    });
    expect(approved.status()).toBe(200);
    await page.reload();
    const spent = (
      await server.db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.campaignId, glow.id), eq(ledgerEntries.kind, 'reward')))
    ).reduce((sum, e) => sum + e.amount, 0);
    expect(spent).toBe(40);
    await expect.poll(() => page.getByTestId('mint-spent').textContent()).toBe(`${spent} Mint`);
    expect(await page.getByTestId('cost-per-view').textContent()).toBe(`$${(spent / 12_500).toFixed(4)}`);
    expect(await page.getByTestId('cost-per-engagement').textContent()).toBe(
      `$${(spent / (900 + 80 + 20)).toFixed(2)}`,
    );
    expect(await page.getByTestId('cost-basis').textContent()).toContain('Mint credited for approved posts');

    // The admin states the product value ($85 a box): the boxes shipped are spent too.
    const valued = await page.request.patch(`${server.url}/api/admin/campaigns/${glow.id}`, {
      headers: { origin: server.url },
      data: { productValue: '85' },
    });
    expect(valued.status()).toBe(200);
    await page.reload();
    const boxes = (
      await server.db
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.campaignId, glow.id), isNotNull(applications.shippedAt)))
    ).length;
    expect(boxes).toBe(1);
    const withBoxes = spent + boxes * 85; // 40 + 1 × $85 = $125
    await expect
      .poll(() => page.getByTestId('cost-per-view').textContent())
      .toBe(`$${(withBoxes / 12_500).toFixed(4)}`);
    expect(await page.getByTestId('cost-per-view').textContent()).toBe('$0.0100');
    // The note under the cost divides the same spend the cost does (not the Mint alone).
    expect(await page.getByText(`$${withBoxes} spent ÷ 12,500 views`, { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('cost-per-engagement').textContent()).toBe(
      `$${(withBoxes / (900 + 80 + 20)).toFixed(2)}`,
    );
    expect(await page.getByTestId('cost-basis').textContent()).toContain(
      'Mint credited for approved posts + product value of 1 box shipped ($85.00 each',
    );
    if (process.env.ANALYTICS_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.ANALYTICS_SCREENSHOTS}/analytics-costs-1280.png` });
  });

  it('shows the first 50 posts, then the rest with "Show more posts" (issue 28)', async () => {
    // An admin enters the figures of the last creator's last post: it becomes the most viewed.
    const entered = await page.request.post(`${server.url}/api/admin/submissions/${bigPosts[5]}/metrics`, {
      headers: { origin: server.url },
      data: { postUrl: 'https://www.instagram.com/p/big59/', views: 777, likes: 7 },
    });
    expect(entered.status()).toBe(201);
    await page.goto(`${server.url}/admin/details/${big.id}`);
    const posts = page.getByTestId('analytics-instagram').locator('ol > li');
    await expect.poll(() => posts.count()).toBe(50);
    expect(await page.getByTestId('posts-shown').textContent()).toBe('50 of 60 posts shown');
    expect(await posts.first().textContent()).toContain('777');
    await page.getByRole('button', { name: 'Show more posts' }).click();
    await expect.poll(() => posts.count()).toBe(60);
    expect(await page.getByTestId('posts-shown').textContent()).toBe('60 of 60 posts shown');
    expect(await page.getByRole('button', { name: 'Show more posts' }).count()).toBe(0);
  });

  it("still says 'Campaign Not Found' for a campaign that does not exist", async () => {
    await page.goto(`${server.url}/admin/details/999999`);
    await expect.poll(() => page.getByText('Campaign Not Found').count()).toBe(1);
  });

  it('has a tab for every platform, each without posts saying so in plain words (issue 24)', async () => {
    await page.goto(`${server.url}/admin/details/${draft.id}`);
    const tabs = page.getByRole('tablist', { name: 'Platform analytics' }).getByRole('tab');
    await expect.poll(() => tabs.allTextContents()).toEqual(['Instagram', 'TikTok', 'Facebook', 'YouTube']);
    for (const label of ['TikTok', 'Facebook', 'YouTube', 'Instagram']) {
      await page.getByRole('tab', { name: label }).click();
      await expect.poll(() => page.getByRole('tabpanel').getByText(`No ${label} posts yet`).count()).toBe(1);
    }
  });
});
