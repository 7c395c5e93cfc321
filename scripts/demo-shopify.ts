import { type FakeShopify, startFakeShopify } from '../tests/support/fake-shopify';
import { fakeProduct } from '../tests/support/fake-shopify-catalogue';

/**
 * `npm run demo`'s Shopify store (issue 37): the stand-in (tests/support/fake-shopify.ts) with a small catalogue,
 * three products with shades and sizes. Connect it in Settings › Stores with the printed domain, Client ID and
 * secret; orders made for accepted boxes are fulfilled by the "warehouse" a minute later (the fulfilment webhook
 * is sent to Mintbox as Shopify sends it).
 */
export async function startDemoShopify(): Promise<{
  shop: FakeShopify;
  env: Record<string, string>;
  lines: string[];
}> {
  const shop = await startFakeShopify({
    shopName: 'Lumiere Beauty (stand-in)',
    products: [
      fakeProduct('Aurora Serum', ['Shade 01', 'Shade 02', 'Shade 03'], '32.00'),
      fakeProduct('Velvet Lip Tint', ['Rose', 'Coral', 'Berry'], '18.00'),
      fakeProduct('Cloud Hoodie', ['Size S', 'Size M', 'Size L'], '64.00'),
    ],
  });
  const seen = new Map<string, number>();
  let tracking = 1000;
  setInterval(() => {
    for (const order of shop.orders) {
      if (order.cancelledAt || order.fulfillments.length > 0) continue;
      const first = seen.get(order.id) ?? Date.now();
      seen.set(order.id, first);
      if (Date.now() - first < 60_000) continue;
      tracking += 1;
      void shop.notify(shop.fulfil(order.id, 'UPS', `1Z999AA1012345${String(tracking).padStart(4, '0')}`));
    }
  }, 10_000).unref();
  return {
    shop,
    env: { SHOPIFY_API_BASE: shop.url, SHOPIFY_ORDERS: 'true' },
    lines: [
      `Shopify stand-in store: connect it in Settings › Stores with domain ${shop.shopDomain},`,
      `  Client ID ${shop.clientId} and Client secret ${shop.clientSecret}; its orders are fulfilled a minute after they are made.`,
    ],
  };
}
