import { eq } from 'drizzle-orm';
import { stores } from '../../../db/schema/stores';
import { type ShopifyClient, ShopifyError } from '../../integrations/shopify/shopify-client';
import type { ServiceContext } from '../service-context';
import { openClientSecret, openToken, type StoreAccess, sealToken } from './store-access';
import { noteStoreState } from './store-connection';

type StoreRow = typeof stores.$inferSelect;

/** A granted token is renewed this long before it expires (decision 0040). */
const RENEW_BEFORE_MS = 10 * 60_000;

/** Asks the store for a new token with the app's client credentials, and keeps it sealed with its expiry. */
async function renewToken(services: ServiceContext, access: StoreAccess, store: StoreRow): Promise<string> {
  const secret = openClientSecret(access, store.clientSecretSealed);
  if (!store.clientId || !secret) {
    throw new ShopifyError('revoked', 'The saved client secret cannot be read: connect the store again.');
  }
  const granted = await access.grantToken(store.shopDomain, store.clientId, secret, services.now());
  await services.db
    .update(stores)
    .set({ tokenSealed: sealToken(access, granted.accessToken), tokenExpiresAt: granted.expiresAt })
    .where(eq(stores.id, store.id));
  return granted.accessToken;
}

/** The store's access token: the saved one, or a fresh grant when it is (nearly) expired. */
async function currentToken(services: ServiceContext, access: StoreAccess, store: StoreRow) {
  const expiring =
    store.clientId !== null &&
    (store.tokenExpiresAt === null ||
      store.tokenExpiresAt.getTime() - services.now().getTime() < RENEW_BEFORE_MS);
  if (expiring) return { token: await renewToken(services, access, store), fresh: true };
  const token = openToken(access, store.tokenSealed);
  if (!token)
    throw new ShopifyError('revoked', 'The saved access token cannot be read: connect the store again.');
  return { token, fresh: false };
}

/**
 * Runs `work` with the store's client: a token granted by client credentials is renewed before it expires, and once
 * more when the store refuses it (401); what happened is noted on the store for its Stores page (connected again
 * after a success, or the failure with what to do).
 */
export async function withStore<T>(
  services: ServiceContext,
  access: StoreAccess,
  store: StoreRow,
  work: (client: ShopifyClient) => Promise<T>,
  { noteSuccess = true }: { noteSuccess?: boolean } = {},
): Promise<T> {
  try {
    const { token, fresh } = await currentToken(services, access, store);
    let result: T;
    try {
      result = await work(access.clientFor(store.shopDomain, token));
    } catch (error) {
      const renewable = error instanceof ShopifyError && error.kind === 'revoked' && store.clientId && !fresh;
      if (!renewable) throw error;
      result = await work(access.clientFor(store.shopDomain, await renewToken(services, access, store)));
    }
    if (noteSuccess && store.state !== 'connected')
      await noteStoreState(services, store.id, 'connected', null);
    return result;
  } catch (error) {
    if (error instanceof ShopifyError) await noteStoreState(services, store.id, error.kind, error.message);
    throw error;
  }
}

export async function findStore(services: ServiceContext, storeId: number): Promise<StoreRow | null> {
  const [row] = await services.db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  return row ?? null;
}
