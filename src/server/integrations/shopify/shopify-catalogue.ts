import { type QueryCost, type ShopifyTransport, throttleWait } from './shopify-transport';

/**
 * A store's products and variants, read page by page (cursor) within the query cost limits: after each page the
 * bucket left (`extensions.cost.throttleStatus.currentlyAvailable`) is compared with what the next page costs, and
 * the reader waits for the restore rate to refill it before asking (https://shopify.dev/docs/api/usage/limits;
 * queries/products, objects/Product, objects/ProductVariant, "Paginating results with GraphQL").
 * 10 products of at most 50 variants a page keeps one page's cost well under the 1,000-point single query limit.
 */
export interface StoreVariant {
  id: string;
  title: string;
  sku: string | null;
  /** The variant's price in the shop's currency (a decimal string): the box's retail value. */
  price: string;
  imageUrl: string | null;
}

export interface StoreProduct {
  id: string;
  title: string;
  status: string;
  imageUrl: string | null;
  variants: StoreVariant[];
}

export interface CatalogueCalls {
  /** Every product of the store, every page; `onPage` hears each page (tests count them). */
  allProducts(onPage?: (page: number, cost: QueryCost | null) => void): Promise<StoreProduct[]>;
  /** These products (by GID), null for one deleted in the store. */
  productsById(ids: readonly string[]): Promise<Array<StoreProduct | null>>;
}

export const PRODUCTS_PER_PAGE = 10;

const PRODUCT_FIELDS = `id title status
  featuredMedia { preview { image { url } } }
  variants(first: 50) { nodes { id title sku price media(first: 1) { nodes { preview { image { url } } } } } }`;
const PRODUCTS = `query MintboxProducts($first: Int!, $after: String) {
  products(first: $first, after: $after, sortKey: TITLE) { pageInfo { hasNextPage endCursor } nodes { ${PRODUCT_FIELDS} } }
}`;
const PRODUCTS_BY_ID = `query MintboxProductsById($ids: [ID!]!) { nodes(ids: $ids) { ... on Product { ${PRODUCT_FIELDS} } } }`;

export const CATALOGUE_OPERATIONS = [PRODUCTS, PRODUCTS_BY_ID];

interface ProductNode {
  id?: string;
  title: string;
  status: string;
  featuredMedia: { preview: { image: { url: string } | null } | null } | null;
  variants: {
    nodes: Array<{
      id: string;
      title: string;
      sku: string | null;
      price: string;
      media: { nodes: Array<{ preview: { image: { url: string } | null } | null }> };
    }>;
  };
}

function toProduct(node: ProductNode): StoreProduct {
  return {
    id: node.id!,
    title: node.title,
    status: node.status,
    imageUrl: node.featuredMedia?.preview?.image?.url ?? null,
    variants: node.variants.nodes.map((v) => ({
      id: v.id,
      title: v.title,
      sku: v.sku,
      price: v.price,
      imageUrl: v.media.nodes[0]?.preview?.image?.url ?? null,
    })),
  };
}

export function catalogueCalls(transport: ShopifyTransport): CatalogueCalls {
  return {
    async allProducts(onPage) {
      const out: StoreProduct[] = [];
      let after: string | null = null;
      for (let page = 1; ; page++) {
        const {
          data,
          cost,
        }: {
          data: {
            products: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ProductNode[] };
          };
          cost: QueryCost | null;
        } = await transport.request(PRODUCTS, { first: PRODUCTS_PER_PAGE, after });
        onPage?.(page, cost);
        out.push(...data.products.nodes.map(toProduct));
        if (!data.products.pageInfo.hasNextPage || !data.products.pageInfo.endCursor) return out;
        after = data.products.pageInfo.endCursor;
        // The next page costs about what this one asked for: wait until the bucket holds it.
        const next = cost?.requestedQueryCost ?? 0;
        const left = cost?.throttleStatus?.currentlyAvailable;
        if (cost && left !== undefined && left < next) await transport.sleep(throttleWait({ cost }, next));
      }
    },
    async productsById(ids) {
      if (ids.length === 0) return [];
      const { data } = await transport.request<{ nodes: Array<ProductNode | null> }>(PRODUCTS_BY_ID, {
        ids: [...ids],
      });
      return data.nodes.map((node) => (node?.id ? toProduct(node) : null));
    },
  };
}
