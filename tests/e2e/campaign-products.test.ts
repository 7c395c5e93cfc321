import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { getWithCookie, postJson, signInAdmin } from '../support/auth-client';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { freePort } from '../support/free-port';
import { phoneScrollWidth, screenshotWidths, textOf } from '../support/page-checks';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'nia@example.com', name: 'Nia Brooks', password: 'correct horse battery' };
const BEN = { email: 'ben@example.com', name: 'Ben Ortiz' };
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
  let benCookie = '';
  let shade01 = 0;
  let apiAdmin = '';
  let api: ReturnType<typeof createTestApp>;

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
    api = createTestApp(server.db);
    await createReadyCreator(api, server.db, { email: CREATOR.email, name: CREATOR.name });
    apiAdmin = await signInAdmin(api, ADMIN.email, ADMIN.password);
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
    // Ben chose Shade 01; its last boxes are taken before the admin gets to him (stock set to 0 here).
    const ben = await createReadyCreator(api, server.db, { email: BEN.email, name: BEN.name });
    benCookie = ben.cookie;
    const [serum] = (
      (await (await getWithCookie(api, `/api/campaigns/${campaignId}/products`)).json()) as {
        items: Array<{ id: number; variants: Array<{ id: number; name: string }> }>;
      }
    ).items;
    shade01 = serum!.variants.find((v) => v.name === 'Shade 01')!.id;
    const applied = await postJson(
      api,
      `/api/campaigns/${campaignId}/applications`,
      { choices: [{ productId: serum!.id, variantId: shade01 }] },
      ben.cookie,
    );
    expect(applied.status).toBe(201);
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
    // The catalogue card and the campaign page say the product and the boxes left (per shade on the page).
    await creator.goto(`${server.url}/`);
    const tile = creator.getByTestId('campaign-card').filter({ hasText: 'Serum Shades' });
    await expect.poll(() => textOf(tile.getByTestId('boxes-left'))).toBe('Serum · 50 of 50 left');
    await creator.goto(`${server.url}/campaign/${campaignId}`);
    const shades = creator.getByTestId('variant-stock');
    await expect
      .poll(() => textOf(shades))
      .toBe('Shade 01 · 10 of 10 leftShade 02 · 40 of 40 leftShade 03 · Sold out');
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
    await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);
    // The kept review page is forgotten with the accept: the card and the group counts show it at once.
    await expect.poll(() => card.getByText('Accepted', { exact: true }).count()).toBe(1);
    await expect
      .poll(() => textOf(admin.getByTestId('variant-SER-02').getByTestId('boxes-left')))
      .toBe('39 of 40 left');
    // The packing summary per SKU.
    await expect
      .poll(() => textOf(admin.getByTestId('packing-summary').locator('li').filter({ hasText: 'SER-02' })))
      .toContain('Serum · Shade 02 × 1');
    await screenshotWidths(admin, SHOTS, 'review-products');
    expect(await phoneScrollWidth(admin)).toBeLessThanOrEqual(375);

    // Shade 01 runs out before the admin accepts Ben: the Accept dialog offers to ask him for another option.
    const out = await api.request(`/api/admin/variants/${shade01}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: apiAdmin },
      body: JSON.stringify({ stock: 0 }),
    });
    expect(out.status).toBe(200);
    const ben = admin.getByTestId('applicant').filter({ hasText: BEN.name });
    await ben.getByRole('button', { name: `Accept ${BEN.name}` }).click();
    const decision = admin.getByRole('dialog');
    await decision.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect.poll(() => textOf(decision)).toContain('Serum · Shade 01 is sold out');
    await decision.getByRole('button', { name: 'Ask for another option' }).click();
    await expect.poll(() => decision.count()).toBe(0);
    await expect
      .poll(async () => {
        const bell = await getWithCookie(api, '/api/notifications', benCookie);
        return ((await bell.json()) as { items: Array<{ kind: string }> }).items[0]?.kind;
      })
      .toBe('choice_requested');

    await creator.goto(`${server.url}/dashboard?tab=campaigns`);
    await expect.poll(() => textOf(creator.getByTestId('chosen-variants'))).toBe('Serum · Shade 02');
  });
});
