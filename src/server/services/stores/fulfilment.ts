import { and, eq, inArray } from 'drizzle-orm';
import { applications } from '../../../db/schema/applications';
import { campaigns } from '../../../db/schema/campaigns';
import { creators } from '../../../db/schema/creators';
import { storeOrders, stores } from '../../../db/schema/stores';
import { AppError } from '../../http/errors';
import { ShopifyError, type StoreShipment } from '../../integrations/shopify/shopify-client';
import { recordShipment } from '../applications/shipments';
import type { AuditActor } from '../audit-log';
import { adminNotice, notifyAdmins } from '../notifications';
import { atInstant, type ServiceContext } from '../service-context';
import type { StoreAccess } from './store-access';
import { withStore } from './store-client';

/** Who the trail names for a shipment read back from the store. */
const STORE_ACTOR: AuditActor = { userId: null, name: 'Shopify fulfilment', ipAddress: null };

export type FulfilmentOutcome =
  | { applicationId: number; result: 'shipped'; carrier: string; trackingNumber: string }
  | { applicationId: number; result: 'unfulfilled' | 'cancelled' }
  | { applicationId: number; result: 'failed'; error: string };

/**
 * The one place a store's fulfilment becomes the box's shipment (issue 37; the fulfilment webhook and the read-back
 * both come here): the carrier and tracking number are recorded as the shipment (the creator is told as for a
 * shipment typed by an admin). Only a box still accepted ships: a box an admin shipped by hand stays as it is.
 */
export async function applyStoreShipment(
  services: ServiceContext,
  applicationId: number,
  shipment: StoreShipment,
): Promise<FulfilmentOutcome> {
  const [row] = await services.db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (row?.status !== 'accepted') return { applicationId, result: 'unfulfilled' };
  try {
    await recordShipment(
      services,
      applicationId,
      { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber },
      STORE_ACTOR,
    );
  } catch (error) {
    // A tracking number the tracking service refuses (issue 38): the box stays unshipped, the reason reported.
    if (error instanceof AppError) return { applicationId, result: 'failed', error: error.message };
    throw error;
  }
  return {
    applicationId,
    result: 'shipped',
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
  };
}

/**
 * An order cancelled in the store: marked so, and every admin is told; the application is left as it is (the
 * admin decides: ship by hand, or end it).
 */
export async function markStoreOrderCancelled(services: ServiceContext, applicationId: number) {
  const ctx = atInstant(services);
  await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(storeOrders)
      .set({ state: 'cancelled', lastError: 'The order was cancelled in the store.', updatedAt: ctx.now })
      .where(and(eq(storeOrders.applicationId, applicationId), eq(storeOrders.state, 'created')))
      .returning({ orderName: storeOrders.orderName });
    if (!changed) return;
    const [about] = await tx
      .select({ campaignId: campaigns.id, campaign: campaigns.name, creator: creators.name })
      .from(applications)
      .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
      .innerJoin(creators, eq(creators.id, applications.creatorId))
      .where(eq(applications.id, applicationId));
    if (!about) return;
    await notifyAdmins(
      tx,
      adminNotice.storeOrderCancelled(
        about.campaignId,
        about.campaign,
        about.creator,
        changed.orderName ?? '',
      ),
      ctx.now,
    );
  });
}

/** "Read fulfilments": the store's fulfilments of these applications' orders, read back on demand. */
export async function readFulfilments(
  services: ServiceContext,
  access: StoreAccess,
  applicationIds: readonly number[],
): Promise<FulfilmentOutcome[]> {
  if (applicationIds.length === 0) return [];
  const rows = await services.db
    .select({ order: storeOrders, store: stores, status: applications.status })
    .from(storeOrders)
    .innerJoin(stores, eq(stores.id, storeOrders.storeId))
    .innerJoin(applications, eq(applications.id, storeOrders.applicationId))
    .where(and(inArray(storeOrders.applicationId, [...applicationIds]), eq(storeOrders.state, 'created')));
  const out: FulfilmentOutcome[] = [];
  for (const { order, store, status } of rows) {
    const applicationId = order.applicationId;
    const orderId = order.orderId;
    if (status !== 'accepted' || !orderId) continue;
    try {
      const found = await withStore(services, access, store, (client) => client.shipmentOf(orderId));
      if (found === 'cancelled') {
        await markStoreOrderCancelled(services, applicationId);
        out.push({ applicationId, result: 'cancelled' });
      } else if (found) {
        out.push(await applyStoreShipment(services, applicationId, found));
      } else {
        out.push({ applicationId, result: 'unfulfilled' });
      }
    } catch (error) {
      if (!(error instanceof ShopifyError)) throw error;
      out.push({ applicationId, result: 'failed', error: error.message });
    }
  }
  return out;
}
