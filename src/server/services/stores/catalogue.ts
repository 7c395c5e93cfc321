import { AppError } from '../../http/errors';
import type { StoreProduct } from '../../integrations/shopify/shopify-catalogue';
import { ShopifyError } from '../../integrations/shopify/shopify-client';
import type { AuditActor } from '../audit-log';
import { addProduct } from '../products/admin-products';
import type { ServiceContext } from '../service-context';
import type { StoreAccess } from './store-access';
import { findStore, withStore } from './store-client';

/** A store's answer turned into the words the admin sees (the store's state is noted by withStore). */
function storeProblem(error: unknown): never {
  if (error instanceof ShopifyError) throw new AppError('UNAVAILABLE', error.message);
  throw error;
}

async function storeOr404(services: ServiceContext, storeId: number) {
  const store = await findStore(services, storeId);
  if (!store) throw new AppError('NOT_FOUND', 'Store not found');
  return store;
}

/**
 * The store's products and variants for the admin to pick from (every page, within the query cost limits: the
 * client waits for the bucket between pages). Archived products are left out.
 */
export async function storeCatalogue(services: ServiceContext, access: StoreAccess, storeId: number) {
  const store = await storeOr404(services, storeId);
  const products = await withStore(services, access, store, (client) => client.allProducts()).catch(
    storeProblem,
  );
  return products.filter((p) => p.status !== 'ARCHIVED');
}

/** A variant's SKU in Mintbox: the store's, or its id there when the merchant left it empty. */
const skuOf = (v: StoreProduct['variants'][number]) => v.sku?.trim() || `SHOPIFY-${v.id.split('/').pop()}`;

/**
 * Offers a store product on a campaign: the product and its variants as they are in the store now (name, SKU,
 * price as the retail value, image, the variant's id there for orders), `stock` boxes per variant. One product per
 * call, in one transaction (addProduct).
 */
export async function importStoreProduct(
  services: ServiceContext,
  access: StoreAccess,
  campaignId: number,
  input: { storeId: number; productId: string; stock: number },
  actor: AuditActor,
) {
  const store = await storeOr404(services, input.storeId);
  const [product] = await withStore(services, access, store, (client) =>
    client.productsById([input.productId]),
  ).catch(storeProblem);
  if (!product) {
    throw new AppError('NOT_FOUND', 'This product no longer exists in the store: re-sync and pick another.');
  }
  if (product.variants.length === 0)
    throw new AppError('BAD_REQUEST', 'This product has no variants to offer.');
  return addProduct(
    services,
    campaignId,
    {
      name: product.title,
      variants: product.variants.map((v) => ({
        name: v.title === 'Default Title' ? product.title : v.title,
        sku: skuOf(v),
        retailValue: Number(v.price).toFixed(2),
        imageUrl: v.imageUrl ?? product.imageUrl,
        stock: input.stock,
      })),
    },
    actor,
    { storeId: store.id, externalId: product.id, variantIds: product.variants.map((v) => v.id) },
  );
}
