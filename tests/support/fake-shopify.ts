import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildSchema, graphql, parse, validate } from 'graphql';
import { closeHttpServer, listen } from './bounded';
import {
  costBucket,
  type FakeShopifyProduct,
  orderView,
  productPage,
  productView,
} from './fake-shopify-catalogue';
import { grantToken } from './fake-shopify-grant';
import type { FakeShopify, FakeShopifyOrder } from './fake-shopify-types';
import {
  cancelledPayload,
  deliverWebhook,
  fulfilmentPayload,
  signWebhook,
  subscribeWebhook,
} from './fake-shopify-webhooks';
import { readRequestBody } from './request-body';

/**
 * A local stand-in for a brand's Shopify store (issue 37), started by a test (or by `npm run demo`). It executes
 * every query against Shopify's published Admin GraphQL schema for the pinned version, pruned to what we use
 * (tests/contracts/shopify-admin-2026-07.graphql, with its source and licence): an operation with a field the schema
 * does not have is answered as Shopify answers it (200 with `errors`) and recorded in `invalidOperations`, so a test
 * fails on an unknown field. The answers follow Shopify's documentation:
 * - POST /admin/api/2026-07/graphql.json with X-Shopify-Access-Token ("GraphQL Admin API reference", Authentication):
 *   a wrong or revoked token gets 401 `{ "errors": "[API] Invalid API key or access token (unrecognized login or
 *   wrong password)" }`.
 * - Rate limits (https://shopify.dev/docs/api/usage/limits, "GraphQL Admin API rate limits"): each answer carries
 *   `extensions.cost` (requestedQueryCost, actualQueryCost, throttleStatus { maximumAvailable, currentlyAvailable,
 *   restoreRate }); a throttled call is 200 with `errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }]`.
 * - orderCreate (mutations/orderCreate, payloads/OrderCreatePayload): `{ order, userErrors [{ field, message }] }`;
 *   an unknown variant is a userError on ["order","lineItems","0","variantId"], not a top-level error.
 * - Orders search (queries/orders, "Search syntax"): `query: "tag:'x'"` matches an order tagged x.
 * - Catalogue and cost bucket, signed webhooks, the client credentials grant: fake-shopify-{catalogue,webhooks,grant}.ts.
 */
export type { FakeShopify, FakeShopifyOrder } from './fake-shopify-types';

const SCHEMA_FILE = path.join(import.meta.dirname, '../contracts/shopify-admin-2026-07.graphql');
export const SHOPIFY_SCHEMA = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));

const legacyOrder = (gid: string) => Number(gid.split('/').pop());

