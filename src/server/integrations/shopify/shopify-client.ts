import { CATALOGUE_OPERATIONS, type CatalogueCalls, catalogueCalls } from './shopify-catalogue';
import { createShopifyTransport, ShopifyError, type Sleep } from './shopify-transport';
import { WEBHOOK_OPERATIONS, type WebhookCalls, webhookCalls } from './shopify-webhooks';

/**
 * A brand's Shopify store through Shopify's own client library (@shopify/admin-api-client) and the Admin GraphQL API,
 * version pinned in shopify-transport.ts (decision 0032). Every operation is below, checked against tests/contracts/shopify-admin-2026-07.graphql
 * by the stand-in store (tests/support/fake-shopify.ts). Docs: https://shopify.dev/docs/api/admin-graphql/2026-07,
 * rate limits and the THROTTLED error: https://shopify.dev/docs/api/usage/limits#graphql-admin-api-rate-limits.
 */
export { SHOPIFY_API_VERSION, ShopifyError, type StoreFailure, throttleWait } from './shopify-transport';

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

export interface ShopifyClient extends CatalogueCalls, WebhookCalls {
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
export const SHOPIFY_OPERATIONS = [
  SHOP,
  ORDER_TAGGED,
  CREATE_ORDER,
  SHIPMENT,
  ...CATALOGUE_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
];

/** One call to the Admin API: the operation's data (the transport throws on errors, throttling handled). */
type Call = <T>(operation: string, variables?: Record<string, unknown>) => Promise<T>;

export function createShopifyClient(options: {
  shopDomain: string;
  accessToken: string;
  /** Every call to this address instead of https://<shop>.myshopify.com (the stand-in store). */
  apiBase?: string | undefined;
  sleep?: Sleep;
  attempts?: number;
}): ShopifyClient {
  const transport = createShopifyTransport(options);
  const call: Call = async <T>(operation: string, variables?: Record<string, unknown>) =>
    (await transport.request<T>(operation, variables)).data;

  return {
    ...catalogueCalls(transport),
    ...webhookCalls(transport),
    async shopName() {
      const data = await call<{ shop: { name: string } }>(SHOP);
      return data.shop.name;
    },
    async orderTagged(tag) {
      const data = await call<{ orders: { nodes: StoreOrder[] } }>(ORDER_TAGGED, { query: `tag:'${tag}'` });
      return data.orders.nodes[0] ?? null;
    },
    createOrder: (input) => createOrder(call, input),
    shipmentOf: (orderId) => shipmentOf(call, orderId),
  };
}

/** The orderCreate variables of a box: $0 and paid, one unit, no receipt or marketing, stock taken by Shopify. */
function orderVariables(input: StoreOrderInput) {
  return {
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
  };
}

async function createOrder(call: Call, input: StoreOrderInput): Promise<StoreOrder> {
  const data = await call<{
    orderCreate: {
      order: StoreOrder | null;
      userErrors: Array<{ field: string[] | null; message: string }>;
    } | null;
  }>(CREATE_ORDER, orderVariables(input));
  const payload = data.orderCreate;
  if (!payload?.order) {
    const first = payload?.userErrors[0];
    throw new ShopifyError(
      'failed',
      `The store refused the order: ${first?.message ?? 'no order was made'}.`,
    );
  }
  return payload.order;
}

async function shipmentOf(call: Call, orderId: string): Promise<StoreShipment | 'cancelled' | null> {
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
}
