import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { STORE_STATES, type StoreState } from '../../shared/schemas/stores';
import { applicationIdRef } from './applications';
import { createdAndUpdated, foreignId, identityId, isOneOf, ts } from './columns';

/**
 * A brand's connected Shopify store (issue 37, decision 0032): its myshopify domain and the Admin API access token of
 * the merchant's own app, sealed at rest (secret-box). `state` is what the last call found, shown on the Stores page.
 */
export const stores = pgTable(
  'stores',
  {
    id: identityId(),
    brand: text('brand').notNull(),
    shopDomain: text('shop_domain').notNull(),
    shopName: text('shop_name').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    state: text('state').$type<StoreState>().notNull().default('connected'),
    stateMessage: text('state_message'),
    checkedAt: ts('checked_at'),
    syncedAt: ts('synced_at'),
    /**
     * A Dev Dashboard app's client credentials (decision 0040): the id, and the secret sealed at rest. The secret
     * verifies the store's webhooks (X-Shopify-Hmac-Sha256) and, with the id, renews the access token (the client
     * credentials grant gives tokens that expire after about 24 hours, `tokenExpiresAt`). Null for a token-only store.
     */
    clientId: text('client_id'),
    clientSecretSealed: text('client_secret_sealed'),
    tokenExpiresAt: ts('token_expires_at'),
    /** When the fulfilment and cancellation webhooks were subscribed (null: not yet, or it failed). */
    webhooksAt: ts('webhooks_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stores_shop_domain_idx').on(t.shopDomain),
    uniqueIndex('stores_brand_idx').on(t.brand),
    check('stores_state_check', isOneOf(t.state, STORE_STATES)),
  ],
);

/**
 * The store order of an application's box: one row per application (its primary key), claimed before the store is
 * called, so retries, crashes and several instances make exactly one order (services/stores/orders.ts).
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    applicationId: applicationIdRef('cascade').primaryKey(),
    storeId: foreignId('store_id', () => stores.id, 'cascade'),
    state: text('state').$type<'pending' | 'created' | 'failed' | 'cancelled'>().notNull().default('pending'),
    orderId: text('order_id'),
    orderName: text('order_name'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: ts('claimed_at'),
    ...createdAndUpdated(),
  },
  (t) => [
    index('store_orders_store_idx').on(t.storeId, t.state),
    uniqueIndex('store_orders_order_idx').on(t.orderId),
    check('store_orders_state_check', sql`${t.state} in ('pending','created','failed','cancelled')`),
  ],
);

/**
 * Webhook deliveries kept by Shopify's `X-Shopify-Webhook-Id` (a repeat is kept, and so applied, once): verified and
 * kept by the webhook route, applied right after the answer and by the store-webhooks job (services/stores/webhooks.ts).
 */
export const storeWebhookEvents = pgTable(
  'store_webhook_events',
  {
    webhookId: text('webhook_id').primaryKey(),
    topic: text('topic').notNull(),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    appliedAt: ts('applied_at'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('store_webhook_events_pending_idx').on(t.receivedAt).where(sql`${t.appliedAt} is null`)],
);
