import { createRoute } from '@hono/zod-openapi';
import { errorBody } from '../../shared/schemas/error';
import { createRouter } from '../http/openapi';
import { refusal } from '../http/route-responses';
import { keptOnceWebhookResponses, webhookBodyRefusal } from '../http/webhook-body';
import { receiveTrackingWebhook } from '../services/tracking/tracking-events';

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhooks/easypost',
  tags: ['Webhooks'],
  summary:
    'EasyPost tracker events (tracker.created, tracker.updated): verified with the shared webhook secret, kept once by Event id, applied by the tracking-events job',
  description:
    'The body is the EasyPost Event JSON, read as raw text: its HMAC-SHA256 with EASYPOST_WEBHOOK_SECRET must match the X-Hmac-Signature header (https://docs.easypost.com/docs/webhooks). Answered once the Event is stored (committed); a repeated Event is accepted and applied once.',
  responses: { ...keptOnceWebhookResponses, 503: refusal('Tracking not configured') },
});

export const trackingWebhookRoutes = createRouter().openapi(webhookRoute, async (c) => {
  const rawBody = await c.req.text();
  // Its size here; whether it is JSON is learnt from the parse that verifies it (receiveTrackingWebhook).
  const refusal = webhookBodyRefusal(rawBody, { json: false });
  if (refusal) return c.json(errorBody(refusal.message, refusal.code), refusal.status);
  const result = await receiveTrackingWebhook(c.get('services'), rawBody, c.req.raw.headers);
  return c.json({ received: true as const, repeated: result.repeated }, 200);
});
