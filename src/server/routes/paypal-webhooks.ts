import { createRoute, z } from '@hono/zod-openapi';
import { errorBody } from '../../shared/schemas/error';
import { createRouter } from '../http/openapi';
import { refusal } from '../http/route-responses';
import { handlePaypalWebhook } from '../services/payouts/webhook';

/** The largest webhook body accepted (PayPal's payout events are a few kilobytes). */
const MAX_WEBHOOK_BYTES = 256 * 1024;

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhooks/paypal',
  tags: ['Webhooks'],
  summary:
    "PayPal webhooks (PAYMENT.PAYOUTS-ITEM.*, PAYMENT.PAYOUTSBATCH.*): verified with PayPal's verify-webhook-signature, then they only trigger a status refresh read from PayPal",
  description:
    'The body is the PayPal event JSON, read as raw text (not through a validator): it goes back to PayPal byte for byte for verification. Headers PAYPAL-AUTH-ALGO, PAYPAL-CERT-URL, PAYPAL-TRANSMISSION-ID, PAYPAL-TRANSMISSION-SIG and PAYPAL-TRANSMISSION-TIME are required.',
  responses: {
    200: {
      description: 'Accepted',
      content: {
        'application/json': { schema: z.object({ received: z.literal(true), refreshed: z.boolean() }) },
      },
    },
    400: refusal('Not signed by PayPal for our webhook'),
    413: refusal('Too large'),
    503: refusal('Webhooks not configured, or PayPal could not be asked (PayPal retries)'),
  },
});

export const paypalWebhookRoutes = createRouter().openapi(webhookRoute, async (c) => {
  const rawBody = await c.req.text();
  if (Buffer.byteLength(rawBody) > MAX_WEBHOOK_BYTES) {
    return c.json(errorBody('The webhook body is too large.', 'PAYLOAD_TOO_LARGE'), 413);
  }
  try {
    JSON.parse(rawBody);
  } catch {
    return c.json(errorBody('The webhook body is not JSON.', 'BAD_REQUEST'), 400);
  }
  const result = await handlePaypalWebhook(c.get('services'), { rawBody, headers: c.req.raw.headers });
  return c.json({ received: true as const, refreshed: result.refreshed }, 200);
});
