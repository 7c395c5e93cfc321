import { campaignIdParamSchema } from '../../shared/schemas/campaign';
import { idParamSchema } from '../../shared/schemas/id-param';
import {
  choiceRequestResultSchema,
  packingSummarySchema,
  productInputSchema,
  productListSchema,
  productPatchSchema,
  variantInputSchema,
  variantPatchSchema,
} from '../../shared/schemas/products';
import { idResultSchema } from '../../shared/schemas/results';
import { createRouter } from '../http/openapi';
import { keptResponses, sendReadyAnswer } from '../http/ready-answer';
import { routeGroup } from '../http/route-group';
import { adminOnlyRefusals, answer, jsonBody, refusals } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { publicCampaignProducts } from '../services/catalogue-products';
import {
  addProduct,
  addVariant,
  campaignProductsForAdmin,
  deleteProduct,
  deleteVariant,
  renameProduct,
  updateVariant,
} from '../services/products/admin-products';
import { askForAnotherChoice } from '../services/products/choice-request';
import { keptPackingSummary } from '../services/products/packing';

const common = {
  ...adminOnlyRefusals,
  ...refusals({
    404: 'Not found',
    409: 'Not allowed now (boxes held, chosen by creators, no PR box)',
  }),
};
const done = { 200: answer('Done', idResultSchema) };

const shippingRoute = routeGroup({ tags: ['Admin shipping'], refusals: common });
const adminRoute = routeGroup({ tags: ['Admin'], refusals: common });
const publicRoute = routeGroup({ tags: ['Campaigns'], refusals: common });

const routes = {
  packing: shippingRoute.get('/campaigns/{id}/packing', {
    summary:
      'The packing summary per SKU: boxes to pack for accepted creators ("Serum · Shade 02 × 14") and boxes shipped',
    request: { params: campaignIdParamSchema },
    responses: keptResponses('Per variant', packingSummarySchema),
  }),
  askChoice: adminRoute.post('/applications/{id}/choice-request', {
    summary:
      'Ask the creator for another option (their choice sold out): a notification and a mail with a link to change it',
    request: { params: idParamSchema },
    responses: { 200: answer('Asked', choiceRequestResultSchema) },
  }),
  publicList: publicRoute.get('/campaigns/{id}/products', {
    summary:
      'A public campaign\'s products, each variant with its boxes left ("12 of 40 left") and whether sold out',
    request: { params: campaignIdParamSchema },
    responses: { 200: answer('Products', productListSchema) },
  }),
  list: adminRoute.get('/campaigns/{id}/products', {
    summary: "A campaign's products with each variant's SKU, retail value, stock, boxes held and left",
    request: { params: campaignIdParamSchema },
    responses: { 200: answer('Products', productListSchema) },
  }),
  add: adminRoute.post('/campaigns/{id}/products', {
    summary: 'Add a product with its variants (name, SKU, retail value, image, boxes)',
    request: { params: campaignIdParamSchema, body: jsonBody(productInputSchema) },
    responses: { 201: answer('Added', idResultSchema) },
  }),
  rename: adminRoute.patch('/products/{id}', {
    summary: 'Rename a product',
    request: { params: idParamSchema, body: jsonBody(productPatchSchema) },
    responses: done,
  }),
  remove: adminRoute.delete('/products/{id}', {
    summary: 'Delete a product no creator chose',
    request: { params: idParamSchema },
    responses: done,
  }),
  addVariant: adminRoute.post('/products/{id}/variants', {
    summary: 'Add a variant to a product',
    request: { params: idParamSchema, body: jsonBody(variantInputSchema) },
    responses: { 201: answer('Added', idResultSchema) },
  }),
  updateVariant: adminRoute.patch('/variants/{id}', {
    summary:
      'Change a variant (stock never below the boxes accepted creators hold; unavailable withdraws it)',
    request: { params: idParamSchema, body: jsonBody(variantPatchSchema) },
    responses: done,
  }),
  removeVariant: adminRoute.delete('/variants/{id}', {
    summary: 'Delete a variant no creator chose',
    request: { params: idParamSchema },
    responses: done,
  }),
};

/** Anyone: a public campaign's products (the campaign page, the apply form). */
export const campaignProductRoutes = createRouter().openapi(routes.publicList, async (c) =>
  c.json({ items: await publicCampaignProducts(c.get('services'), c.req.valid('param').id) }, 200),
);

/** Admins (mounted under /admin): products, variants and stock of a campaign. */
export const adminProductRoutes = createRouter()
  .openapi(routes.packing, async (c) =>
    sendReadyAnswer(c, await keptPackingSummary(c.get('services'), c.req.valid('param').id)),
  )
  .openapi(routes.list, async (c) =>
    c.json({ items: await campaignProductsForAdmin(c.get('services'), c.req.valid('param').id) }, 200),
  )
  .openapi(routes.add, async (c) =>
    c.json(
      await addProduct(c.get('services'), c.req.valid('param').id, c.req.valid('json'), adminActor(c)),
      201,
    ),
  )
  .openapi(routes.rename, async (c) =>
    c.json(
      await renameProduct(
        c.get('services'),
        c.req.valid('param').id,
        c.req.valid('json').name,
        adminActor(c),
      ),
      200,
    ),
  )
  .openapi(routes.remove, async (c) =>
    c.json(await deleteProduct(c.get('services'), c.req.valid('param').id, adminActor(c)), 200),
  )
  .openapi(routes.addVariant, async (c) =>
    c.json(
      await addVariant(c.get('services'), c.req.valid('param').id, c.req.valid('json'), adminActor(c)),
      201,
    ),
  )
  .openapi(routes.updateVariant, async (c) =>
    c.json(
      await updateVariant(c.get('services'), c.req.valid('param').id, c.req.valid('json'), adminActor(c)),
      200,
    ),
  )
  .openapi(routes.removeVariant, async (c) =>
    c.json(await deleteVariant(c.get('services'), c.req.valid('param').id, adminActor(c)), 200),
  )
  .openapi(routes.askChoice, async (c) =>
    c.json(await askForAnotherChoice(c.get('services'), c.req.valid('param').id, adminActor(c)), 200),
  );
