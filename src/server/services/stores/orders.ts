import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { shippingAddressesFor } from '../../../db/queries/shipping';
import { applications } from '../../../db/schema/applications';
import { campaigns } from '../../../db/schema/campaigns';
import { creators } from '../../../db/schema/creators';
import { applicationChoices, productVariants } from '../../../db/schema/products';
import { storeOrders, stores } from '../../../db/schema/stores';
import { ShopifyError, type StoreOrderInput } from '../../integrations/shopify/shopify-client';
import { atInstant, type ServiceContext } from '../service-context';
import type { StoreAccess } from './store-access';
import { withStore } from './store-client';

/** How long a claim holds an application's order before another attempt may take over (a crashed instance's). */
const CLAIM_MS = 2 * 60_000;

export type StoreOrderOutcome =
  | { applicationId: number; result: 'created' | 'already'; orderName: string }
  | { applicationId: number; result: 'manual' | 'busy' }
  | { applicationId: number; result: 'failed'; error: string };

/** The tag that ties a store order to its application: a retry finds the order by it instead of making another. */
export function orderTag(applicationId: number): string {
  return `mintbox-application-${applicationId}`;
}

/** What an order needs: the accepted application, its brand's store, the chosen store variants, the address. */
async function orderPlan(services: ServiceContext, applicationId: number) {
  const [row] = await services.db
    .select({ application: applications, brand: campaigns.brand, email: creators.email, store: stores })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(creators, eq(creators.id, applications.creatorId))
    .innerJoin(stores, eq(stores.brand, campaigns.brand))
    .where(eq(applications.id, applicationId))
    .limit(1);
  if (row?.application.status !== 'accepted') return null;
  const variants = await services.db
    .select({ externalId: productVariants.externalId })
    .from(applicationChoices)
    .innerJoin(productVariants, eq(productVariants.id, applicationChoices.variantId))
    .where(and(eq(applicationChoices.applicationId, applicationId), isNotNull(productVariants.externalId)));
  const address = (await shippingAddressesFor(services.db, [applicationId])).get(applicationId);
  if (variants.length === 0 || !address) return null;
  return { ...row, variantIds: variants.map((v) => v.externalId!), address };
}

/**
 * Takes the application's order for this attempt: one row per application (its primary key); a row already created,
 * or claimed by another attempt in the last two minutes, is not taken. Several instances and retries make one order.
 */
async function claim(services: ServiceContext, applicationId: number, storeId: number, now: Date) {
  const stale = new Date(now.getTime() - CLAIM_MS);
  const [taken] = await services.db
    .insert(storeOrders)
    .values({
      applicationId,
      storeId,
      state: 'pending',
      attempts: 1,
      claimedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: storeOrders.applicationId,
      set: { state: 'pending', attempts: sql`${storeOrders.attempts} + 1`, claimedAt: now, updatedAt: now },
      setWhere: or(
        eq(storeOrders.state, 'failed'),
        and(eq(storeOrders.state, 'pending'), lt(storeOrders.claimedAt, stale)),
      ),
    })
    .returning({ applicationId: storeOrders.applicationId });
  return taken !== undefined;
}

/** Makes (or finds) the store order of one accepted application's box. */
async function orderOne(
  services: ServiceContext,
  access: StoreAccess,
  applicationId: number,
): Promise<StoreOrderOutcome> {
  const ctx = atInstant(services);
  const plan = await orderPlan(services, applicationId);
  if (!plan) return { applicationId, result: 'manual' };
  const [existing] = await ctx.db
    .select()
    .from(storeOrders)
    .where(eq(storeOrders.applicationId, applicationId));
  if (existing?.state === 'created')
    return { applicationId, result: 'already', orderName: existing.orderName ?? '' };
  if (!(await claim(services, applicationId, plan.store.id, ctx.now)))
    return { applicationId, result: 'busy' };
  try {
    const tag = orderTag(applicationId);
    const [firstName = '', ...rest] = plan.address.fullName.split(' ');
    const input: StoreOrderInput = {
      variantId: plan.variantIds[0]!,
      tag,
      note: `Mintbox PR box for application ${applicationId}`,
      email: plan.email,
      shippingAddress: {
        firstName,
        lastName: rest.join(' '),
        address1: plan.address.addressLine1,
        address2: plan.address.addressLine2,
        city: plan.address.city,
        provinceCode: plan.address.state,
        zip: plan.address.zipCode,
        countryCode: 'US',
        phone: plan.address.phone || null,
      },
    };
    const order = await withStore(
      services,
      access,
      plan.store,
      async (client) => (await client.orderTagged(tag)) ?? (await client.createOrder(input)),
    );
    await ctx.db
      .update(storeOrders)
      .set({
        state: 'created',
        orderId: order.id,
        orderName: order.name,
        lastError: null,
        updatedAt: ctx.now,
      })
      .where(eq(storeOrders.applicationId, applicationId));
    return { applicationId, result: 'created', orderName: order.name };
  } catch (error) {
    if (!(error instanceof ShopifyError)) throw error;
    await ctx.db
      .update(storeOrders)
      .set({ state: 'failed', lastError: error.message, updatedAt: ctx.now })
      .where(eq(storeOrders.applicationId, applicationId));
    return { applicationId, result: 'failed', error: error.message };
  }
}

/**
 * "Create orders" (and acceptance, when SHOPIFY_ORDERS is on): a $0 order in the brand's store for each accepted
 * application whose chosen variant came from that store. Safe to repeat: one order per application.
 */
export async function createStoreOrders(
  services: ServiceContext,
  access: StoreAccess,
  applicationIds: readonly number[],
): Promise<StoreOrderOutcome[]> {
  const out: StoreOrderOutcome[] = [];
  for (const id of [...new Set(applicationIds)].sort((a, b) => a - b))
    out.push(await orderOne(services, access, id));
  return out;
}

/** The store orders of these applications (review page): order name, state, last error. */
export async function storeOrdersOf(services: ServiceContext, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return services.db.select().from(storeOrders).where(inArray(storeOrders.applicationId, applicationIds));
}
