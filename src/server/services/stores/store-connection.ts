import { asc, eq } from 'drizzle-orm';
import { stores } from '../../../db/schema/stores';
import type { StoreInput, StoreState } from '../../../shared/schemas/stores';
import { AppError } from '../../http/errors';
import { ShopifyError } from '../../integrations/shopify/shopify-client';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { atInstant, type ServiceContext } from '../service-context';
import { type StoreAccess, sealClientSecret, sealToken } from './store-access';

/** What to do about each state, on the Stores page. */
export const STORE_STATE_ADVICE: Record<StoreState, string> = {
  connected: 'Connected.',
  revoked:
    "The store refused the access token. In Shopify, open the app's API credentials, reveal or rotate the Admin API access token, and connect the store again. Manual shipping keeps working.",
  throttled: 'Shopify is limiting calls right now. Mintbox waits and tries again; nothing to do.',
  unreachable:
    'The store did not answer. Mintbox tries again with "Create orders"; manual shipping keeps working.',
  failed:
    'The store refused a call (see the message). Check the product in Shopify, then use "Create orders" again.',
  product_deleted:
    'A product or variant offered on a campaign was deleted in the store: creators can no longer choose it (past applications keep it). Offer another product, then Re-sync to clear this.',
};

/** How a store is reached: the access token of a legacy custom app, or a Dev Dashboard app's client credentials. */
async function checkAccess(access: StoreAccess, input: StoreInput, now: Date) {
  if (input.clientId && input.clientSecret) {
    const granted = await access.grantToken(input.shopDomain, input.clientId, input.clientSecret, now);
    const shopName = await access.clientFor(input.shopDomain, granted.accessToken).shopName();
    return { shopName, token: granted.accessToken, expiresAt: granted.expiresAt as Date | null };
  }
  const token = input.accessToken ?? '';
  const shopName = await access.clientFor(input.shopDomain, token).shopName();
  return { shopName, token, expiresAt: null };
}

/**
 * Connects a brand's store with the Admin API access token of the merchant's own app (decision 0032): one read
 * (the shop's name) checks it before anything is saved; the token is sealed at rest. One store per brand.
 */
export async function connectStore(
  services: ServiceContext,
  access: StoreAccess,
  input: StoreInput,
  actor: AuditActor,
) {
  const ctx = atInstant(services);
  let checked: Awaited<ReturnType<typeof checkAccess>>;
  const byClient = Boolean(input.clientId && input.clientSecret);
  try {
    checked = await checkAccess(access, input, ctx.now);
  } catch (error) {
    if (error instanceof ShopifyError) {
      throw new AppError(
        'BAD_REQUEST',
        error.kind !== 'revoked'
          ? `The store could not be checked: ${error.message}`
          : byClient
            ? "Shopify refused this client ID and secret: copy them from your app's Settings in the Dev Dashboard, and install the app on the store."
            : 'Shopify refused this access token: copy the Admin API access token of your app again.',
        {},
        undefined,
        byClient ? 'clientSecret' : 'accessToken',
      );
    }
    throw error;
  }
  const { shopName } = checked;
  return ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.brand, input.brand))
      .limit(1);
    if (taken)
      throw new AppError('CONFLICT', `${input.brand} already has a connected store: disconnect it first.`);
    const [row] = await tx
      .insert(stores)
      .values({
        brand: input.brand,
        shopDomain: input.shopDomain,
        shopName,
        tokenSealed: sealToken(access, checked.token),
        tokenExpiresAt: checked.expiresAt,
        clientId: input.clientId ?? null,
        clientSecretSealed: input.clientSecret ? sealClientSecret(access, input.clientSecret) : null,
        state: 'connected',
        checkedAt: ctx.now,
        createdAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: stores.id });
    if (!row) throw new AppError('CONFLICT', `${input.shopDomain} is already connected.`);
    await recordAdminAction(tx, actor, {
      action: 'store.connect',
      entityType: 'store',
      entityId: row.id,
      before: null,
      after: { brand: input.brand, shopDomain: input.shopDomain, shopName },
      at: ctx.now,
    });
    return { id: row.id, shopName };
  });
}

/** The connected stores with their state and what to do about it (never the token). */
export async function listStores(services: ServiceContext) {
  const rows = await services.db.select().from(stores).orderBy(asc(stores.brand));
  return rows.map((s) => ({
    id: s.id,
    brand: s.brand,
    shopDomain: s.shopDomain,
    shopName: s.shopName,
    state: s.state,
    stateMessage: s.stateMessage,
    advice: STORE_STATE_ADVICE[s.state],
    checkedAt: s.checkedAt?.toISOString() ?? null,
    syncedAt: s.syncedAt?.toISOString() ?? null,
    access: s.clientId ? ('client_credentials' as const) : ('access_token' as const),
    webhooks: s.webhooksAt !== null,
  }));
}

/** Records what the last call found (the Stores page shows it). */
export async function noteStoreState(
  services: ServiceContext,
  storeId: number,
  state: StoreState,
  message: string | null,
) {
  await services.db
    .update(stores)
    .set({ state, stateMessage: message, checkedAt: services.now() })
    .where(eq(stores.id, storeId));
}
