import type { Env } from '../../config/env';

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
