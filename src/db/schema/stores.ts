import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoreState } from '../../shared/schemas/stores';
import { applications } from './applications';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * A brand's connected Shopify store (issue 37, decision 0032): its myshopify domain and the Admin API access token of
 * the merchant's own app, sealed at rest (secret-box). `state` is what the last call found, shown on the Stores page.
 */
export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brand: text('brand').notNull(),
    shopDomain: text('shop_domain').notNull(),
    shopName: text('shop_name').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    state: text('state').$type<StoreState>().notNull().default('connected'),
    stateMessage: text('state_message'),
    checkedAt: ts('checked_at'),
    syncedAt: ts('synced_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stores_shop_domain_idx').on(t.shopDomain),
    uniqueIndex('stores_brand_idx').on(t.brand),
    check(
      'stores_state_check',
      sql`${t.state} in ('connected','revoked','throttled','unreachable','failed')`,
    ),
  ],
);

/**
 * The store order of an application's box: one row per application (its primary key), claimed before the store is
 * called, so retries, crashes and several instances make exactly one order (services/stores/orders.ts).
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    applicationId: integer('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    state: text('state').$type<'pending' | 'created' | 'failed' | 'cancelled'>().notNull().default('pending'),
    orderId: text('order_id'),
    orderName: text('order_name'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: ts('claimed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('store_orders_store_idx').on(t.storeId, t.state),
    uniqueIndex('store_orders_order_idx').on(t.orderId),
    check('store_orders_state_check', sql`${t.state} in ('pending','created','failed','cancelled')`),
  ],
);

/** Webhook deliveries already applied, by Shopify's `X-Shopify-Webhook-Id` (a repeat is applied once). */
export const storeWebhookEvents = pgTable('store_webhook_events', {
  webhookId: text('webhook_id').primaryKey(),
  topic: text('topic').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});
