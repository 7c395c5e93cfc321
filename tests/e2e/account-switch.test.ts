import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { freePort } from '../support/free-port';
import { createTestApp } from '../support/test-app';

const PASSWORD = 'correct horse battery';
const ANA = { email: 'ana@example.com', name: 'Ana Lopez' };
const BEN = { email: 'ben@example.com', name: 'Ben Ortiz' };
/** Open to creators with 10,000 Instagram followers: Ana has 20,000, Ben 1,000. */
const CAMPAIGN = 'Big Audience Serum';

/**
 * Issue 10: the next account on the same tab must never see the previous one's private data. Matched campaigns were
 * cached under the public 'campaigns' key that signing out keeps, so Ben saw Ana's matches at once.
 */
describe('switching accounts on one tab', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const port = await freePort();
    server = await startE2EServer({
      port,
      env: { APP_URL: `http://127.0.0.1:${port}` },
      seed: async (db) => {
        await insertCampaign(db, {
          name: CAMPAIGN,
          platform: 'instagram',
          tags: ['Beauty'],
          followersRequired: 10_000,
          deadline: '2099-01-31',
        });
      },
    });
    const app = createTestApp(server.db);
    await createReadyCreator(app, server.db, { ...ANA, instagram: 20_000 });
    await createReadyCreator(app, server.db, { ...BEN, instagram: 1_000 });
    browser = await launchBrowser();
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signIn(email: string) {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${server.url}/main`);
  }

  it("never shows the previous creator's matched campaigns to the next one", async () => {
    await page.goto(`${server.url}/signin`);
    await signIn(ANA.email);
    const matched = page.getByTestId('matched-campaigns');
    await expect.poll(() => matched.getByRole('link', { name: CAMPAIGN }).count()).toBe(1);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.url}/signin`);
    // From here on, any moment the matched section shows Ana's campaign is recorded (the app does not reload).
    await page.evaluate((name) => {
      const flag = window as unknown as { sawPreviousMatches?: boolean };
      flag.sawPreviousMatches = false;
      const check = () => {
        const section = document.querySelector('[data-testid="matched-campaigns"]');
        if (section?.textContent?.includes(name)) flag.sawPreviousMatches = true;
      };
      new MutationObserver(check).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    }, CAMPAIGN);

    await signIn(BEN.email);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Hi Ben');
    await page.waitForLoadState('networkidle');
    // The campaign is still in the public grid, but it is not Ben's match.
    await expect.poll(() => page.getByTestId('campaign-card').filter({ hasText: CAMPAIGN }).count()).toBe(1);
    expect(await matched.filter({ hasText: CAMPAIGN }).count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { sawPreviousMatches?: boolean }).sawPreviousMatches),
    ).toBe(false);
  });
});
