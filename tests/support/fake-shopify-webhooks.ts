import { createHmac, randomUUID } from 'node:crypto';

/**
 * Webhooks as the stand-in store sends them, per "Deliver webhooks through HTTPS"
 * (https://shopify.dev/docs/apps/build/webhooks/subscribe/https): a POST of the JSON payload with X-Shopify-Topic
 * (`fulfillments/create`), X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the raw body with the app's client secret),
 * X-Shopify-Shop-Domain, X-Shopify-Webhook-Id, X-Shopify-Event-Id, X-Shopify-Triggered-At and X-Shopify-API-Version.
 * Payloads follow the webhook reference (topics fulfillments/create: the Fulfillment with `order_id`,
 * `tracking_company`, `tracking_number`, `tracking_url`, `status`; orders/cancelled: the Order with `id`,
 * `admin_graphql_api_id`, `cancelled_at`, `cancel_reason`).
 */
export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

export function signWebhook(
  shopDomain: string,
  secret: string,
  topic: string,
  payload: unknown,
  webhookId: string = randomUUID(),
): SignedWebhook {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body, 'utf8').digest('base64'),
      'x-shopify-shop-domain': shopDomain,
      'x-shopify-webhook-id': webhookId,
      'x-shopify-event-id': randomUUID(),
      'x-shopify-triggered-at': new Date().toISOString(),
      'x-shopify-api-version': '2026-07',
    },
  };
}

/** Numeric id of a GID (the REST-style ids the webhook payloads carry). */
export const legacyId = (gid: string) => Number(gid.split('/').pop());

export function fulfilmentPayload(
  orderId: string,
  fulfilmentId: string,
  shipment: { company: string; number: string; url: string | null },
) {
  return {
    id: legacyId(fulfilmentId),
    admin_graphql_api_id: fulfilmentId,
    order_id: legacyId(orderId),
    status: 'success',
    tracking_company: shipment.company,
    tracking_number: shipment.number,
    tracking_numbers: [shipment.number],
    tracking_url: shipment.url,
    tracking_urls: shipment.url ? [shipment.url] : [],
    created_at: new Date().toISOString(),
  };
}

export function cancelledPayload(orderId: string, name: string) {
  return {
    id: legacyId(orderId),
    admin_graphql_api_id: orderId,
    name,
    cancelled_at: new Date().toISOString(),
    cancel_reason: 'other',
  };
}

/** Posts a signed webhook to a subscribed address; the status it got. */
export async function deliverWebhook(uri: string, webhook: SignedWebhook): Promise<number> {
  const response = await fetch(uri, {
    method: 'POST',
    headers: webhook.headers,
    body: webhook.body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  return response.status;
}

/** webhookSubscriptionCreate (payloads/WebhookSubscriptionCreatePayload): one address per topic; again is a userError. */
export function subscribeWebhook(
  subscriptions: Array<{ topic: string; uri: string }>,
  { topic, webhookSubscription }: { topic: string; webhookSubscription: { uri?: string } },
) {
  const uri = webhookSubscription.uri ?? '';
  if (subscriptions.some((x) => x.topic === topic && x.uri === uri)) {
    return {
      webhookSubscription: null,
      userErrors: [
        { field: ['webhookSubscription', 'uri'], message: 'Address for this topic has already been taken' },
      ],
    };
  }
  subscriptions.push({ topic, uri });
  return {
    webhookSubscription: { id: `gid://shopify/WebhookSubscription/${subscriptions.length}`, topic, uri },
    userErrors: [],
  };
}
