import type { Env } from '../../../config/env';
import { createShopifyClient, type ShopifyClient } from '../../integrations/shopify/shopify-client';
import { open, seal } from '../../secret-box';

const TOKEN_PURPOSE = 'shopify-access-token';

/** How the services reach brands' stores: the switch, the address override, and the key that seals tokens. */
export interface StoreAccess {
  ordersOnAccept: boolean;
  authSecret: string;
  clientFor: (shopDomain: string, accessToken: string) => ShopifyClient;
}

export function storeAccessFromEnv(
  env: Pick<Env, 'shopify' | 'authSecret'>,
  sleep?: (ms: number) => Promise<void>,
): StoreAccess {
  return {
    ordersOnAccept: env.shopify.ordersOnAccept,
    authSecret: env.authSecret,
    clientFor: (shopDomain, accessToken) =>
      createShopifyClient({
        shopDomain,
        accessToken,
        apiBase: env.shopify.apiBase,
        ...(sleep ? { sleep } : {}),
      }),
  };
}

export function sealToken(access: StoreAccess, token: string): string {
  return seal(access.authSecret, TOKEN_PURPOSE, token);
}

export function openToken(access: StoreAccess, sealed: string): string | null {
  return open(access.authSecret, TOKEN_PURPOSE, sealed);
}
