import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRow } from '../../src/db/schema/campaigns';
import { createAuth } from '../../src/server/auth';
import { silentLogger } from '../../src/server/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { launchBrowser } from '../support/browser';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { freePort } from '../support/free-port';
import { testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };

/** Issue 10: the analytics page of a draft said 'Campaign Not Found' (it read the public endpoint, which hides drafts). */
describe('admin analytics in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;
  let draft: CampaignRow;

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
      },
    });
    browser = await launchBrowser();
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Username or email').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${server.url}/admin/campaigns`);
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
