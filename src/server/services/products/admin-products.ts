import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction, Transaction } from '../../../db/client';
import { adminCampaignExists, lockCampaign } from '../../../db/queries/admin-campaigns';
import { invalidateCampaignCounts } from '../../../db/queries/campaign-count-cache';
import { findProduct, lockVariant, productsOf, variantsChosen } from '../../../db/queries/products';
import { campaignProducts, productVariants } from '../../../db/schema/products';
import { shipsBox } from '../../../shared/constants';
import type { ProductInput, VariantInput } from '../../../shared/schemas/products';
import { variantLabel } from '../../../shared/schemas/products';
import { AppError } from '../../http/errors';
import { found, outOfOrder } from '../applications/context';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { atInstant, type ServiceContext } from '../service-context';

/**
 * A change to products or stock in one transaction (at the use case's one instant), then the kept public answers
 * forgotten on every instance: the cards and the campaign page show the products and boxes left (issue 37;
 * public-answers.ts, channel `campaign-counts`).
 */
function changeBoxes<T>(
  services: ServiceContext,
  change: (tx: Transaction, now: Date) => Promise<T>,
): Promise<T> {
  const { db, now } = atInstant(services);
  return db.transaction((tx) => change(tx, now)).finally(() => invalidateCampaignCounts(db));
}

type VariantFields = Omit<VariantInput, 'retailValue' | 'imageUrl'> & {
  retailValue: string;
  imageUrl?: string | null | undefined;
};
type VariantPatch = Partial<VariantFields> & {
  available?: boolean | undefined;
  storeVariantId?: string | undefined;
};

