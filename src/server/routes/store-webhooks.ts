import { createRoute } from '@hono/zod-openapi';
import { errorBody } from '../../shared/schemas/error';
import { createRouter } from '../http/openapi';
import { keptOnceWebhookResponses, webhookBodyRefusal } from '../http/webhook-body';
import { storeAccess } from '../middleware/store-access';
import { applyStoreWebhookEvents, receiveStoreWebhook } from '../services/stores/store-webhooks';

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhooks/shopify',
  tags: ['Webhooks'],
  summary:
    "A brand's Shopify store's webhooks (fulfillments/create, fulfillments/update, orders/cancelled): verified with the app's secret, kept once by webhook id, applied right after",
  description:
    "The raw body's base64 HMAC-SHA256 with the store's app client secret must equal X-Shopify-Hmac-Sha256 (https://shopify.dev/docs/apps/build/webhooks/subscribe/https); the store is named by X-Shopify-Shop-Domain. A repeated X-Shopify-Webhook-Id is accepted and applied once.",
  responses: keptOnceWebhookResponses,
});

export const storeWebhookRoutes = createRouter().openapi(webhookRoute, async (c) => {
  const rawBody = await c.req.text();
  const refusal = webhookBodyRefusal(rawBody);
  if (refusal) return c.json(errorBody(refusal.message, refusal.code), refusal.status);
  const services = c.get('services');
  const access = storeAccess(c);
  const result = await receiveStoreWebhook(services, access, rawBody, c.req.raw.headers);
  // Answered at once (Shopify waits 5 s at most); applied right after, and by the store-webhooks job if this fails.
  if (!result.repeated) {
    void applyStoreWebhookEvents(services).catch((error: unknown) =>
      c.get('deps').logger.warn({ err: error }, 'store webhook not applied yet'),
    );
  }
  return c.json({ received: true as const, repeated: result.repeated }, 200);
});
