import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { campaignProducts, productVariants } from '../../../db/schema/products';
import { stores } from '../../../db/schema/stores';
import { AppError } from '../../http/errors';
import type { StoreVariant } from '../../integrations/shopify/shopify-catalogue';
import { ShopifyError } from '../../integrations/shopify/shopify-client';
import { atInstant, type ServiceContext } from '../service-context';
import type { StoreAccess } from './store-access';
import { findStore, withStore } from './store-client';
import { noteStoreState } from './store-connection';

export interface SyncResult {
  storeId: number;
  products: number;
  updated: number;
  /** Variants offered on campaigns that the store no longer has: now unavailable, kept for past applications. */
  removed: number;
}

/**
 * Re-sync (on demand, and by the daily store-sync job): reads every product of the store (paged, within the cost
 * limits) and brings each imported variant up to date (SKU, retail value, image). A variant deleted in the store is
 * made unavailable in Mintbox (never deleted: the applications that chose it keep it) and the store shows
 * `product_deleted` with what to do until a re-sync finds nothing missing.
 */
export async function syncStore(
  services: ServiceContext,
  access: StoreAccess,
  storeId: number,
  { byAdmin = true }: { byAdmin?: boolean } = {},
): Promise<SyncResult> {
  const store = await findStore(services, storeId);
  if (!store) throw new AppError('NOT_FOUND', 'Store not found');
  const products = await withStore(services, access, store, (client) => client.allProducts(), {
    noteSuccess: false,
  });
  const inStore = new Map<string, StoreVariant>();
  for (const p of products) for (const v of p.variants) inStore.set(v.id, v);
  const ctx = atInstant(services);
  const offered = await ctx.db
    .select({
      id: productVariants.id,
      externalId: productVariants.externalId,
      available: productVariants.available,
    })
    .from(productVariants)
    .innerJoin(campaignProducts, eq(campaignProducts.id, productVariants.productId))
    .where(and(eq(campaignProducts.storeId, storeId), isNotNull(productVariants.externalId)));
  const gone = offered.filter((v) => !inStore.has(v.externalId!));
  const result = await ctx.db.transaction(async (tx) => {
    let updated = 0;
    for (const v of offered) {
      const found = inStore.get(v.externalId!);
      if (!found) continue;
      await tx
        .update(productVariants)
        .set({
          retailValue: Number(found.price).toFixed(2),
          ...(found.sku?.trim() ? { sku: found.sku.trim() } : {}),
          ...(found.imageUrl ? { imageUrl: found.imageUrl } : {}),
        })
        .where(eq(productVariants.id, v.id));
      updated += 1;
    }
    const removed = gone.filter((v) => v.available).map((v) => v.id);
    if (removed.length > 0) {
      await tx.update(productVariants).set({ available: false }).where(inArray(productVariants.id, removed));
    }
    await tx.update(stores).set({ syncedAt: ctx.now }).where(eq(stores.id, storeId));
    return { storeId, products: products.length, updated, removed: removed.length };
  });
  if (result.removed > 0) {
    const n = result.removed;
    await noteStoreState(
      services,
      storeId,
      'product_deleted',
      `${n} variant${n === 1 ? '' : 's'} offered on campaigns ${n === 1 ? 'was' : 'were'} deleted in the store.`,
    );
  } else if (byAdmin || store.state !== 'product_deleted') {
    // The admin's own re-sync clears the notice; the daily job leaves it for them to see.
    await noteStoreState(services, storeId, 'connected', null);
  }
  return result;
}

/** Re-sync from the Stores page: a store that fails answers 503 with what happened (its state says what to do). */
export async function resyncStore(services: ServiceContext, access: StoreAccess, storeId: number) {
  try {
    return await syncStore(services, access, storeId);
  } catch (error) {
    if (error instanceof ShopifyError) throw new AppError('UNAVAILABLE', error.message);
    throw error;
  }
}

/** The daily job: every store, one after another; a store that fails is noted on its Stores entry and skipped. */
export async function syncAllStores(services: ServiceContext, access: StoreAccess) {
  const all = await services.db.select({ id: stores.id }).from(stores);
  const out = { synced: 0, failed: 0, removed: 0 };
  for (const { id } of all) {
    try {
      const result = await syncStore(services, access, id, { byAdmin: false });
      out.synced += 1;
      out.removed += result.removed;
    } catch (error) {
      if (!(error instanceof ShopifyError)) throw error;
      out.failed += 1;
    }
  }
  return out;
}
