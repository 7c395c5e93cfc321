import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { postJson } from '../../../tests/support/auth-client';
import { startTestOidcProvider, type TestOidcProvider } from '../../../tests/support/oidc-provider';
import { TEST_DRIVERS } from '../../../tests/support/test-database';

const APP_URL = 'http://localhost:3000';

/** The README's table "Provider | Callback address": provider name -> address with {APP_URL}. */
function readmeCallbacks(): Map<string, string> {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const rows = [...readme.matchAll(/^ *\| (Google|Facebook|X|TikTok) \| `\{APP_URL\}(\/api\/[^`]+)` \|/gm)];
  return new Map(rows.map((row) => [row[1] as string, row[2] as string]));
}

// Issue 42, item 13: the README names each provider's callback address, the one the sign-in really sends.
describe.each(TEST_DRIVERS)('social sign-in callback addresses on %s', (driver) => {
  let google: TestOidcProvider;
  const api = useAdminApp(driver, async () => {
    google = await startTestOidcProvider({ appUrl: APP_URL, user: { email: 'g@example.com', name: 'G' } });
    return {
      env: {
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_DISCOVERY_URL: google.discoveryUrl,
        FACEBOOK_CLIENT_ID: 'fb-id',
        FACEBOOK_CLIENT_SECRET: 'fb-secret',
        X_CLIENT_ID: 'x-id',
        X_CLIENT_SECRET: 'x-secret',
        TIKTOK_CLIENT_ID: 'tt-key',
        TIKTOK_CLIENT_SECRET: 'tt-secret',
      },
      adminEmail: false,
    };
  });

  afterAll(async () => {
    await google?.close();
  });

  it('names for each provider the callback address its sign-in sends (X: twitter)', async () => {
    const named = readmeCallbacks();
    expect([...named.keys()].sort()).toEqual(['Facebook', 'Google', 'TikTok', 'X']);
    const providers = { Google: 'google', Facebook: 'facebook', X: 'x', TikTok: 'tiktok' } as const;
    for (const [name, id] of Object.entries(providers)) {
      const answer = await postJson(api.app, `/api/auth/social/${id}`, {});
      expect(answer.status, name).toBe(200);
      const { url } = (await answer.json()) as { url: string };
      expect(new URL(url).searchParams.get('redirect_uri'), name).toBe(`${APP_URL}${named.get(name)}`);
    }
    expect(named.get('X')).toBe('/api/auth/callback/twitter');
  });
});
