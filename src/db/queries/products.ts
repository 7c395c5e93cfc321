import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { groupedBy } from '../../shared/grouped';
import type { ChosenVariant, ProductView } from '../../shared/schemas/products';
import type { DatabaseOrTransaction } from '../client';
import { applicationChoices, campaignProducts, productVariants } from '../schema/products';
import { stores } from '../schema/stores';
import { readRow } from './first-row';

/** A campaign's products with their variants and boxes, in the admin's order. */
export async function productsOf(db: DatabaseOrTransaction, campaignId: number): Promise<ProductView[]> {
  const rows = await db
    .select({ product: campaignProducts, variant: productVariants, store: stores.shopName })
    .from(campaignProducts)
    .innerJoin(productVariants, eq(productVariants.productId, campaignProducts.id))
    .leftJoin(stores, eq(stores.id, campaignProducts.storeId))
    .where(eq(campaignProducts.campaignId, campaignId))
    .orderBy(
      asc(campaignProducts.position),
      asc(campaignProducts.id),
      asc(productVariants.position),
      asc(productVariants.id),
    );
  const products = new Map<number, ProductView>();
  for (const { product, variant, store } of rows) {
    let view = products.get(product.id);
    if (!view) {
      view = { id: product.id, name: product.name, store, variants: [], stock: 0, left: 0 };
      products.set(product.id, view);
    }
    const left = Math.max(variant.stock - variant.reserved, 0);
    view.variants.push({
      id: variant.id,
      name: variant.name,
      sku: variant.sku,
      retailValue: variant.retailValue,
      imageUrl: variant.imageUrl,
      stock: variant.stock,
      reserved: variant.reserved,
      left,
      available: variant.available,
      soldOut: left === 0,
    });
    view.stock += variant.stock;
    view.left += variant.available ? left : 0;
  }
  return [...products.values()];
}

/** How many products each campaign offers (0: none, the campaign's single product value stands). */
export async function productCount(db: DatabaseOrTransaction, campaignId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignProducts)
    .where(eq(campaignProducts.campaignId, campaignId));
  return row?.n ?? 0;
}

/** A product with its campaign id, or null. */
export async function findProduct(db: DatabaseOrTransaction, productId: number) {
  return readRow(db, campaignProducts, eq(campaignProducts.id, productId));
}

/** A variant with its product, locked for the change, or null. */
export async function lockVariant(tx: DatabaseOrTransaction, variantId: number) {
  const [row] = await tx
    .select({ variant: productVariants, product: campaignProducts })
    .from(productVariants)
    .innerJoin(campaignProducts, eq(campaignProducts.id, productVariants.productId))
    .where(eq(productVariants.id, variantId))
    .limit(1)
    .for('update', { of: productVariants });
  return row ?? null;
}

/** Whether any application chose one of these variants (then they are kept, only withdrawn from the offer). */
export async function variantsChosen(db: DatabaseOrTransaction, variantIds: number[]): Promise<boolean> {
  if (variantIds.length === 0) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(applicationChoices)
    .where(inArray(applicationChoices.variantId, variantIds))
    .limit(1);
  return row !== undefined;
}

/** The variants of a campaign by id, with their product (to check a creator's choice). */
export async function campaignVariants(db: DatabaseOrTransaction, campaignId: number) {
  return db
    .select({ variant: productVariants, product: campaignProducts })
    .from(productVariants)
    .innerJoin(campaignProducts, eq(campaignProducts.id, productVariants.productId))
    .where(eq(campaignProducts.campaignId, campaignId))
    .orderBy(asc(campaignProducts.position), asc(campaignProducts.id), asc(productVariants.id));
}

