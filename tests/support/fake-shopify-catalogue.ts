import type { FakeShopifyOrder } from './fake-shopify-types';

/**
 * The stand-in store's catalogue and its query cost bucket (tests/support/fake-shopify.ts), as Shopify documents them:
 * - queries/products: a ProductConnection paged by `first`/`after` with `pageInfo { hasNextPage endCursor }`;
 *   queries/nodes: one entry per id, null for an id that no longer exists (a deleted product).
 * - Rate limits (https://shopify.dev/docs/api/usage/limits, "GraphQL Admin API rate limits", the leaky bucket): a
 *   query's requested cost must fit `currentlyAvailable`, which refills at `restoreRate` points a second up to
 *   `maximumAvailable`; otherwise the call is THROTTLED and nothing runs.
 */
export interface FakeShopifyVariant {
  id: string;
  title: string;
  sku: string;
  price: string;
  imageUrl: string | null;
}
export interface FakeShopifyProduct {
  id: string;
  title: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  imageUrl: string | null;
  variants: FakeShopifyVariant[];
}

/** An order as the GraphQL schema answers it. */
export const orderView = (o: FakeShopifyOrder) => ({
  id: o.id,
  name: o.name,
  tags: o.tags,
  cancelledAt: o.cancelledAt,
  cancelReason: null,
  displayFinancialStatus: o.financialStatus,
  totalPriceSet: { shopMoney: { amount: '0.0', currencyCode: 'USD' } },
  fulfillments: () =>
    o.fulfillments.map((f) => ({
      id: f.id,
      status: f.status,
      createdAt: new Date().toISOString(),
      trackingInfo: () => [{ company: f.company, number: f.number, url: f.url }],
    })),
});

let nextId = 7000;
/** A product with one variant per name (shades, sizes), ids like Shopify's GIDs. */
export function fakeProduct(title: string, variants: string[], price = '32.00'): FakeShopifyProduct {
  nextId += 1;
  const productId = nextId;
  const slug = title
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .slice(0, 12);
  return {
    id: `gid://shopify/Product/${productId}`,
    title,
    status: 'ACTIVE',
    imageUrl: `https://cdn.shopify.com/s/files/1/stand-in/${productId}.jpg`,
    variants: variants.map((name, i) => ({
      id: `gid://shopify/ProductVariant/${productId * 10 + i}`,
      title: name,
      sku: `${slug}-${String(i + 1).padStart(2, '0')}`,
      price,
      imageUrl: `https://cdn.shopify.com/s/files/1/stand-in/${productId}-${i + 1}.jpg`,
    })),
  };
}

const image = (url: string | null) =>
  url ? { __typename: 'MediaImage', id: `${url}#media`, preview: { image: { url } }, image: { url } } : null;

export function productView(p: FakeShopifyProduct) {
  return {
    __typename: 'Product',
    id: p.id,
    title: p.title,
    handle: p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    status: p.status,
    featuredMedia: image(p.imageUrl),
    variants: () => ({
      nodes: p.variants.map((v) => ({
        __typename: 'ProductVariant',
        id: v.id,
        title: v.title,
        sku: v.sku,
        price: v.price,
        displayName: `${p.title} - ${v.title}`,
        inventoryQuantity: 100,
        media: () => ({
          nodes: v.imageUrl ? [image(v.imageUrl)] : [],
          pageInfo: { hasNextPage: false, endCursor: null },
        }),
      })),
      pageInfo: { hasNextPage: false, endCursor: null },
    }),
  };
}

/** One page of products after the cursor (the cursor is the last product's id). */
export function productPage(products: FakeShopifyProduct[], first: number, after: string | null | undefined) {
  const sorted = [...products].sort((a, b) => a.title.localeCompare(b.title));
  const start = after ? sorted.findIndex((p) => p.id === after) + 1 : 0;
  const page = sorted.slice(start, start + first);
  const last = page.at(-1);
  return {
    nodes: page.map(productView),
    pageInfo: { hasNextPage: start + first < sorted.length, endCursor: last?.id ?? null },
  };
}

/** The leaky bucket of one app on one store. */
export function costBucket(options: { maximumAvailable: number; restoreRate: number }) {
  let available = options.maximumAvailable;
  let at = Date.now();
  const refill = () => {
    const now = Date.now();
    available = Math.min(options.maximumAvailable, available + ((now - at) / 1000) * options.restoreRate);
    at = now;
  };
  const status = () => ({
    maximumAvailable: options.maximumAvailable,
    currentlyAvailable: Math.floor(available),
    restoreRate: options.restoreRate,
  });
  return {
    /** Takes `cost` if it fits; the cost extension of the answer either way. */
    take(cost: number) {
      refill();
      const fits = cost <= available;
      if (fits) available -= cost;
      return {
        fits,
        cost: { requestedQueryCost: cost, actualQueryCost: fits ? cost : null, throttleStatus: status() },
      };
    },
    empty() {
      refill();
      available = 0;
    },
  };
}
