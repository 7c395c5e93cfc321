import {
  connectedStoreSchema,
  fulfilmentOutcomesSchema,
  storeInputSchema,
  storeListSchema,
  storeOrderOutcomesSchema,
  storeOrdersInputSchema,
} from '../../shared/schemas/stores';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, jsonBody, refusals } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { storeAccess } from '../middleware/store-access';
import { readFulfilments } from '../services/stores/fulfilment';
import { createStoreOrders } from '../services/stores/orders';
import { connectStore, listStores } from '../services/stores/store-connection';
import { subscribeStoreWebhooks } from '../services/stores/store-webhooks';

const common = refusals({
  400: 'Bad input (or the store refused the token)',
  401: 'Not signed in',
  403: 'Not an admin',
  409: 'The brand already has a store',
});

const adminRoute = routeGroup({ tags: ['Admin'], refusals: common });

const routes = {
  list: adminRoute.get('/stores', {
    summary:
      'Connected Shopify stores with their state (revoked token, throttled, unreachable) and what to do',
    responses: { 200: answer('Stores', storeListSchema) },
  }),
  connect: adminRoute.post('/stores', {
    summary:
      "Connect a brand's Shopify store with its app's Admin API access token (checked by one read, sealed)",
    request: { body: jsonBody(storeInputSchema) },
    responses: { 201: answer('Connected', connectedStoreSchema) },
  }),
  orders: adminRoute.post('/store-orders', {
    summary: 'Create orders: a $0 store order per accepted application (one per application, safe to repeat)',
    request: { body: jsonBody(storeOrdersInputSchema) },
    responses: { 200: answer('What happened to each', storeOrderOutcomesSchema) },
  }),
  fulfilments: adminRoute.post('/store-fulfilments', {
    summary:
      "Read the store's fulfilments back: each fulfilled order marks its box shipped with carrier and tracking",
    request: { body: jsonBody(storeOrdersInputSchema) },
    responses: { 200: answer('What happened to each', fulfilmentOutcomesSchema) },
  }),
};

/** Admins (mounted under /admin): brands' Shopify stores, their orders and fulfilments (issue 37). */
export const adminStoreRoutes = createRouter()
  .openapi(routes.list, async (c) => c.json({ items: await listStores(c.get('services')) }, 200))
  .openapi(routes.connect, async (c) => {
    const access = storeAccess(c);
    const made = await connectStore(c.get('services'), access, c.req.valid('json'), adminActor(c));
    // Fulfilments and cancellations by webhook when the app's secret was given (else read back on demand).
    await subscribeStoreWebhooks(c.get('services'), access, made.id);
    return c.json(made, 201);
  })
  .openapi(routes.orders, async (c) =>
    c.json(
      {
        items: await createStoreOrders(c.get('services'), storeAccess(c), c.req.valid('json').ids),
      },
      200,
    ),
  )
  .openapi(routes.fulfilments, async (c) =>
    c.json(
      {
        items: await readFulfilments(c.get('services'), storeAccess(c), c.req.valid('json').ids),
      },
      200,
    ),
  );
