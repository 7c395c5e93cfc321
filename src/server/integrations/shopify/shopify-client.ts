import { createAdminApiClient } from '@shopify/admin-api-client';

/**
 * A brand's Shopify store through Shopify's own client library (@shopify/admin-api-client) and the Admin GraphQL API,
 * version pinned here (decision 0032). Every operation is below, checked against tests/contracts/shopify-admin-2026-07.graphql
 * by the stand-in store (tests/support/fake-shopify.ts). Docs: https://shopify.dev/docs/api/admin-graphql/2026-07,
 * rate limits and the THROTTLED error: https://shopify.dev/docs/api/usage/limits#graphql-admin-api-rate-limits.
 */
export const SHOPIFY_API_VERSION = '2026-07';

/** What went wrong with a store, as the Stores page says it (StoreState). */
export type StoreFailure = 'revoked' | 'throttled' | 'unreachable' | 'failed';

export class ShopifyError extends Error {
  override name = 'ShopifyError';
  constructor(
    readonly kind: StoreFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface StoreOrder {
  id: string;
  name: string;
  cancelledAt: string | null;
}

export interface StoreShipment {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

export interface StoreOrderInput {
  variantId: string;
  tag: string;
  note: string;
  email: string;
  shippingAddress: {
    firstName: string;
    lastName: string;
    address1: string;
    address2: string | null;
    city: string;
    provinceCode: string;
    zip: string;
    countryCode: string;
    phone: string | null;
  };
}

export interface ShopifyClient {
  shopName(): Promise<string>;
  /** The order carrying `tag`, if one was made already (a retry after a crash finds it instead of making another). */
  orderTagged(tag: string): Promise<StoreOrder | null>;
  /** A $0 order for one unit of the variant: paid, no receipt, no marketing consent, inventory left to Shopify. */
  createOrder(input: StoreOrderInput): Promise<StoreOrder>;
  /** The order's first fulfilment with a tracking number, as the box's shipment; null while unfulfilled. */
  shipmentOf(orderId: string): Promise<StoreShipment | 'cancelled' | null>;
}

const SHOP = 'query MintboxShop { shop { name myshopifyDomain } }';
const ORDER_TAGGED =
  'query MintboxOrderTagged($query: String!) { orders(first: 1, query: $query) { nodes { id name cancelledAt } } }';
const CREATE_ORDER = `mutation MintboxOrderCreate($order: OrderCreateOrderInput!, $options: OrderCreateOptionsInput) {
  orderCreate(order: $order, options: $options) { order { id name cancelledAt } userErrors { field message } }
}`;
const SHIPMENT = `query MintboxShipment($id: ID!) {
  order(id: $id) { id cancelledAt fulfillments(first: 5) { status trackingInfo(first: 1) { company number url } } }
}`;

/** Every operation the client sends (the contract test validates each against the schema file). */
export const SHOPIFY_OPERATIONS = [SHOP, ORDER_TAGGED, CREATE_ORDER, SHIPMENT];

type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

interface GraphQLAnswer {
  data?: unknown;
  errors?: {
    networkStatusCode?: number;
    message?: string;
    graphQLErrors?: Array<{ message?: string; extensions?: { code?: string } }>;
  };
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: { currentlyAvailable: number; restoreRate: number };
    };
  };
}

/** How long to wait before the query fits the bucket again (seconds from cost and restore rate), at most 10 s. */
export function throttleWait(extensions: GraphQLAnswer['extensions']): number {
  const cost = extensions?.cost;
  const status = cost?.throttleStatus;
  if (!status || status.restoreRate <= 0) return 1000;
  const missing = Math.max((cost?.requestedQueryCost ?? 10) - status.currentlyAvailable, 0);
  return Math.min(Math.ceil((missing / status.restoreRate) * 1000), 10_000);
}

export function createShopifyClient({
  shopDomain,
  accessToken,
  apiBase,
  sleep = realSleep,
  attempts = 4,
}: {
  shopDomain: string;
  accessToken: string;
  /** Every call to this address instead of https://<shop>.myshopify.com (the stand-in store). */
  apiBase?: string | undefined;
  sleep?: Sleep;
  attempts?: number;
}): ShopifyClient {
  const client = createAdminApiClient({
    storeDomain: shopDomain,
    apiVersion: SHOPIFY_API_VERSION,
    accessToken,
    userAgentPrefix: 'Mintbox',
    // A 429 or 503 is retried by the library itself (its maximum, 3, with its own wait).
    retries: 3,
    customFetchApi: (url, init) =>
      fetch(apiBase ? url.replace(/^https:\/\/[^/]+/, apiBase) : url, {
        ...init,
        signal: AbortSignal.timeout(15_000),
      }),
  });

  async function call<T>(operation: string, variables?: Record<string, unknown>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let answer: GraphQLAnswer;
      try {
        answer = (await client.request(operation, variables ? { variables } : {})) as GraphQLAnswer;
      } catch (error) {
        throw new ShopifyError(
          'unreachable',
          `The store could not be reached (${(error as Error).message}).`,
        );
      }
      const errors = answer.errors;
      if (!errors) return answer.data as T;
      const status = errors.networkStatusCode;
      if (status === 401 || status === 403) {
        throw new ShopifyError(
          'revoked',
          'The store refused the access token: it was revoked or lacks a scope.',
        );
      }
      const throttled =
        status === 429 || errors.graphQLErrors?.some((e) => e.extensions?.code === 'THROTTLED') === true;
      if (throttled) {
        if (attempt >= attempts) {
          throw new ShopifyError(
            'throttled',
            'The store is busy (Shopify throttled the calls); it will be tried again.',
          );
        }
        await sleep(throttleWait(answer.extensions));
        continue;
      }
      if (status === undefined || status >= 500) {
        throw new ShopifyError('unreachable', `The store did not answer (${errors.message ?? 'no answer'}).`);
      }
      throw new ShopifyError(
        'failed',
        `The store refused the call: ${errors.graphQLErrors?.[0]?.message ?? errors.message ?? status}.`,
      );
    }
  }