/** The choices of these applications, as shown: application id → its chosen variants in product order. */
export async function choicesOf(
  db: DatabaseOrTransaction,
  applicationIds: number[],
): Promise<Map<number, ChosenVariant[]>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({
      applicationId: applicationChoices.applicationId,
      productId: campaignProducts.id,
      product: campaignProducts.name,
      variantId: productVariants.id,
      variant: productVariants.name,
      sku: productVariants.sku,
    })
    .from(applicationChoices)
    .innerJoin(campaignProducts, eq(campaignProducts.id, applicationChoices.productId))
    .innerJoin(productVariants, eq(productVariants.id, applicationChoices.variantId))
    .where(inArray(applicationChoices.applicationId, applicationIds))
    .orderBy(asc(campaignProducts.position), asc(campaignProducts.id));
  return groupedBy(
    rows,
    (row) => row.applicationId,
    ({ applicationId: _, ...choice }) => choice,
  );
}

/**
 * Reserves one box of each variant the application chose and has not reserved yet, each by one conditional update
 * (no box left, or withdrawn: no row), in variant order. Answers the first variant that had none (the caller throws,
 * which rolls back the ones taken), or null when every box is held.
 */
export async function reserveChoices(tx: DatabaseOrTransaction, applicationId: number) {
  const pending = await tx
    .select({ variantId: applicationChoices.variantId, productId: applicationChoices.productId })
    .from(applicationChoices)
    .where(and(eq(applicationChoices.applicationId, applicationId), eq(applicationChoices.reserved, false)))
    .orderBy(asc(applicationChoices.variantId));
  for (const { variantId, productId } of pending) {
    const [taken] = await tx
      .update(productVariants)
      .set({ reserved: sql`${productVariants.reserved} + 1` })
      .where(
        and(
          eq(productVariants.id, variantId),
          eq(productVariants.available, true),
          sql`${productVariants.reserved} < ${productVariants.stock}`,
        ),
      )
      .returning({ id: productVariants.id });
    if (!taken) {
      const [named] = await tx
        .select({ product: campaignProducts.name, variant: productVariants.name })
        .from(productVariants)
        .innerJoin(campaignProducts, eq(campaignProducts.id, productVariants.productId))
        .where(eq(productVariants.id, variantId))
        .limit(1);
      return { variantId, product: named?.product ?? '', variant: named?.variant ?? '' };
    }
    await tx
      .update(applicationChoices)
      .set({ reserved: true })
      .where(
        and(eq(applicationChoices.applicationId, applicationId), eq(applicationChoices.productId, productId)),
      );
  }
  return null;
}

/** Gives back the boxes the application holds (it left `accepted` before its box shipped). */
export async function releaseChoices(tx: DatabaseOrTransaction, applicationId: number) {
  const held = await tx
    .update(applicationChoices)
    .set({ reserved: false })
    .where(and(eq(applicationChoices.applicationId, applicationId), eq(applicationChoices.reserved, true)))
    .returning({ variantId: applicationChoices.variantId });
  const ids = held.map((h) => h.variantId).sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx
    .update(productVariants)
    .set({ reserved: sql`${productVariants.reserved} - 1` })
    .where(inArray(productVariants.id, ids));
}

/** Replaces the application's choices (none reserved: the caller releases first and reserves after). */
export async function writeChoices(
  tx: DatabaseOrTransaction,
  applicationId: number,
  choices: Array<{ productId: number; variantId: number }>,
) {
  await tx.delete(applicationChoices).where(eq(applicationChoices.applicationId, applicationId));
  if (choices.length === 0) return;
  await tx.insert(applicationChoices).values(choices.map((c) => ({ applicationId, ...c, reserved: false })));
}

/** The first option the application chose that has no box left for it (none left, or withdrawn), or null. */
export async function soldOutChoice(db: DatabaseOrTransaction, applicationId: number) {
  const [row] = await db
    .select({ product: campaignProducts.name, variant: productVariants.name })
    .from(applicationChoices)
    .innerJoin(campaignProducts, eq(campaignProducts.id, applicationChoices.productId))
    .innerJoin(productVariants, eq(productVariants.id, applicationChoices.variantId))
    .where(
      and(
        eq(applicationChoices.applicationId, applicationId),
        eq(applicationChoices.reserved, false),
        sql`(${productVariants.reserved} >= ${productVariants.stock} or not ${productVariants.available})`,
      ),
    )
    .orderBy(asc(campaignProducts.position), asc(campaignProducts.id))
    .limit(1);
  return row ?? null;
}
