import type { FakeShopifyProduct } from './fake-shopify-catalogue';
import type { SignedWebhook } from './fake-shopify-webhooks';

/** What a test sees of the Shopify stand-in (tests/support/fake-shopify.ts). */
export interface FakeShopifyOrder {
  id: string;
  name: string;
  tags: string[];
  email: string | null;
  note: string | null;
  lineItems: Array<{ variantId: string; quantity: number; amount: string }>;
  shippingAddress: Record<string, unknown> | null;
  options: Record<string, unknown>;
  buyerAcceptsMarketing: boolean | null;
  financialStatus: string | null;
  cancelledAt: string | null;
  fulfillments: Array<{ id: string; status: string; company: string; number: string; url: string | null }>;
}

export interface FakeShopify {
  url: string;
  token: string;
  orders: FakeShopifyOrder[];
  /** Operations that did not validate against the schema (a test expects none). */
  invalidOperations: Array<{ query: string; errors: string[] }>;
  /** How many GraphQL calls came in. */
  calls: () => number;
  variants: Set<string>;
  /** The next `n` calls are throttled (THROTTLED with the bucket empty). */
  throttleNext: (n: number) => void;
  /** The next `n` orderCreate calls make the order, then fail the answer with a 502 (a crash after the store acted). */
  dropAnswerAfterCreate: (n: number) => void;
  revokeToken: () => void;
  /** The merchant's token works again (as after rotating it back). */
  restoreToken: () => void;
  /** Marks the order fulfilled; the fulfillments/create webhook it signs (post it, or `notify` the subscribers). */
  fulfil: (orderId: string, company: string, number: string, url?: string) => SignedWebhook;
  /** Cancels the order in the store; the orders/cancelled webhook it signs. */
  cancel: (orderId: string) => SignedWebhook;
  /** Sends a webhook to every address subscribed to its topic; the statuses they answered. */
  notify: (webhook: SignedWebhook) => Promise<number[]>;
  /** Signs any body as this store would (a test alters it afterwards to forge one). */
  sign: (topic: string, payload: unknown, webhookId?: string) => SignedWebhook;
  products: FakeShopifyProduct[];
  subscriptions: Array<{ topic: string; uri: string }>;
  clientId: string;
  clientSecret: string;
  shopDomain: string;
  /** Tokens granted by the client credentials grant stop working (as after their 24 hours). */
  expireGrantedTokens: () => void;
  /** The merchant rotates the app's secret in the Dev Dashboard (grants with the old one are refused). */
  rotateClientSecret: (secret: string) => void;
  grants: () => number;
  /** Calls THROTTLED because the bucket did not hold them (a reader that waits as told never gets one). */
  overdrawn: () => number;
  close: () => Promise<void>;
}
