import type { Env } from '../../config/env';

/*
 * Our auth cookies' names. Over https every cookie is Secure and ours carry the __Host- prefix (Secure, Path=/, no
 * Domain: no other host, not even a subdomain, can set or shadow them); on http they are Better Auth's default names
 * with our prefix.
 */

export const COOKIE_PREFIX = 'mintbox';
const OWN_COOKIES = [
  'session_token',
  'session_data',
  'dont_remember',
  'account_data',
  'oauth_state',
] as const;

/** Cookie names over https: __Host-mintbox.session_token and so on (Better Auth's default names on http). */
export function sessionCookieNames(env: Pick<Env, 'appUrl'>) {
  if (!env.appUrl.startsWith('https://')) return {};
  return Object.fromEntries(OWN_COOKIES.map((name) => [name, { name: `__Host-${COOKIE_PREFIX}.${name}` }]));
}

/** The session cookie's name, as the browser sends it back. */
export function sessionCookieName(env: Pick<Env, 'appUrl'>): string {
  return ownCookieName(env, 'session_token');
}

/** The name of one of our auth cookies (session_token, dont_remember, …) as the browser sends it back. */
export function ownCookieName(env: Pick<Env, 'appUrl'>, name: (typeof OWN_COOKIES)[number]): string {
  return env.appUrl.startsWith('https://') ? `__Host-${COOKIE_PREFIX}.${name}` : `${COOKIE_PREFIX}.${name}`;
}
