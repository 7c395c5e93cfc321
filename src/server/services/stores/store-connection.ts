import { asc, eq } from 'drizzle-orm';
import { stores } from '../../../db/schema/stores';
import type { StoreState } from '../../../shared/schemas/stores';
import { AppError } from '../../errors';
import { ShopifyError } from '../../integrations/shopify/shopify-client';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { atInstant, type ServiceContext } from '../service-context';
import { type StoreAccess, sealToken } from './store-access';

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
};

/**
 * Connects a brand's store with the Admin API access token of the merchant's own app (decision 0032): one read
 * (the shop's name) checks it before anything is saved; the token is sealed at rest. One store per brand.
 */
export async function connectStore(
  services: ServiceContext,
  access: StoreAccess,
  input: { brand: string; shopDomain: string; accessToken: string },
  actor: AuditActor,
) {
  const ctx = atInstant(services);
  let shopName: string;
  try {
    shopName = await access.clientFor(input.shopDomain, input.accessToken).shopName();
  } catch (error) {
    if (error instanceof ShopifyError) {
      throw new AppError(
        'BAD_REQUEST',
        error.kind === 'revoked'
          ? 'Shopify refused this access token: copy the Admin API access token of your app again.'
          : `The store could not be checked: ${error.message}`,
        {},
        undefined,
        'accessToken',
      );
    }
    throw error;
  }
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
        tokenSealed: sealToken(access, input.accessToken),
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
