import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { applicationIdRef } from './applications';
import { campaignIdRef } from './campaigns';
import { foreignId, identityId, ts } from './columns';
import { stores } from './stores';

/** A product a campaign's PR box offers (issue 37). A campaign with none keeps its single product value. */
export const campaignProducts = pgTable(
  'campaign_products',
  {
    id: identityId(),
    campaignId: campaignIdRef('cascade'),
    name: text('name').notNull(),
    /** The store it was imported from and its id there (a Shopify Product GID); null when entered by hand. */
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('campaign_products_campaign_idx').on(t.campaignId, t.position, t.id)],
);

/**
 * One variant of a product (a shade, a size) with its boxes: `stock` boxes in all, `reserved` of them held by accepted
 * applications (shipped ones included). Boxes left = stock - reserved; the check keeps it never below zero, and every
 * reservation is one conditional update (`reserveVariant` in db/queries/products.ts), so no two accepts take the last box.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: identityId(),
    productId: foreignId('product_id', () => campaignProducts.id, 'cascade'),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    /** Retail value of one unit in US dollars. */
    retailValue: numeric('retail_value', { precision: 12, scale: 2 }).notNull(),
    imageUrl: text('image_url'),
    stock: integer('stock').notNull(),
    reserved: integer('reserved').notNull().default(0),
    /** False once withdrawn from the offer (or deleted in the store): shown, never chosen again, kept for the past. */
    available: boolean('available').notNull().default(true),
    /** The variant's id in the connected store (a Shopify ProductVariant GID), when imported. */
    externalId: text('external_id'),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position, t.id),
    check('product_variants_stock_check', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.stock}`),
    check('product_variants_value_check', sql`${t.retailValue} >= 0`),
  ],
);

/** The variant a creator chose of each product of the campaign; `reserved` once acceptance holds its box. */
export const applicationChoices = pgTable(
  'application_choices',
  {
    applicationId: applicationIdRef('cascade'),
    productId: foreignId('product_id', () => campaignProducts.id, 'restrict'),
    variantId: foreignId('variant_id', () => productVariants.id, 'restrict'),
    reserved: boolean('reserved').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.productId] }),
    index('application_choices_variant_idx').on(t.variantId),
  ],
);

export type CampaignProductRow = typeof campaignProducts.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
