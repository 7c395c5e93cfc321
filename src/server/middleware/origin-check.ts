import type { MiddlewareHandler } from 'hono';
import type { Env } from '../../config/env';
import { errorBody } from '../../shared/schemas/error';
import type { AppBindings } from '../http/context';
import { trustedOrigins } from '../http/trusted-origins';

/** Methods that change state: the ones a cross-site page could fire with the user's cookie. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that prove their sender another way (a signature checked with the sender) and take no Origin. */
export const ORIGIN_CHECK_EXEMPT_PATHS = new Set([
  '/api/webhooks/paypal',
  // EasyPost's tracker events (routes/tracking-webhooks.ts): an HMAC of the body with the shared secret.
  '/api/webhooks/easypost',
  // Brands' Shopify stores (routes/store-webhooks.ts): X-Shopify-Hmac-Sha256 of the body with the app's secret.
  '/api/webhooks/shopify',
  // Meta's Instagram callbacks (routes/instagram-callbacks.ts): a signed_request made with the app secret.
  '/api/instagram/deauthorize',
  '/api/instagram/data-deletion',
]);

export const FOREIGN_ORIGIN_MESSAGE =
  'This request did not come from Mintbox. Reload the page and try again.';

/**
 * CSRF defence for every state-changing API request: it must come from a page of the app. A browser tells us
 * with Sec-Fetch-Site: same-origin (a header pages cannot set), or with an Origin we trust; anything else
 * (another site, Origin: null from a sandboxed frame or a file, no Origin at all) gets 403.
 */
export function originCheck(env: Pick<Env, 'appUrl' | 'nodeEnv'>): MiddlewareHandler<AppBindings> {
  const trusted = new Set(trustedOrigins(env));
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || ORIGIN_CHECK_EXEMPT_PATHS.has(c.req.path)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const fromApp =
      site === 'same-origin' || (site !== 'cross-site' && origin !== undefined && trusted.has(origin));
    if (!fromApp) return c.json(errorBody(FOREIGN_ORIGIN_MESSAGE, 'FORBIDDEN'), 403);
    return next();
  };
}
