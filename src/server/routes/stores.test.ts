import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { SERUM_CAMPAIGN } from '../../../tests/support/box-campaign';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator } from '../../../tests/support/creators';
import { type FakeShopify, startFakeShopify } from '../../../tests/support/fake-shopify';
import { TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import type { ProductView } from '../../shared/schemas/products';
import { createApp } from '../http/app';

const VARIANTS = ['gid://shopify/ProductVariant/201', 'gid://shopify/ProductVariant/202'];
const CAMPAIGN = { ...SERUM_CAMPAIGN, name: 'Serum Shades' };

/**
 * Issue 37: a brand's Shopify store (the stand-in executes each call against the published Admin GraphQL schema,
 * tests/contracts/shopify-admin-2026-07.graphql). Connecting checks the token; acceptance makes one $0 order per
 * application, across retries, a crash after the store acted and two instances; throttling is waited out; a revoked
 * token shows on the Stores page; a fulfilment becomes the creator's shipment.
 */
describe.each(TEST_DRIVERS)('Shopify store orders on %s', (driver) => {
  let database: TestDatabase;
  let shop: FakeShopify;
  let app: ReturnType<typeof createApp>;
  let second: ReturnType<typeof createApp>;
  let admin: string;
  const mailer = captureMailer();
  const clock = fakeClock('2026-06-10T12:00:00Z');
  let n = 0;
  let campaignId: number;
  let products: ProductView[];

  const call = async (target: typeof app, path: string, body: unknown, cookie = admin) => {
    const response = await postJson(target, path, body, cookie);
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown>,
    };
  };
  const applyAs = async (variant: 0 | 1) => {
    n += 1;
    const creator = await createReadyCreator(app, database.db, {
      email: `store${n}@example.com`,
      name: `Nia Brooks${n}`,
    });
    const product = products[0]!;
    const applied = await call(
      app,
      `/api/campaigns/${campaignId}/applications`,
      { choices: [{ productId: product.id, variantId: product.variants[variant]!.id }] },
      creator.cookie,
    );
    expect(applied.status).toBe(201);
    return { ...creator, applicationId: applied.body.id as number };
  };
  const ordersTagged = (applicationId: number) =>
    shop.orders.filter((o) => o.tags.includes(`mintbox-application-${applicationId}`));

  beforeAll(async () => {
    shop = await startFakeShopify({ variants: VARIANTS, token: 'shpat_lumiere_0123456789' });
    const started = await startAdminApp(driver, {
      env: { SHOPIFY_ORDERS: 'true', SHOPIFY_API_BASE: shop.url },
      mailer,
      now: () => clock.now,
    });
    ({ database, app, admin } = started);
    // A second instance on the same database.
    const { env, logger, auth } = started;
    second = createApp({ db: database.db, env, logger, auth, mailer, now: () => clock.now });
  });
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  it('connects the store after one read, never showing the token, and refuses a wrong token', async () => {
    const wrong = await call(app, '/api/admin/stores', {
      brand: 'Lumiere',
      shopDomain: 'lumiere-test.myshopify.com',
      accessToken: 'shpat_wrong_0123456789',
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: {
        field: 'accessToken',
        error: 'Shopify refused this access token: copy the Admin API access token of your app again.',
      },
    });
    const connected = await call(app, '/api/admin/stores', {
      brand: 'Lumiere',
      shopDomain: 'Lumiere-Test.myshopify.com',
      accessToken: shop.token,
    });
    expect(connected).toMatchObject({ status: 201, body: { shopName: 'Lumiere Test Store' } });
    const list = await (await getWithCookie(app, '/api/admin/stores', admin)).text();
    expect(list).toContain('"state":"connected"');
    expect(list).not.toContain(shop.token);

    const made = await call(app, '/api/admin/campaigns', CAMPAIGN);
    campaignId = made.body.id as number;
    const product = await call(app, `/api/admin/campaigns/${campaignId}/products`, {
      name: 'Serum',
      variants: [
        { name: 'Shade 01', sku: 'SER-01', retailValue: '32', stock: 20, storeVariantId: VARIANTS[0] },
        { name: 'Shade 02', sku: 'SER-02', retailValue: '32', stock: 20, storeVariantId: VARIANTS[1] },
      ],
    });
    expect(product.status).toBe(201);
    products = (
      (await (await getWithCookie(app, `/api/campaigns/${campaignId}/products`)).json()) as {
        items: ProductView[];
      }
    ).items;
  });

  it('makes one $0 order on acceptance, with the address, no receipt and no consent; "Create orders" again finds it', async () => {
    const nia = await applyAs(1);
    expect((await call(app, `/api/admin/applications/${nia.applicationId}/accept`, {})).status).toBe(200);
    const [order, ...more] = ordersTagged(nia.applicationId);
    expect(more).toHaveLength(0);
    expect(order).toMatchObject({
      tags: ['mintbox', `mintbox-application-${nia.applicationId}`],
      lineItems: [{ variantId: VARIANTS[1], quantity: 1, amount: '0.00' }],
      shippingAddress: {
        firstName: 'Nia',
        city: 'Austin',
        provinceCode: 'TX',
        zip: '73301',
        countryCode: 'US',
      },
      options: { sendReceipt: false, sendFulfillmentReceipt: false },
      buyerAcceptsMarketing: false,
      financialStatus: 'PAID',
    });
    const again = await call(app, '/api/admin/store-orders', { ids: [nia.applicationId] });
    expect(again.body).toEqual({
      items: [{ applicationId: nia.applicationId, result: 'already', orderName: order!.name }],
    });
    expect(ordersTagged(nia.applicationId)).toHaveLength(1);

    // The store fulfils it: read back, the box is shipped with the carrier and tracking number the creator sees.
    shop.fulfil(
      order!.id,
      'UPS',
      '1Z999AA10123456784',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    const read = await call(app, '/api/admin/store-fulfilments', { ids: [nia.applicationId] });
    expect(read.body).toEqual({
      items: [
        {
          applicationId: nia.applicationId,
          result: 'shipped',
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
        },
      ],
    });
    const mine = (await (await getWithCookie(app, '/api/me/applications', nia.cookie)).json()) as {
      items: Array<{ status: string; carrier: string; trackingNumber: string }>;
    };
    expect(mine.items[0]).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
  });

  it('makes exactly one order after a crash once the store acted; a revoked token shows on the Stores page', async () => {
    const ana = await applyAs(0);
    shop.dropAnswerAfterCreate(1);
    expect((await call(app, `/api/admin/applications/${ana.applicationId}/accept`, {})).status).toBe(200);
    expect(ordersTagged(ana.applicationId)).toHaveLength(1);
    const retried = await call(app, '/api/admin/store-orders', { ids: [ana.applicationId] });
    expect(retried.body).toMatchObject({ items: [{ applicationId: ana.applicationId, result: 'created' }] });
    expect(ordersTagged(ana.applicationId)).toHaveLength(1);

    const ben = await applyAs(0);
    shop.revokeToken();
    await call(app, `/api/admin/applications/${ben.applicationId}/accept`, {});
    const stores = (await (await getWithCookie(app, '/api/admin/stores', admin)).json()) as {
      items: Array<{ state: string; advice: string }>;
    };
    // A revoked token: the Stores page says so and what to do; the acceptance stands.
    expect(stores.items[0]).toMatchObject({ state: 'revoked' });
    expect(stores.items[0]!.advice).toContain('connect the store again');
    expect(ordersTagged(ben.applicationId)).toHaveLength(0);
  });

  it('waits out throttling and makes one order when two instances retry together', async () => {
    const cat = await applyAs(1);
    // Accepted while the token is still revoked (no order), then the merchant restores it: both instances retry.
    await call(app, `/api/admin/applications/${cat.applicationId}/accept`, {});
    expect(ordersTagged(cat.applicationId)).toHaveLength(0);
    shop.restoreToken();
    shop.throttleNext(2);
    const [a, b] = await Promise.all([
      call(app, '/api/admin/store-orders', { ids: [cat.applicationId] }),
      call(second, '/api/admin/store-orders', { ids: [cat.applicationId] }),
    ]);
    const results = [a.body.items, b.body.items].map(
      (items) => (items as Array<{ result: string }>)[0]!.result,
    );
    expect(results.sort()).toEqual(expect.arrayContaining(['created']));
    expect(results.filter((r) => r === 'created')).toHaveLength(1);
    expect(ordersTagged(cat.applicationId)).toHaveLength(1);
    const stores = (await (await getWithCookie(app, '/api/admin/stores', admin)).json()) as {
      items: Array<{ state: string }>;
    };
    expect(stores.items[0]).toMatchObject({ state: 'connected' });
    expect(shop.invalidOperations).toEqual([]);
  });
});
