import { z } from 'zod';
import { filledText } from './text-field';

/** What the last call to a connected store found (the Stores page says what to do about each). */
export const STORE_STATES = [
  'connected',
  'revoked',
  'throttled',
  'unreachable',
  'failed',
  'product_deleted',
] as const;
export type StoreState = (typeof STORE_STATES)[number];
export const storeStateSchema = z.enum(STORE_STATES);

/** Connect a store: the brand it serves, its myshopify domain and the Admin API access token of the merchant's app. */
export const storeInputSchema = z
  .object({
    brand: filledText({ missing: 'brand is required', max: 120 }),
    shopDomain: z
      .string({ error: 'shopDomain is required' })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, {
        error: 'shopDomain must look like your-store.myshopify.com',
      }),
    accessToken: filledText({
      missing: 'accessToken must be the Admin API access token of your app',
      notText: 'accessToken must be text',
      min: 10,
      max: 200,
      tooLong: 'accessToken must be the Admin API access token of your app',
    }).optional(),
    /**
     * A Dev Dashboard app (decision 0040): its client ID and secret (the token is asked for with the client credentials
     * grant and renewed before it expires). The secret also verifies the store's webhooks; with an access token, give
     * the app's API secret too so fulfilments arrive by webhook.
     */
    clientId: z
      .string()
      .trim()
      .min(8, { error: 'clientId must be the Client ID of your app' })
      .max(200)
      .optional(),
    clientSecret: z
      .string()
      .trim()
      .min(8, { error: 'clientSecret must be the Client secret of your app' })
      .max(200, { error: 'clientSecret must be the Client secret of your app' })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.accessToken && !(value.clientId && value.clientSecret)) {
      ctx.addIssue({
        code: 'custom',
        path: ['clientSecret'],
        message: "Give the app's Client ID and Client secret (Dev Dashboard), or an Admin API access token",
      });
    }
  });
export type StoreInput = z.output<typeof storeInputSchema>;

export const storeSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  shopDomain: z.string(),
  shopName: z.string(),
  state: storeStateSchema,
  stateMessage: z.string().nullable(),
  /** What to do about the state, in words. */
  advice: z.string(),
  checkedAt: z.string().nullable(),
  /** The last re-sync of the store's products (on demand or by the daily job). */
  syncedAt: z.string().nullable(),
  access: z.enum(['access_token', 'client_credentials']),
  /** Whether the fulfilment and cancellation webhooks are subscribed. */
  webhooks: z.boolean(),
});
export const storeListSchema = z.object({ items: z.array(storeSchema) });
export const connectedStoreSchema = z.object({ id: z.number().int(), shopName: z.string() });

export const storeOrdersInputSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of application ids' })
    .min(1, { error: 'ids must name at least one application' })
    .max(200, { error: 'ids can name at most 200 applications' }),
});

export const storeOrderOutcomeSchema = z.object({
  applicationId: z.number().int(),
  /** created, already (one existed), manual (no store variant or address), busy (another attempt holds it), failed. */
  result: z.enum(['created', 'already', 'manual', 'busy', 'failed']),
  orderName: z.string().optional(),
  error: z.string().optional(),
});
export const storeOrderOutcomesSchema = z.object({ items: z.array(storeOrderOutcomeSchema) });

export const fulfilmentOutcomeSchema = z.object({
  applicationId: z.number().int(),
  result: z.enum(['shipped', 'unfulfilled', 'cancelled', 'failed']),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  error: z.string().optional(),
});
export const fulfilmentOutcomesSchema = z.object({ items: z.array(fulfilmentOutcomeSchema) });

/** A store's product as the admin picks it (Settings › Stores, the campaign's product editor). */
export const storeCatalogueSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      imageUrl: z.string().nullable(),
      variants: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          sku: z.string().nullable(),
          price: z.string(),
          imageUrl: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type StoreCatalogue = z.infer<typeof storeCatalogueSchema>;

/** Offer a store product on a campaign: which store, which product (its Shopify id), boxes per variant. */
export const storeProductImportSchema = z.object({
  storeId: z.number({ error: 'storeId is required' }).int().positive(),
  productId: z
    .string({ error: 'productId is required' })
    .regex(/^gid:\/\/shopify\/Product\/\d+$/, { error: 'productId must be a Shopify product id' }),
  stock: z
    .number({ error: 'stock must be a number of boxes' })
    .int({ error: 'stock must be a whole number of boxes' })
    .min(0, { error: 'stock cannot be negative' })
    .max(100_000, { error: 'stock can be at most 100,000 boxes' }),
});

export const storeSyncResultSchema = z.object({
  storeId: z.number().int(),
  products: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
});
