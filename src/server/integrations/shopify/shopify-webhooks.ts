import { createHmac, timingSafeEqual } from 'node:crypto';
import { ShopifyError, type ShopifyTransport } from './shopify-transport';

/**
 * The store's webhooks (decision 0040): the subscriptions Mintbox makes (mutations/webhookSubscriptionCreate,
 * input-objects/WebhookSubscriptionInput `uri`, enums/WebhookSubscriptionTopic) and the check of a delivery
 * ("Deliver webhooks through HTTPS", Step 5 Verify the webhook: the base64 HMAC-SHA256 of the raw body with the
 * app's client secret, sent as X-Shopify-Hmac-Sha256; https://shopify.dev/docs/apps/build/webhooks/subscribe/https).
 */
export const STORE_WEBHOOK_TOPICS = [
  'FULFILLMENTS_CREATE',
  'FULFILLMENTS_UPDATE',
  'ORDERS_CANCELLED',
] as const;
export type StoreWebhookTopic = (typeof STORE_WEBHOOK_TOPICS)[number];

const SUBSCRIBE = `mutation MintboxWebhookSubscribe($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id topic uri } userErrors { field message }
  }
}`;

export const WEBHOOK_OPERATIONS = [SUBSCRIBE];

export interface WebhookCalls {
  /** Subscribes each topic to `uri` (JSON); an address already subscribed is a userError Shopify names, taken as done. */
  subscribeWebhooks(uri: string): Promise<void>;
}

export function webhookCalls(transport: ShopifyTransport): WebhookCalls {
  return {
    async subscribeWebhooks(uri) {
      for (const topic of STORE_WEBHOOK_TOPICS) {
        const { data } = await transport.request<{
          webhookSubscriptionCreate: { userErrors: Array<{ message: string }> } | null;
        }>(SUBSCRIBE, { topic, webhookSubscription: { uri, format: 'JSON' } });
        const problem = data.webhookSubscriptionCreate?.userErrors.find(
          (e) => !/already been taken/i.test(e.message),
        );
        if (problem)
          throw new ShopifyError('failed', `The store refused the ${topic} webhook: ${problem.message}.`);
      }
    },
  };
}

/** The signature Shopify sends for `rawBody` with the app's client secret. */
export function shopifyWebhookSignature(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
}

/** Whether `hmac` (X-Shopify-Hmac-Sha256) is the body's signature with the secret (compared in constant time). */
export function verifyShopifyWebhook(
  rawBody: string,
  hmac: string | null | undefined,
  secret: string,
): boolean {
  if (!hmac) return false;
  const expected = Buffer.from(shopifyWebhookSignature(rawBody, secret));
  const given = Buffer.from(hmac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
