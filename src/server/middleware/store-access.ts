import type { Context } from 'hono';
import type { AppBindings } from '../http/context';
import { type StoreAccess, storeAccessFromEnv } from '../services/stores/store-access';

/** How this request's services reach brands' Shopify stores: the server's SHOPIFY_* settings (issue 37). */
export function storeAccess(c: Context<AppBindings>): StoreAccess {
  return storeAccessFromEnv(c.get('deps').env);
}
