import { and, eq, inArray } from 'drizzle-orm';
import { applications } from '../../../db/schema/applications';
import { storeOrders, stores } from '../../../db/schema/stores';
import { AppError } from '../../errors';
import { ShopifyError } from '../../integrations/shopify/shopify-client';
import { recordShipment } from '../applications/shipments';
import type { AuditActor } from '../audit-log';
import type { ServiceContext } from '../service-context';
import { openToken, type StoreAccess } from './store-access';
import { noteStoreState } from './store-connection';

/** Who the trail names for a shipment read back from the store. */
const STORE_ACTOR: AuditActor = { userId: null, name: 'Shopify fulfilment', ipAddress: null };

export type FulfilmentOutcome =
  | { applicationId: number; result: 'shipped'; carrier: string; trackingNumber: string }
  | { applicationId: number; result: 'unfulfilled' | 'cancelled' }
  | { applicationId: number; result: 'failed'; error: string };

/**
 * The one place a store's fulfilment becomes the box's shipment (issue 37; tracking work hooks in here): the order's
 * first successful fulfilment with a tracking number is recorded as the shipment (carrier, tracking number; the
 * creator is told as for a shipment typed by an admin). An order cancelled in the store is marked so for the admin
 * and the application is left as it is.
 */
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
    if (status !== 'accepted' || !order.orderId) continue;
    try {
      const token = openToken(access, store.tokenSealed);
      if (!token)
        throw new ShopifyError('revoked', 'The saved access token cannot be read: connect the store again.');
      const found = await access.clientFor(store.shopDomain, token).shipmentOf(order.orderId);
      if (found === 'cancelled') {
        await services.db
          .update(storeOrders)
          .set({
            state: 'cancelled',
            lastError: 'The order was cancelled in the store.',
            updatedAt: services.now(),
          })
          .where(eq(storeOrders.applicationId, applicationId));
        out.push({ applicationId, result: 'cancelled' });
      } else if (found) {
        await recordShipment(
          services,
          applicationId,
          { carrier: found.carrier, trackingNumber: found.trackingNumber },
          STORE_ACTOR,
        );
        out.push({
          applicationId,
          result: 'shipped',
          carrier: found.carrier,
          trackingNumber: found.trackingNumber,
        });
      } else {
        out.push({ applicationId, result: 'unfulfilled' });
      }
    } catch (error) {
      // A tracking number the tracking service refuses (issue 38): the box stays unshipped, the reason reported.
      if (error instanceof AppError) {
        out.push({ applicationId, result: 'failed', error: error.message });
        continue;
      }
      if (!(error instanceof ShopifyError)) throw error;
      await noteStoreState(services, store.id, error.kind, error.message);
      out.push({ applicationId, result: 'failed', error: error.message });
    }
  }
  return out;
}
