import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildSchema, graphql, parse, validate } from 'graphql';
import { closeHttpServer, listen } from './bounded';

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
 */

const SCHEMA_FILE = path.join(import.meta.dirname, '../contracts/shopify-admin-2026-07.graphql');
export const SHOPIFY_SCHEMA = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));

export interface FakeShopifyOrder {
  id: string;
  name: string;
  tags: string[];
  email: string | null;
  note: string | null;
  lineItems: Array<{ variantId: string; quantity: number; amount: string }>;
  shippingAddress: Record<string, unknown> | null;
  options: Record<string, unknown>;
  buyerAcceptsMarketing: boolean | null;
  financialStatus: string | null;
  cancelledAt: string | null;
  fulfillments: Array<{ id: string; status: string; company: string; number: string; url: string | null }>;
}

export interface FakeShopify {
  url: string;
  token: string;
  orders: FakeShopifyOrder[];
  /** Operations that did not validate against the schema (a test expects none). */
  invalidOperations: Array<{ query: string; errors: string[] }>;
  /** How many GraphQL calls came in. */
  calls: () => number;
  variants: Set<string>;
  /** The next `n` calls are throttled (THROTTLED with the bucket empty). */
  throttleNext: (n: number) => void;
  /** The next `n` orderCreate calls make the order, then fail the answer with a 502 (a crash after the store acted). */
  dropAnswerAfterCreate: (n: number) => void;
  revokeToken: () => void;
  /** The merchant's token works again (as after rotating it back). */
  restoreToken: () => void;
  fulfil: (orderId: string, company: string, number: string, url?: string) => void;
  close: () => Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeShopify(
  options: { port?: number; shopName?: string; token?: string; variants?: string[] } = {},
): Promise<FakeShopify> {
  const original = options.token ?? 'shpat_fake_token';
  let token = original;
  const orders: FakeShopifyOrder[] = [];
  const invalidOperations: FakeShopify['invalidOperations'] = [];
  const variants = new Set(options.variants ?? []);
  let throttled = 0;
  let dropAfterCreate = 0;
  let calls = 0;
  let orderNumber = 1000;
  const cost = (available: number) => ({
    requestedQueryCost: 10,
    actualQueryCost: available === 0 ? null : 10,
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate: 100 },
  });
  const orderView = (o: FakeShopifyOrder) => ({
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
  let dropThisAnswer = false;
  const root = {
    shop: () => ({
      id: 'gid://shopify/Shop/1',
      name: options.shopName ?? 'Lumiere Test Store',
      myshopifyDomain: 'lumiere-test.myshopify.com',
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
    orderCreate: ({
      order,
      options: opts,
    }: {
      order: Record<string, unknown>;
      options?: Record<string, unknown>;
    }) => {
      const lines = (order.lineItems as Array<Record<string, unknown>>) ?? [];
      const unknown = lines.findIndex((l) => !variants.has(String(l.variantId)));
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
    if (req.method !== 'POST' || req.url !== '/admin/api/2026-07/graphql.json') {
      return send(404, { errors: 'Not Found' });
    }
    const body = await readBody(req);
    calls += 1;
    if (req.headers['x-shopify-access-token'] !== token) {
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
    if (throttled > 0) {
      throttled -= 1;
      return send(200, {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
        extensions: { cost: cost(0) },
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
    send(200, { ...result, extensions: { cost: cost(1990) } });
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
      o.fulfillments.push({
        id: `gid://shopify/Fulfillment/${o.fulfillments.length + 1}`,
        status: 'SUCCESS',
        company,
        number,
        url: url ?? null,
      });
    },
    close: () => closeHttpServer(server, 'the Shopify stand-in', undefined, 0),
  };
}
