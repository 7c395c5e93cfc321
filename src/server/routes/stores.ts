import { createRoute } from '@hono/zod-openapi';
import {
  connectedStoreSchema,
  fulfilmentOutcomesSchema,
  storeInputSchema,
  storeListSchema,
  storeOrderOutcomesSchema,
  storeOrdersInputSchema,
} from '../../shared/schemas/stores';
import { createRouter } from '../http/openapi';
import { json, refusal } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { readFulfilments } from '../services/stores/fulfilment';
import { createStoreOrders } from '../services/stores/orders';
import { storeAccessFromEnv } from '../services/stores/store-access';
import { connectStore, listStores } from '../services/stores/store-connection';
import { subscribeStoreWebhooks } from '../services/stores/store-webhooks';

const common = {
  400: refusal('Bad input (or the store refused the token)'),
  401: refusal('Not signed in'),
  403: refusal('Not an admin'),
  409: refusal('The brand already has a store'),
};

const routes = {
  list: createRoute({
    method: 'get',
    path: '/stores',
    tags: ['Admin'],
    summary:
      'Connected Shopify stores with their state (revoked token, throttled, unreachable) and what to do',
    responses: { 200: { description: 'Stores', content: json(storeListSchema) }, ...common },
  }),
  connect: createRoute({
    method: 'post',
    path: '/stores',
    tags: ['Admin'],
    summary:
      "Connect a brand's Shopify store with its app's Admin API access token (checked by one read, sealed)",
    request: { body: { content: json(storeInputSchema), required: true } },
    responses: { 201: { description: 'Connected', content: json(connectedStoreSchema) }, ...common },
  }),
  orders: createRoute({
    method: 'post',
    path: '/store-orders',
    tags: ['Admin'],
    summary: 'Create orders: a $0 store order per accepted application (one per application, safe to repeat)',
    request: { body: { content: json(storeOrdersInputSchema), required: true } },
    responses: {
      200: { description: 'What happened to each', content: json(storeOrderOutcomesSchema) },
      ...common,
    },
  }),
  fulfilments: createRoute({
    method: 'post',
    path: '/store-fulfilments',
    tags: ['Admin'],
    summary:
      "Read the store's fulfilments back: each fulfilled order marks its box shipped with carrier and tracking",
    request: { body: { content: json(storeOrdersInputSchema), required: true } },
    responses: {
      200: { description: 'What happened to each', content: json(fulfilmentOutcomesSchema) },
      ...common,
    },
  }),
};

/** Admins (mounted under /admin): brands' Shopify stores, their orders and fulfilments (issue 37). */
export const adminStoreRoutes = createRouter()
  .openapi(routes.list, async (c) => c.json({ items: await listStores(c.get('services')) }, 200))
  .openapi(routes.connect, async (c) => {
    const access = storeAccessFromEnv(c.get('deps').env);
    const made = await connectStore(c.get('services'), access, c.req.valid('json'), adminActor(c));
    // Fulfilments and cancellations by webhook when the app's secret was given (else read back on demand).
    await subscribeStoreWebhooks(c.get('services'), access, made.id);
    return c.json(made, 201);
  })
  .openapi(routes.orders, async (c) =>
    c.json(
      {
        items: await createStoreOrders(
          c.get('services'),
          storeAccessFromEnv(c.get('deps').env),
          c.req.valid('json').ids,
        ),
      },
      200,
    ),
  )
  .openapi(routes.fulfilments, async (c) =>
    c.json(
      {
        items: await readFulfilments(
          c.get('services'),
          storeAccessFromEnv(c.get('deps').env),
          c.req.valid('json').ids,
        ),
      },
      200,
    ),
  );
