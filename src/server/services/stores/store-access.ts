import type { Env } from '../../../config/env';
import { open, seal } from '../../auth/secret-box';
import { createShopifyClient, type ShopifyClient } from '../../integrations/shopify/shopify-client';
import {
  type GrantedToken,
  requestClientCredentialsToken,
  SHOPIFY_SECRET_PURPOSE,
  SHOPIFY_TOKEN_PURPOSE,
} from '../../integrations/shopify/shopify-token';

const TOKEN_PURPOSE = SHOPIFY_TOKEN_PURPOSE;
const SECRET_PURPOSE = SHOPIFY_SECRET_PURPOSE;

/** How the services reach brands' stores: the switch, the address override, and the key that seals tokens. */
export interface StoreAccess {
  ordersOnAccept: boolean;
  authSecret: string;
  clientFor: (shopDomain: string, accessToken: string) => ShopifyClient;
  /** A token by the client credentials grant of a Dev Dashboard app (decision 0040). */
  grantToken: (
    shopDomain: string,
    clientId: string,
    clientSecret: string,
    now: Date,
  ) => Promise<GrantedToken>;
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
    grantToken: (shopDomain, clientId, clientSecret, now) =>
      requestClientCredentialsToken({
        shopDomain,
        clientId,
        clientSecret,
        apiBase: env.shopify.apiBase,
        now,
      }),
  };
}

export function sealToken(access: StoreAccess, token: string): string {
  return seal(access.authSecret, TOKEN_PURPOSE, token);
}

export function openToken(access: StoreAccess, sealed: string): string | null {
  return open(access.authSecret, TOKEN_PURPOSE, sealed);
}

export function sealClientSecret(access: StoreAccess, secret: string): string {
  return seal(access.authSecret, SECRET_PURPOSE, secret);
}

export function openClientSecret(access: StoreAccess, sealed: string | null): string | null {
  return sealed ? open(access.authSecret, SECRET_PURPOSE, sealed) : null;
}
