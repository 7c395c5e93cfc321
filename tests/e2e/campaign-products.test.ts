import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth';
import { silentLogger } from '../../src/server/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { postJson, signInAdmin } from '../support/auth-client';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { freePort } from '../support/free-port';
import { phoneScrollWidth, screenshotWidths, textOf } from '../support/page-checks';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'nia@example.com', name: 'Nia Brooks', password: 'correct horse battery' };
/** Where the journey's screenshots go (set PRODUCTS_SCREENSHOTS=<folder> to look at them). */
const SHOTS = process.env.PRODUCTS_SCREENSHOTS;

/**
 * Issue 37: a campaign offering a serum in three shades (one sold out). The creator picks Shade 02 in the apply form
 * (the sold-out shade shown, disabled); the admin's review page shows the stock and the creator's choice. The state
 * is seeded through the API; the clicks are the choice itself. 1280 and 375 px.
 */
describe('products with variants and stock in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let creator: Page;
  let admin: Page;
  let campaignId: number;

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
    await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name });
    const apiAdmin = await signInAdmin(api, ADMIN.email, ADMIN.password);
    campaignId = (
      await insertCampaign(server.db, {
        name: 'Serum Shades',
        type: 'gifting',
        status: 'active',
        reward: 0,
        deadline: '2099-07-01',
        followersRequired: 0,
      })
    ).id;
    const added = await postJson(
      api,
      `/api/admin/campaigns/${campaignId}/products`,
      {
        name: 'Serum',
        variants: [
          { name: 'Shade 01', sku: 'SER-01', retailValue: '32', stock: 10 },
          { name: 'Shade 02', sku: 'SER-02', retailValue: '32', stock: 40 },
          { name: 'Shade 03', sku: 'SER-03', retailValue: '32', stock: 0 },
        ],
      },
      apiAdmin,
    );
    expect(added.status).toBe(201);
    browser = await launchBrowser();
    const make = async () => {
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    };
    creator = await make();
    admin = await make();
    await signInThroughApi(creator.context(), server.url, CREATOR);
    await signInThroughApi(admin.context(), server.url, ADMIN);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  it('the creator chooses Shade 02 (Shade 03 is sold out) and the admin sees the choice and the stock', async () => {
    await creator.goto(`${server.url}/campaign/${campaignId}`);
    await creator.getByRole('button', { name: 'Apply Now' }).click();
    const dialog = creator.getByRole('dialog');
    const soldOut = dialog.getByRole('radio', { name: /Shade 03/ });
    await expect.poll(() => soldOut.isDisabled()).toBe(true);
    expect(await textOf(dialog.locator('label').filter({ hasText: 'Shade 03' }))).toContain('Sold out');
    expect(await textOf(dialog.locator('label').filter({ hasText: 'Shade 02' }))).toContain('40 of 40 left');
    await screenshotWidths(creator, SHOTS, 'apply-variants');
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);
    await dialog.getByRole('radio', { name: /Shade 02/ }).check();
    await dialog.getByRole('button', { name: 'Send Application' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await admin.goto(`${server.url}/admin/campaigns/${campaignId}`);
    const card = admin.getByTestId('applicant').filter({ hasText: CREATOR.name });
    await expect
      .poll(() => textOf(card.getByTestId('applicant-choice')))
      .toBe('Chose: Serum · Shade 02 (SER-02)');
    expect(await textOf(admin.getByTestId('variant-SER-03').getByTestId('boxes-left'))).toBe('0 of 0 left');
    await card.getByRole('button', { name: `Accept ${CREATOR.name}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Accept', exact: true }).click();
    await expect
      .poll(() => textOf(admin.getByTestId('variant-SER-02').getByTestId('boxes-left')))
      .toBe('39 of 40 left');
    await screenshotWidths(admin, SHOTS, 'review-products');
    expect(await phoneScrollWidth(admin)).toBeLessThanOrEqual(375);

    await creator.goto(`${server.url}/dashboard?tab=campaigns`);
    await expect.poll(() => textOf(creator.getByTestId('chosen-variants'))).toBe('Serum · Shade 02');
  });
});
