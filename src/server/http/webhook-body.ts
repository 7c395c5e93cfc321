import { z } from '@hono/zod-openapi';
import { json, refusal } from './route-responses';

/** The largest webhook body accepted (an EasyPost Event or a Shopify order, with its history: a few tens of kB). */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

export const WEBHOOK_NOT_JSON = 'The webhook body is not JSON.';

/** A webhook body refused before its signature is read: too large (413), or not JSON (400). */
export interface WebhookBodyRefusal {
  status: 413 | 400;
  message: string;
  code: 'PAYLOAD_TOO_LARGE' | 'BAD_REQUEST';
}

export function isJson(rawBody: string): boolean {
  try {
    JSON.parse(rawBody);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a webhook's raw body is refused, or null. With `json: false` only its size is checked: the caller learns
 * whether it is JSON from the parse that verifies it, and checks again only when that fails (one parse, not two).
 */
export function webhookBodyRefusal(rawBody: string, { json = true } = {}): WebhookBodyRefusal | null {
  if (Buffer.byteLength(rawBody) > MAX_WEBHOOK_BYTES) {
    return { status: 413, message: 'The webhook body is too large.', code: 'PAYLOAD_TOO_LARGE' };
  }
  if (json && !isJson(rawBody)) return { status: 400, message: WEBHOOK_NOT_JSON, code: 'BAD_REQUEST' };
  return null;
}

/**
 * What a webhook that keeps each event once answers, for the OpenAPI document: 200 `{ received, repeated }`, or the
 * refusals of its body and signature (the Shopify and EasyPost webhooks).
 */
export const keptOnceWebhookResponses = {
  200: {
    description: 'Accepted',
    content: json(z.object({ received: z.literal(true), repeated: z.boolean() })),
  },
  400: refusal('Not JSON'),
  401: refusal('Unsigned or forged'),
  413: refusal('Too large'),
};
