import type { MiddlewareHandler } from 'hono';
import type { Env } from '../../config/env';
import { errorBody } from '../../shared/schemas/error';
import type { AppBindings } from '../context';

/** Methods that change state: the ones a cross-site page could fire with the user's cookie. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that prove their sender another way (a signature checked with the sender) and take no Origin. */
export const ORIGIN_CHECK_EXEMPT_PATHS = new Set([
  '/api/webhooks/paypal',
  // Meta's Instagram callbacks (routes/instagram-callbacks.ts): a signed_request made with the app secret.
  '/api/instagram/deauthorize',
  '/api/instagram/data-deletion',
]);

export const FOREIGN_ORIGIN_MESSAGE =
  'This request did not come from Mintbox. Reload the page and try again.';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may change state: APP_URL's, and outside production, when APP_URL is on a loopback
 * name, the same port on the other loopback names (a newcomer opening http://127.0.0.1:3000 instead of
 * http://localhost:3000 is on the same machine). Better Auth trusts the same list.
 */
export function trustedOrigins(env: Pick<Env, 'appUrl' | 'nodeEnv'>): string[] {
  const app = new URL(env.appUrl);
  const origins = [app.origin];
  if (env.nodeEnv !== 'production' && LOOPBACK_HOSTS.includes(app.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const twin = new URL(app.origin);
      twin.hostname = host;
      if (!origins.includes(twin.origin)) origins.push(twin.origin);
    }
  }
  return origins;
}

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