/** The campaign (locked), 404 when missing, 409 when it sends no PR box. */
async function boxCampaign(tx: DatabaseOrTransaction, campaignId: number) {
  const campaign = await lockCampaign(tx, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign Not Found');
  if (!shipsBox(campaign.type)) outOfOrder('This campaign sends no PR box, so it offers no products.');
  return campaign;
}

type AuditFields = Record<string, string | number | boolean | null>;

/** One entry on the campaign: what the products or stock were before the change and what they are after. */
async function audit(
  tx: DatabaseOrTransaction,
  actor: AuditActor,
  campaignId: number,
  change: { before: AuditFields | null; after: AuditFields | null },
  at: Date,
) {
  await recordAdminAction(tx, actor, {
    action: 'campaign.products',
    entityType: 'campaign',
    entityId: campaignId,
    ...change,
    at,
  });
}

/** The admin's view of a campaign's products (404 for a campaign that does not exist). */
export async function campaignProductsForAdmin(services: ServiceContext, campaignId: number) {
  if (!(await adminCampaignExists(services.db, campaignId)))
    throw new AppError('NOT_FOUND', 'Campaign Not Found');
  return productsOf(services.db, campaignId);
}

/** Adds a product with its variants, after the campaign's last one. */
export async function addProduct(
  services: ServiceContext,
  campaignId: number,
  input: { name: string; variants: VariantFields[] },
  actor: AuditActor,
  source: { storeId: number; externalId: string; variantIds: string[] } | null = null,
) {
  return changeBoxes(services, async (tx, now) => {
    await boxCampaign(tx, campaignId);
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${campaignProducts.position}) + 1, 0)::int` })
      .from(campaignProducts)
      .where(eq(campaignProducts.campaignId, campaignId));
    const [product] = await tx
      .insert(campaignProducts)
      .values({
        campaignId,
        name: input.name,
        position: last?.n ?? 0,
        storeId: source?.storeId ?? null,
        externalId: source?.externalId ?? null,
        createdAt: now,
      })
      .returning();
    await tx.insert(productVariants).values(
      input.variants.map((v, i) => ({
        productId: product!.id,
        name: v.name,
        sku: v.sku,
        retailValue: v.retailValue,
        imageUrl: v.imageUrl ?? null,
        stock: v.stock,
        position: i,
        externalId: source?.variantIds[i] ?? v.storeVariantId ?? null,
        createdAt: now,
      })),
    );
    await audit(
      tx,
      actor,
      campaignId,
      { before: null, after: { product: input.name, variants: input.variants.length } },
      now,
    );
    return { id: product!.id };
  });
}

/** Renames a product. */
export async function renameProduct(
  services: ServiceContext,
  productId: number,
  name: string,
  actor: AuditActor,
) {
  return changeBoxes(services, async (tx, now) => {
    const product = found(await findProduct(tx, productId), 'Product not found');
    await tx.update(campaignProducts).set({ name }).where(eq(campaignProducts.id, productId));
    await audit(
      tx,
      actor,
      product.campaignId,
      { before: { product: product.name }, after: { product: name } },
      now,
    );
    return { id: productId };
  });
}

/** Deletes a product no creator chose (else 409: withdraw its options instead, the past keeps them). */
export async function deleteProduct(services: ServiceContext, productId: number, actor: AuditActor) {
  return changeBoxes(services, async (tx, now) => {
    const product = found(await findProduct(tx, productId), 'Product not found');
    await boxCampaign(tx, product.campaignId);
    const ids = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    if (
      await variantsChosen(
        tx,
        ids.map((r) => r.id),
      )
    ) {
      outOfOrder(`Creators chose ${product.name}: mark its options unavailable instead of deleting it.`);
    }
    await tx.delete(campaignProducts).where(eq(campaignProducts.id, productId));
    await audit(tx, actor, product.campaignId, { before: { product: product.name }, after: null }, now);
    return { id: productId };
  });
}

/** Adds a variant to a product. */
export async function addVariant(
  services: ServiceContext,
  productId: number,
  input: VariantFields,
  actor: AuditActor,
) {
  return changeBoxes(services, async (tx, now) => {
    const product = found(await findProduct(tx, productId), 'Product not found');
    await boxCampaign(tx, product.campaignId);
    const [row] = await tx
      .insert(productVariants)
      .values({
        productId,
        name: input.name,
        sku: input.sku,
        retailValue: input.retailValue,
        imageUrl: input.imageUrl ?? null,
        stock: input.stock,
        externalId: input.storeVariantId ?? null,
        position: sql`(select coalesce(max(position) + 1, 0) from product_variants where product_id = ${productId})`,
        createdAt: now,
      })
      .returning({ id: productVariants.id });
    await audit(
      tx,
      actor,
      product.campaignId,
      { before: null, after: { variant: variantLabel(product.name, input.name), stock: input.stock } },
      now,
    );
    return { id: row!.id };
  });
}

/** Changes a variant: its stock never below the boxes accepted creators hold (409 naming how many). */
export async function updateVariant(
  services: ServiceContext,
  variantId: number,
  patch: VariantPatch,
  actor: AuditActor,
) {
  return changeBoxes(services, async (tx, now) => {
    const { variant, product } = found(await lockVariant(tx, variantId), 'Variant not found');
    if (patch.stock !== undefined && patch.stock < variant.reserved) {
      outOfOrder(
        `${variantLabel(product.name, variant.name)} has ${variant.reserved} boxes held by accepted creators: its stock cannot go below ${variant.reserved}.`,
      );
    }
    const { storeVariantId, ...fields } = patch;
    const set: Record<string, unknown> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    if (storeVariantId !== undefined) set.externalId = storeVariantId;
    if (Object.keys(set).length > 0) {
      await tx.update(productVariants).set(set).where(eq(productVariants.id, variantId));
    }
    const label = variantLabel(product.name, variant.name);
    const was = variant as unknown as Record<string, AuditFields[string]>;
    await audit(
      tx,
      actor,
      product.campaignId,
      {
        before: { variant: label, ...Object.fromEntries(Object.keys(set).map((k) => [k, was[k] ?? null])) },
        after: { variant: label, ...(set as AuditFields) },
      },
      now,
    );
    return { id: variantId };
  });
}

/** Deletes a variant no creator chose (409 otherwise: mark it unavailable instead). */
export async function deleteVariant(services: ServiceContext, variantId: number, actor: AuditActor) {
  return changeBoxes(services, async (tx, now) => {
    const { variant, product } = found(await lockVariant(tx, variantId), 'Variant not found');
    const label = variantLabel(product.name, variant.name);
    if (await variantsChosen(tx, [variantId])) {
      outOfOrder(`Creators chose ${label}: mark it unavailable instead of deleting it.`);
    }
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(productVariants)
      .where(and(eq(productVariants.productId, product.id), sql`${productVariants.id} <> ${variantId}`));
    if ((others?.n ?? 0) === 0)
      outOfOrder(`${label} is the only option of ${product.name}: delete the product instead.`);
    await tx.delete(productVariants).where(eq(productVariants.id, variantId));
    await audit(tx, actor, product.campaignId, { before: { variant: label }, after: null }, now);
    return { id: variantId };
  });
}

export type { ProductInput };
