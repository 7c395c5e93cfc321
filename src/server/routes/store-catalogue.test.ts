import { afterAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { SERUM_CAMPAIGN } from '../../../tests/support/box-campaign';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { fakeClock } from '../../../tests/support/clock';
import { createReadyCreator } from '../../../tests/support/creators';
import { type FakeShopify, startFakeShopify } from '../../../tests/support/fake-shopify';
import { fakeProduct } from '../../../tests/support/fake-shopify-catalogue';
import { testServices } from '../../../tests/support/services';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import type { ProductView } from '../../shared/schemas/products';
import type { StoreCatalogue } from '../../shared/schemas/stores';
import { formatReport } from '../integrations/check/check-integrations';
import { checkShopify } from '../integrations/shopify/shopify-check';
import { STORE_SYNC } from '../jobs/store-jobs';
import { storeAccessFromEnv } from '../services/stores/store-access';
import { syncAllStores } from '../services/stores/sync';

const CAMPAIGN = { ...SERUM_CAMPAIGN, name: 'Serum Shades' };

/**
 * Issue 37, the store side (decision 0040): a Dev Dashboard app connected by client credentials (its token renewed
 * when the store stops taking it), the catalogue read page by page within the cost bucket, a product imported onto a
 * campaign, the daily re-sync making a deleted variant unavailable, and the fulfilment webhooks: forged ones
 * refused, a repeat applied once, a cancellation told to the admins with the application unchanged.
 */
describe.each(TEST_DRIVERS)('Shopify catalogue and webhooks on %s', (driver) => {
  let shop: FakeShopify;
  const mailer = captureMailer();
  const clock = fakeClock('2026-06-10T12:00:00Z');
  const serum = fakeProduct('Aurora Serum', ['Shade 01', 'Shade 02', 'Shade 03']);
  const api = useAdminApp(driver, async () => {
    // 25 products: three pages of 10; a bucket of 300 points that refills 1,000 a second, a page costs 112.
    const filler = Array.from({ length: 24 }, (_, i) =>
      fakeProduct(`Balm ${String(i).padStart(2, '0')}`, ['One']),
    );
    shop = await startFakeShopify({
      products: [serum, ...filler],
      bucket: { maximumAvailable: 300, restoreRate: 1000 },
      productsPageCost: 112,
    });
    return { env: { SHOPIFY_ORDERS: 'true', SHOPIFY_API_BASE: shop.url }, mailer, now: () => clock.now };
  });
  afterAll(async () => {
    await shop?.close();
  });
  let storeId: number;
  let campaignId: number;

  const call = async (path: string, body: unknown, cookie = api.admin) => {
    const response = await postJson(api.app, path, body, cookie);
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as { id: number } & Record<string, unknown>,
    };
  };
  const get = async <T>(path: string, cookie = api.admin) =>
    (await (await getWithCookie(api.app, path, cookie)).json()) as T;
  const stores = () =>
    get<{ items: Array<{ state: string; advice: string; stateMessage: string | null; webhooks: boolean }> }>(
      '/api/admin/stores',
    );
  const webhook = (w: { body: string; headers: Record<string, string> }) =>
    api.app.request('/api/webhooks/shopify', { method: 'POST', headers: w.headers, body: w.body });

  it('connects a Dev Dashboard app by client credentials and subscribes the fulfilment webhooks', async () => {
    const wrong = await call('/api/admin/stores', {
      brand: 'Lumiere',
      shopDomain: shop.shopDomain,
      clientId: shop.clientId,
      clientSecret: 'shpss_wrong_secret_0000',
    });
    expect(wrong).toMatchObject({ status: 400, body: { field: 'clientSecret' } });
    const connected = await call('/api/admin/stores', {
      brand: 'Lumiere',
      shopDomain: shop.shopDomain,
      clientId: shop.clientId,
      clientSecret: shop.clientSecret,
    });
    expect(connected).toMatchObject({ status: 201, body: { shopName: 'Lumiere Test Store' } });
    storeId = connected.body.id;
    expect(shop.subscriptions.map((s) => s.topic).sort()).toEqual([
      'FULFILLMENTS_CREATE',
      'FULFILLMENTS_UPDATE',
      'ORDERS_CANCELLED',
    ]);
    expect(shop.subscriptions[0]!.uri).toMatch(/\/api\/webhooks\/shopify$/);
    expect((await stores()).items[0]).toMatchObject({ state: 'connected', webhooks: true });
    // `npm run integrations:check` reads the shop's name with the configured access.
    const report = await checkShopify(api.env, api.db, undefined);
    expect(formatReport(report)).toMatch(
      /^Shopify: configured \(1 store, 127\.0\.0\.1:\d+\) · reachable · authorised: Lumiere \(lumiere-test\.myshopify\.com\): read the shop's name "Lumiere Test Store"\.$/,
    );
  });

  it('reads every page of the catalogue, waiting for the cost bucket and out a THROTTLED answer', async () => {
    shop.throttleNext(1);
    const calls = shop.calls();
    const catalogue = await get<StoreCatalogue>(`/api/admin/stores/${storeId}/products`);
    expect(catalogue.items).toHaveLength(25);
    expect(catalogue.items[0]).toMatchObject({
      title: 'Aurora Serum',
      variants: [{ title: 'Shade 01' }, { title: 'Shade 02' }, { title: 'Shade 03' }],
    });
    // Three pages and the throttled try; never a call the bucket could not hold.
    expect(shop.calls() - calls).toBe(4);
    expect(shop.overdrawn()).toBe(0);
    expect(shop.invalidOperations).toEqual([]);
  });

  it('imports a product with its shades onto a campaign', async () => {
    campaignId = (await call('/api/admin/campaigns', CAMPAIGN)).body.id;
    const made = await call(`/api/admin/campaigns/${campaignId}/store-products`, {
      storeId,
      productId: serum.id,
      stock: 5,
    });
    expect(made.status).toBe(201);
    const { items } = await get<{ items: ProductView[] }>(`/api/campaigns/${campaignId}/products`, '');
    expect(items).toEqual([
      expect.objectContaining({
        name: 'Aurora Serum',
        store: 'Lumiere Test Store',
        variants: serum.variants.map((v) =>
          expect.objectContaining({
            name: v.title,
            sku: v.sku,
            retailValue: '32.00',
            imageUrl: v.imageUrl,
            stock: 5,
          }),
        ),
      }),
    ]);
  });

  it('applies a fulfilment webhook once, refuses forged ones, and tells the admins of a cancellation', async () => {
    const { items } = await get<{ items: ProductView[] }>(`/api/campaigns/${campaignId}/products`, '');
    const product = items[0]!;
    const apply = async (n: number) => {
      const creator = await createReadyCreator(api.app, api.db, {
        email: `hook${n}@example.com`,
        name: `Ivy Lane${n}`,
      });
      const applied = await call(
        `/api/campaigns/${campaignId}/applications`,
        { choices: [{ productId: product.id, variantId: product.variants[1]!.id }] },
        creator.cookie,
      );
      expect((await call(`/api/admin/applications/${applied.body.id}/accept`, {})).status).toBe(200);
      const order = shop.orders.find((o) => o.tags.includes(`mintbox-application-${applied.body.id}`))!;
      expect(order.lineItems).toEqual([{ variantId: serum.variants[1]!.id, quantity: 1, amount: '0.00' }]);
      return { ...creator, order };
    };
    const ivy = await apply(1);
    const signed = shop.fulfil(ivy.order.id, 'UPS', '1Z999AA10123456784');
    const mine = async () =>
      (
        await get<{
          items: Array<{ status: string; carrier: string | null; trackingNumber: string | null }>;
        }>('/api/me/applications', ivy.cookie)
      ).items[0]!;

    // Forged: a body altered after signing, a signature made with another secret, none at all.
    const altered = { ...signed, body: signed.body.replace('1Z999AA10123456784', '1Z999AA10999999999') };
    const otherSecret = {
      ...signed,
      headers: { ...signed.headers, 'x-shopify-hmac-sha256': 'bm90IHRoZSBzaWduYXR1cmU=' },
    };
    const { 'x-shopify-hmac-sha256': _, ...unsigned } = signed.headers;
    for (const forged of [altered, otherSecret, { ...signed, headers: unsigned }]) {
      expect((await webhook(forged)).status).toBe(401);
    }
    expect(await mine()).toMatchObject({ status: 'accepted', carrier: null });

    const first = await webhook(signed);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, repeated: false });
    const again = await webhook(signed);
    expect(await again.json()).toEqual({ received: true, repeated: true });
    await expect.poll(async () => (await mine()).status, { timeout: 5000 }).toBe('shipped');
    expect(await mine()).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const notices = await get<{ items: Array<{ kind: string }> }>('/api/notifications', ivy.cookie);
    expect(notices.items.filter((x) => x.kind === 'box_shipped')).toHaveLength(1);

    // Cancelled in the store: the admins are told; the application stays accepted.
    const joe = await apply(2);
    expect((await webhook(shop.cancel(joe.order.id))).status).toBe(200);
    const told = async () =>
      (await get<{ items: Array<{ kind: string; body: string }> }>('/api/notifications')).items.filter(
        (x) => x.kind === 'store_order_cancelled',
      );
    await expect.poll(async () => (await told()).length, { timeout: 5000 }).toBe(1);
    expect((await told())[0]!.body).toContain(joe.order.name);
    const joeApps = await get<{ items: Array<{ status: string }> }>('/api/me/applications', joe.cookie);
    expect(joeApps.items[0]!.status).toBe('accepted');
  });

  it('renews an expired granted token, and the daily sync makes a variant deleted in the store unavailable', async () => {
    shop.expireGrantedTokens();
    const grants = shop.grants();
    serum.variants.splice(2, 1); // Shade 03 deleted in the store.
    const job = syncAllStores(
      testServices({ db: api.db, mailer, now: () => clock.now }),
      storeAccessFromEnv(api.env),
    );
    expect(await job).toEqual({ synced: 1, failed: 0, removed: 1 });
    expect(STORE_SYNC).toBe('store-sync');
    expect(shop.grants()).toBe(grants + 1);
    const { items } = await get<{ items: ProductView[] }>(`/api/campaigns/${campaignId}/products`, '');
    expect(items[0]!.variants.map((v) => [v.name, v.available])).toEqual([
      ['Shade 01', true],
      ['Shade 02', true],
      ['Shade 03', false],
    ]);
    const [store] = (await stores()).items;
    expect(store).toMatchObject({
      state: 'product_deleted',
      stateMessage: '1 variant offered on campaigns was deleted in the store.',
    });
    expect(store!.advice).toContain('Offer another product');
  });

  it('shows a revoked app on the Stores page and answers 503 with what happened; manual shipping keeps working', async () => {
    shop.expireGrantedTokens();
    // The merchant rotated the secret in the Dev Dashboard: every grant with the saved one is refused.
    shop.rotateClientSecret('shpss_rotated_secret_0123456789');
    const sync = await call(`/api/admin/stores/${storeId}/sync`, {});
    expect(sync.status).toBe(503);
    const [store] = (await stores()).items;
    expect(store).toMatchObject({ state: 'revoked' });
    expect(store!.advice).toContain('connect the store again');

    // Manual shipping keeps working: a box accepted while the store refuses is shipped by hand.
    const { items } = await get<{ items: ProductView[] }>(`/api/campaigns/${campaignId}/products`, '');
    const creator = await createReadyCreator(api.app, api.db, {
      email: 'hand@example.com',
      name: 'Max Hand',
    });
    const applied = await call(
      `/api/campaigns/${campaignId}/applications`,
      { choices: [{ productId: items[0]!.id, variantId: items[0]!.variants[0]!.id }] },
      creator.cookie,
    );
    expect((await call(`/api/admin/applications/${applied.body.id}/accept`, {})).status).toBe(200);
    const shipped = await call(`/api/admin/applications/${applied.body.id}/shipment`, {
      carrier: 'USPS',
      trackingNumber: '9400111899223333444455',
    });
    expect(shipped.status).toBe(200);
  });
});
