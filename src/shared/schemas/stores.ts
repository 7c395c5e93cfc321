import { z } from 'zod';

/** What the last call to a connected store found (the Stores page says what to do about each). */
export const STORE_STATES = ['connected', 'revoked', 'throttled', 'unreachable', 'failed'] as const;
export type StoreState = (typeof STORE_STATES)[number];
export const storeStateSchema = z.enum(STORE_STATES);

/** Connect a store: the brand it serves, its myshopify domain and the Admin API access token of the merchant's app. */
export const storeInputSchema = z.object({
  brand: z.string({ error: 'brand is required' }).trim().min(1, { error: 'brand is required' }).max(120),
  shopDomain: z
    .string({ error: 'shopDomain is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, {
      error: 'shopDomain must look like your-store.myshopify.com',
    }),
  accessToken: z
    .string({ error: 'accessToken is required' })
    .trim()
    .min(10, { error: 'accessToken must be the Admin API access token of your app' })
    .max(200, { error: 'accessToken must be the Admin API access token of your app' }),
});

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
