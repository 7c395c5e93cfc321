import { z } from '@hono/zod-openapi';
import {
  storeCatalogueSchema,
  storeProductImportSchema,
  storeSyncResultSchema,
} from '../../shared/schemas/stores';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { adminOnlyRefusals, answer, json, jsonBody, refusals } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { storeAccess } from '../middleware/store-access';
import { importStoreProduct, storeCatalogue } from '../services/stores/catalogue';
import { resyncStore } from '../services/stores/sync';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const common = {
  ...adminOnlyRefusals,
  ...refusals({
    404: 'No such store, campaign or product',
    409: 'The campaign sends no box',
    503: 'The store failed (its state on the Stores page says what to do)',
  }),
};

const adminRoute = routeGroup({ tags: ['Admin'], refusals: common });

const routes = {
  catalogue: adminRoute.get('/stores/{id}/products', {
    summary: "The store's products and variants, read page by page within Shopify's query cost limits",
    request: { params: idParam },
    responses: { 200: answer('Products', storeCatalogueSchema) },
  }),
  sync: adminRoute.post('/stores/{id}/sync', {
    summary: 'Re-sync: imported variants brought up to date; one deleted in the store becomes unavailable',
    request: { params: idParam },
    responses: { 200: answer('What changed', storeSyncResultSchema) },
  }),
  import: adminRoute.post('/campaigns/{id}/store-products', {
    summary: 'Offer a store product on the campaign: its variants with SKU, retail value, image and store id',
    request: { params: idParam, body: jsonBody(storeProductImportSchema) },
    responses: { 201: { description: 'Imported', content: json(z.object({ id: z.number().int() })) } },
  }),
};

/** Admins (mounted under /admin): a store's catalogue, re-sync, and importing its products (issue 37). */
export const adminStoreCatalogueRoutes = createRouter()
  .openapi(routes.catalogue, async (c) => {
    const access = storeAccess(c);
    const items = await storeCatalogue(c.get('services'), access, c.req.valid('param').id);
    return c.json({ items }, 200);
  })
  .openapi(routes.sync, async (c) => {
    const access = storeAccess(c);
    return c.json(await resyncStore(c.get('services'), access, c.req.valid('param').id), 200);
  })
  .openapi(routes.import, async (c) => {
    const access = storeAccess(c);
    const made = await importStoreProduct(
      c.get('services'),
      access,
      c.req.valid('param').id,
      c.req.valid('json'),
      adminActor(c),
    );
    return c.json(made, 201);
  });
