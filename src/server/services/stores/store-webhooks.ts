import { and, asc, eq, isNull } from 'drizzle-orm';
import { storeOrders, stores, storeWebhookEvents } from '../../../db/schema/stores';
import { AppError } from '../../http/errors';
import { ShopifyError } from '../../integrations/shopify/shopify-client';
import { verifyShopifyWebhook } from '../../integrations/shopify/shopify-webhooks';
import type { ServiceContext } from '../service-context';
import { applyStoreShipment, markStoreOrderCancelled } from './fulfilment';
import { openClientSecret, type StoreAccess } from './store-access';
import { findStore, withStore } from './store-client';
import { noteStoreState } from './store-connection';

/** Where the stores send their webhooks (the public route in routes/store-webhooks.ts). */
export const storeWebhookUri = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}/api/webhooks/shopify`;

/**
 * Subscribes the store's fulfilment and cancellation webhooks to this app (webhookSubscriptionCreate), when the
 * store has the app's client secret to verify them with; without it fulfilments are read back on demand.
 */
export async function subscribeStoreWebhooks(services: ServiceContext, access: StoreAccess, storeId: number) {
  const store = await findStore(services, storeId);
  if (!store?.clientSecretSealed) return false;
  try {
    await withStore(services, access, store, (client) =>
      client.subscribeWebhooks(storeWebhookUri(services.appUrl)),
    );
  } catch (error) {
    if (error instanceof ShopifyError) return false;
    throw error;
  }
  await services.db.update(stores).set({ webhooksAt: services.now() }).where(eq(stores.id, storeId));
  return true;
}

const refused = () => new AppError('UNAUTHORIZED', 'The webhook signature is missing or does not match.');

/**
 * A store's webhook (decision 0040): X-Shopify-Hmac-Sha256 must be the HMAC of the raw body with the store's app
 * secret (else 401 and nothing is kept); then it is only kept by X-Shopify-Webhook-Id, so the answer is fast and a
 * repeat is kept (and applied) once. `applyStoreWebhookEvents` applies it.
 */
export async function receiveStoreWebhook(
  services: ServiceContext,
  access: StoreAccess,
  rawBody: string,
  headers: Headers,
) {
  const domain = headers.get('x-shopify-shop-domain')?.toLowerCase() ?? '';
  const [store] = await services.db.select().from(stores).where(eq(stores.shopDomain, domain)).limit(1);
  const secret = store ? openClientSecret(access, store.clientSecretSealed) : null;
  if (!store || !secret || !verifyShopifyWebhook(rawBody, headers.get('x-shopify-hmac-sha256'), secret)) {
    throw refused();
  }
  const webhookId = headers.get('x-shopify-webhook-id');
  if (!webhookId) throw new AppError('BAD_REQUEST', 'X-Shopify-Webhook-Id is missing.');
  const kept = await services.db
    .insert(storeWebhookEvents)
    .values({
      webhookId,
      topic: headers.get('x-shopify-topic') ?? '',
      storeId: store.id,
      payload: JSON.parse(rawBody) as Record<string, unknown>,
      receivedAt: services.now(),
    })
    .onConflictDoNothing()
    .returning({ webhookId: storeWebhookEvents.webhookId });
  return { repeated: kept.length === 0 };
}

const orderGid = (payload: Record<string, unknown>, key: string) => {
  const gid = payload.admin_graphql_api_id;
  if (key === 'id' && typeof gid === 'string') return gid;
  return payload[key] === undefined ? null : `gid://shopify/Order/${String(payload[key])}`;
};

/** The application whose store order this is (null: not one of ours). */
async function applicationOfOrder(services: ServiceContext, storeId: number | null, orderId: string | null) {
  if (storeId === null || !orderId) return null;
  const [row] = await services.db
    .select({ applicationId: storeOrders.applicationId })
    .from(storeOrders)
    .where(and(eq(storeOrders.storeId, storeId), eq(storeOrders.orderId, orderId)));
  return row?.applicationId ?? null;
}

async function applyOne(services: ServiceContext, event: typeof storeWebhookEvents.$inferSelect) {
  const payload = event.payload;
  if (event.topic.startsWith('fulfillments/')) {
    const applicationId = await applicationOfOrder(services, event.storeId, orderGid(payload, 'order_id'));
    const number = (payload.tracking_number as string | null) ?? null;
    if (applicationId === null || !number || payload.status !== 'success') return;
    const shipment = {
      carrier: (payload.tracking_company as string | null) ?? 'Carrier',
      trackingNumber: number,
      trackingUrl: (payload.tracking_url as string | null) ?? null,
    };
    const outcome = await applyStoreShipment(services, applicationId, shipment);
    if (outcome.result === 'failed' && event.storeId !== null) {
      await noteStoreState(services, event.storeId, 'failed', outcome.error);
    }
  } else if (event.topic === 'orders/cancelled') {
    const applicationId = await applicationOfOrder(services, event.storeId, orderGid(payload, 'id'));
    if (applicationId !== null) await markStoreOrderCancelled(services, applicationId);
  }
}

/**
 * Applies kept webhooks in the order they came (right after the answer, and by the store-webhooks job for any left):
 * each is claimed by setting `applied_at` first, so two instances never apply one twice; a failure it cannot sort
 * out gives the claim back for the next run.
 */
export async function applyStoreWebhookEvents(services: ServiceContext, limit = 500) {
  const pending = await services.db
    .select()
    .from(storeWebhookEvents)
    .where(isNull(storeWebhookEvents.appliedAt))
    .orderBy(asc(storeWebhookEvents.receivedAt))
    .limit(limit);
  let applied = 0;
  for (const event of pending) {
    const [claimed] = await services.db
      .update(storeWebhookEvents)
      .set({ appliedAt: services.now() })
      .where(and(eq(storeWebhookEvents.webhookId, event.webhookId), isNull(storeWebhookEvents.appliedAt)))
      .returning({ webhookId: storeWebhookEvents.webhookId });
    if (!claimed) continue;
    try {
      await applyOne(services, event);
      applied += 1;
    } catch (error) {
      await services.db
        .update(storeWebhookEvents)
        .set({ appliedAt: null })
        .where(eq(storeWebhookEvents.webhookId, event.webhookId));
      throw error;
    }
  }
  return { applied };
}
