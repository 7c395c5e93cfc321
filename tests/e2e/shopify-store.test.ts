import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { silentLogger } from '../../src/server/process/logger';
import { upsertAdmin } from '../../src/server/services/admin-accounts';
import { launchBrowser, signInThroughApi } from '../support/browser';
import { createReadyCreator } from '../support/creators';
import { type E2EServer, startE2EServer } from '../support/e2e-server';
import { insertCampaign } from '../support/factories';
import { type FakeShopify, startFakeShopify } from '../support/fake-shopify';
import { fakeProduct } from '../support/fake-shopify-catalogue';
import { freePort } from '../support/free-port';
import { phoneScrollWidth, screenshotWidths, textOf } from '../support/page-checks';
import { createTestApp, testEnv } from '../support/test-app';

const ADMIN = { email: 'ops@mintbox.test', username: 'ops', password: 'correct-horse-battery-staple' };
const CREATOR = { email: 'nia@example.com', name: 'Nia Brooks', password: 'correct horse battery' };
/** Where the journey's screenshots go (set STORE_SCREENSHOTS=<folder> to look at them). */
const SHOTS = process.env.STORE_SCREENSHOTS;

/**
 * Issue 37, the store side (decision 0040), at 1280 and 375 px: the admin connects the stand-in store (a Dev
 * Dashboard app's client ID and secret) in Settings › Stores, imports a serum in three shades into a campaign's
 * products, the creator applies choosing Shade 02, the admin accepts; the $0 order for Shade 02 with the creator's
 * address is in the store; the store fulfils it (its signed webhook) and the creator's dashboard shows the box
 * shipped with the carrier and the tracking link.
 */
describe('a brand’s Shopify store in the browser', () => {
  let server: E2EServer;
  let shop: FakeShopify;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let creator: Page;
  let admin: Page;
  let campaignId: number;
  const serum = fakeProduct('Aurora Serum', ['Shade 01', 'Shade 02', 'Shade 03']);

  beforeAll(async () => {
    shop = await startFakeShopify({ products: [serum, fakeProduct('Velvet Lip Tint', ['Rose', 'Coral'])] });
    const port = await freePort();
    const env = { APP_URL: `http://127.0.0.1:${port}`, SHOPIFY_API_BASE: shop.url, SHOPIFY_ORDERS: 'true' };
    server = await startE2EServer({
      port,
      env,
      seed: async (db) => {
        await upsertAdmin(db, createAuth({ db, env: testEnv(env), logger: silentLogger() }), ADMIN);
      },
    });
    await createReadyCreator(createTestApp(server.db), server.db, {
      email: CREATOR.email,
      name: CREATOR.name,
    });
    campaignId = (
      await insertCampaign(server.db, {
        name: 'Serum Shades',
        brand: 'Lumiere',
        type: 'gifting',
        status: 'active',
        reward: 0,
        deadline: '2099-07-01',
        followersRequired: 0,
      })
    ).id;
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
    await shop?.close();
  });

  it('connects the store, imports three shades, orders Shade 02 at $0 and shows the store’s fulfilment', async () => {
    await admin.goto(`${server.url}/admin/settings?tab=stores`);
    const form = admin.getByRole('form', { name: 'Connect a store' });
    await form.getByLabel('Brand').fill('Lumiere');
    await form.getByLabel('Store domain').fill(shop.shopDomain);
    await form.getByLabel('Client ID').fill(shop.clientId);
    await form.getByLabel('Client secret').fill(shop.clientSecret);
    await form.getByRole('button', { name: 'Connect store' }).click();
    const row = admin.getByTestId('stores').locator(`[data-store="${shop.shopDomain}"]`);
    await expect.poll(() => textOf(row.getByTestId('store-state'))).toBe('Connected');
    expect(await textOf(row)).toContain('fulfilments by webhook');
    await screenshotWidths(admin, SHOTS, 'stores');
    expect(await phoneScrollWidth(admin)).toBeLessThanOrEqual(375);

    await admin.goto(`${server.url}/admin/campaigns/${campaignId}`);
    await admin.getByRole('button', { name: 'Import from store' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Boxes per variant').fill('12');
    await dialog.getByRole('button', { name: 'Import Aurora Serum' }).click();
    const [shade1, shade2] = serum.variants;
    await expect
      .poll(() => textOf(admin.getByTestId(`variant-${shade2!.sku}`).getByTestId('boxes-left')))
      .toBe('12 of 12 left');
    expect(await admin.getByTestId(`variant-${shade1!.sku}`).count()).toBe(1);

    await creator.goto(`${server.url}/campaign/${campaignId}`);
    await creator.getByRole('button', { name: 'Apply Now' }).click();
    const apply = creator.getByRole('dialog');
    await apply.getByRole('radio', { name: /Shade 02/ }).check();
    await apply.getByRole('button', { name: 'Send Application' }).click();
    await expect.poll(() => apply.count()).toBe(0);

    await admin.reload();
    const card = admin.getByTestId('applicant').filter({ hasText: CREATOR.name });
    await card.getByRole('button', { name: `Accept ${CREATOR.name}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Accept', exact: true }).click();
    await expect.poll(() => shop.orders.length).toBe(1);
    const [order] = shop.orders;
    expect(order).toMatchObject({
      lineItems: [{ variantId: shade2!.id, quantity: 1, amount: '0.00' }],
      shippingAddress: { firstName: 'Nia', lastName: 'Brooks', city: 'Austin', countryCode: 'US' },
      tags: expect.arrayContaining(['mintbox']),
    });
    await screenshotWidths(admin, SHOTS, 'store-products');

    // The store fulfils it: its signed webhook reaches the server; the creator sees the box shipped.
    expect(await shop.notify(shop.fulfil(order!.id, 'UPS', '1Z999AA10123456784'))).toEqual([200]);
    await creator.goto(`${server.url}/dashboard?tab=campaigns`);
    const mine = creator.getByTestId('my-campaign').filter({ hasText: 'Serum Shades' });
    await expect
      .poll(
        async () => {
          await creator.reload();
          return textOf(mine.getByTestId('tracking'));
        },
        { timeout: 10_000 },
      )
      .toContain('UPS 1Z999AA10123456784');
    expect(await mine.getByRole('link', { name: /UPS 1Z999AA10123456784/ }).getAttribute('href')).toContain(
      '1Z999AA10123456784',
    );
    expect(await textOf(mine)).toContain('PR box shipped');
    await screenshotWidths(creator, SHOTS, 'creator-shipped');
    expect(await phoneScrollWidth(creator)).toBeLessThanOrEqual(375);
  });
});