  return {
    async shopName() {
      const data = await call<{ shop: { name: string } }>(SHOP);
      return data.shop.name;
    },
    async orderTagged(tag) {
      const data = await call<{ orders: { nodes: StoreOrder[] } }>(ORDER_TAGGED, { query: `tag:'${tag}'` });
      return data.orders.nodes[0] ?? null;
    },
    async createOrder(input) {
      const data = await call<{
        orderCreate: {
          order: StoreOrder | null;
          userErrors: Array<{ field: string[] | null; message: string }>;
        } | null;
      }>(CREATE_ORDER, {
        order: {
          currency: 'USD',
          email: input.email,
          buyerAcceptsMarketing: false,
          financialStatus: 'PAID',
          lineItems: [
            {
              variantId: input.variantId,
              quantity: 1,
              priceSet: { shopMoney: { amount: '0.00', currencyCode: 'USD' } },
              requiresShipping: true,
            },
          ],
          note: input.note,
          shippingAddress: input.shippingAddress,
          tags: ['mintbox', input.tag],
        },
        options: {
          sendReceipt: false,
          sendFulfillmentReceipt: false,
          inventoryBehaviour: 'DECREMENT_IGNORING_POLICY',
        },
      });
      const payload = data.orderCreate;
      if (!payload?.order) {
        const first = payload?.userErrors[0];
        throw new ShopifyError(
          'failed',
          `The store refused the order: ${first?.message ?? 'no order was made'}.`,
        );
      }
      return payload.order;
    },
    async shipmentOf(orderId) {
      const data = await call<{
        order: {
          cancelledAt: string | null;
          fulfillments: Array<{
            status: string;
            trackingInfo: Array<{ company: string | null; number: string | null; url: string | null }>;
          }>;
        } | null;
      }>(SHIPMENT, { id: orderId });
      if (data.order?.cancelledAt) return 'cancelled';
      for (const fulfilment of data.order?.fulfillments ?? []) {
        if (fulfilment.status !== 'SUCCESS') continue;
        const info = fulfilment.trackingInfo[0];
        if (info?.number) {
          return { carrier: info.company ?? 'Carrier', trackingNumber: info.number, trackingUrl: info.url };
        }
      }
      return null;
    },
  };
}