export async function startFakeShopify(
  options: {
    port?: number;
    shopName?: string;
    token?: string;
    variants?: string[];
    products?: FakeShopifyProduct[];
    bucket?: { maximumAvailable: number; restoreRate: number };
    /** What one products page costs (a page of 10 products with 50 variants each). */
    productsPageCost?: number;
    clientId?: string;
    clientSecret?: string;
    tokenSeconds?: number;
  } = {},
): Promise<FakeShopify> {
  const original = options.token ?? 'shpat_fake_token';
  let token = original;
  const shopDomain = 'lumiere-test.myshopify.com';
  const clientId = options.clientId ?? 'fake-client-id-0123456789';
  let clientSecret = options.clientSecret ?? 'shpss_fake_client_secret_0123456789';
  const products = options.products ?? [];
  const subscriptions: FakeShopify['subscriptions'] = [];
  const granted = new Set<string>();
  let grants = 0;
  let overdrawn = 0;
  const bucket = costBucket(options.bucket ?? { maximumAvailable: 2000, restoreRate: 100 });
  const knownVariant = (id: string) =>
    variants.has(id) || products.some((p) => p.variants.some((v) => v.id === id));
  const sign = (topic: string, payload: unknown, webhookId?: string) =>
    signWebhook(shopDomain, clientSecret, topic, payload, webhookId);
  const orders: FakeShopifyOrder[] = [];
  const invalidOperations: FakeShopify['invalidOperations'] = [];
  const variants = new Set(options.variants ?? []);
  let throttled = 0;
  let dropAfterCreate = 0;
  let calls = 0;
  let orderNumber = 1000;
  let dropThisAnswer = false;
  const root = {
    shop: () => ({
      id: 'gid://shopify/Shop/1',
      name: options.shopName ?? 'Lumiere Test Store',
      myshopifyDomain: shopDomain,
      currencyCode: 'USD',
    }),
    order: ({ id }: { id: string }) => {
      const o = orders.find((x) => x.id === id);
      return o ? orderView(o) : null;
    },
    orders: ({ query }: { query?: string }) => {
      const tag = /^tag:'([^']+)'$/.exec(query ?? '')?.[1];
      const found = orders.filter((o) => (tag ? o.tags.includes(tag) : true)).map(orderView);
      return {
        nodes: found,
        edges: found.map((node) => ({ cursor: node.id, node })),
        pageInfo: { hasNextPage: false, endCursor: null },
      };
    },
    products: ({ first, after }: { first?: number; after?: string | null }) =>
      productPage(products, first ?? 10, after),
    nodes: ({ ids }: { ids: string[] }) =>
      ids.map((id) => {
        const p = products.find((x) => x.id === id);
        return p ? productView(p) : null;
      }),
    webhookSubscriptionCreate: (args: { topic: string; webhookSubscription: { uri?: string } }) =>
      subscribeWebhook(subscriptions, args),
    orderCreate: ({
      order,
      options: opts,
    }: {
      order: Record<string, unknown>;
      options?: Record<string, unknown>;
    }) => {
      const lines = (order.lineItems as Array<Record<string, unknown>>) ?? [];
      const unknown = lines.findIndex((l) => !knownVariant(String(l.variantId)));
      if (unknown >= 0) {
        return {
          order: null,
          userErrors: [
            {
              field: ['order', 'lineItems', String(unknown), 'variantId'],
              message: 'Variant does not exist',
              code: null,
            },
          ],
        };
      }
      orderNumber += 1;
      const made: FakeShopifyOrder = {
        id: `gid://shopify/Order/${orderNumber}`,
        name: `#${orderNumber}`,
        tags: (order.tags as string[]) ?? [],
        email: (order.email as string) ?? null,
        note: (order.note as string) ?? null,
        lineItems: lines.map((l) => ({
          variantId: String(l.variantId),
          quantity: Number(l.quantity),
          amount: String(
            (l.priceSet as { shopMoney: { amount: string } } | undefined)?.shopMoney.amount ?? '',
          ),
        })),
        shippingAddress: (order.shippingAddress as Record<string, unknown>) ?? null,
        options: opts ?? {},
        buyerAcceptsMarketing: (order.buyerAcceptsMarketing as boolean) ?? null,
        financialStatus: (order.financialStatus as string) ?? null,
        cancelledAt: null,
        fulfillments: [],
      };
      orders.push(made);
      if (dropAfterCreate > 0) {
        dropAfterCreate -= 1;
        dropThisAnswer = true;
      }
      return { order: orderView(made), userErrors: [] };
    },
  };

  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && req.url === '/admin/oauth/access_token') {
      const answer = grantToken(
        new URLSearchParams(await readRequestBody(req)),
        { clientId, clientSecret },
        options.tokenSeconds,
      );
      if (answer.token) granted.add(answer.token);
      if (answer.token) grants += 1;
      return send(answer.status, answer.body);
    }
    if (req.method !== 'POST' || req.url !== '/admin/api/2026-07/graphql.json') {
      return send(404, { errors: 'Not Found' });
    }
    const body = await readRequestBody(req);
    calls += 1;
    const given = String(req.headers['x-shopify-access-token'] ?? '');
    if (given !== token && !granted.has(given)) {
      return send(401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    const { query, variables } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
    const errors = validate(SHOPIFY_SCHEMA, parse(query));
    if (errors.length > 0) {
      invalidOperations.push({ query, errors: errors.map((e) => e.message) });
      return send(200, {
        errors: errors.map((e) => ({
          message: e.message,
          locations: e.locations,
          extensions: { code: 'undefinedField' },
        })),
      });
    }
    const requested = /\bproducts\(|\bnodes\(/.test(query) ? (options.productsPageCost ?? 112) : 10;
    const forced = throttled > 0;
    if (forced) {
      throttled -= 1;
      bucket.empty();
    }
    const taken = bucket.take(requested);
    if (!taken.fits) {
      if (!forced) overdrawn += 1;
      return send(200, {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
        extensions: { cost: taken.cost },
      });
    }
    dropThisAnswer = false;
    const result = await graphql({
      schema: SHOPIFY_SCHEMA,
      source: query,
      rootValue: root,
      variableValues: variables ?? {},
    });
    if (dropThisAnswer) return send(502, { errors: 'Bad Gateway' });
    send(200, { ...result, extensions: { cost: taken.cost } });
  });
  await listen(server, 'the Shopify stand-in', options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get token() {
      return token;
    },
    orders,
    invalidOperations,
    calls: () => calls,
    variants,
    throttleNext: (n) => {
      throttled = n;
    },
    dropAnswerAfterCreate: (n) => {
      dropAfterCreate = n;
    },
    revokeToken: () => {
      token = `revoked-${original}`;
    },
    restoreToken: () => {
      token = original;
    },
    fulfil: (orderId, company, number, url) => {
      const o = orders.find((x) => x.id === orderId);
      if (!o) throw new Error(`no order ${orderId}`);
      const fulfilment = {
        id: `gid://shopify/Fulfillment/${legacyOrder(orderId) * 10 + o.fulfillments.length + 1}`,
        status: 'SUCCESS',
        company,
        number,
        url: url ?? null,
      };
      o.fulfillments.push(fulfilment);
      return sign('fulfillments/create', fulfilmentPayload(orderId, fulfilment.id, fulfilment));
    },
    cancel: (orderId) => {
      const o = orders.find((x) => x.id === orderId);
      if (!o) throw new Error(`no order ${orderId}`);
      o.cancelledAt = new Date().toISOString();
      return sign('orders/cancelled', cancelledPayload(orderId, o.name));
    },
    notify: async (webhook) => {
      const topic = webhook.headers['x-shopify-topic']!.toUpperCase().replace('/', '_');
      const targets = subscriptions.filter((x) => x.topic === topic);
      return Promise.all(targets.map((x) => deliverWebhook(x.uri, webhook)));
    },
    sign,
    products,
    subscriptions,
    clientId,
    get clientSecret() {
      return clientSecret;
    },
    rotateClientSecret: (secret) => {
      clientSecret = secret;
    },
    shopDomain,
    expireGrantedTokens: () => granted.clear(),
    grants: () => grants,
    overdrawn: () => overdrawn,
    close: () => closeHttpServer(server, 'the Shopify stand-in', undefined, 0),
  };
}
