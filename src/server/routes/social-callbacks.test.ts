import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../../tests/support/auth-client';
import { startTestOidcProvider, type TestOidcProvider } from '../../../tests/support/oidc-provider';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';

const APP_URL = 'http://localhost:3000';

/** The README's table "Provider | Callback address": provider name -> address with {APP_URL}. */
function readmeCallbacks(): Map<string, string> {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const rows = [...readme.matchAll(/^ *\| (Google|Facebook|X|TikTok) \| `\{APP_URL\}(\/api\/[^`]+)` \|/gm)];
  return new Map(rows.map((row) => [row[1] as string, row[2] as string]));
}

// Issue 42, item 13: the README names each provider's callback address, the one the sign-in really sends.
describe.each(TEST_DRIVERS)('social sign-in callback addresses on %s', (driver) => {
  let database: TestDatabase;
  let google: TestOidcProvider;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    google = await startTestOidcProvider({ appUrl: APP_URL, user: { email: 'g@example.com', name: 'G' } });
    const env = testEnv({
      TRUST_PROXY: 'true',
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_DISCOVERY_URL: google.discoveryUrl,
      FACEBOOK_CLIENT_ID: 'fb-id',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
      X_CLIENT_ID: 'x-id',
      X_CLIENT_SECRET: 'x-secret',
      TIKTOK_CLIENT_ID: 'tt-key',
      TIKTOK_CLIENT_SECRET: 'tt-secret',
    });
    const logger = silentLogger();
    app = createApp({ db: database.db, env, logger, auth: createAuth({ db: database.db, env, logger }) });
  });

  afterAll(async () => {
    await google?.close();
    await database?.destroy();
  });

  it('names for each provider the callback address its sign-in sends (X: twitter)', async () => {
    const named = readmeCallbacks();
    expect([...named.keys()].sort()).toEqual(['Facebook', 'Google', 'TikTok', 'X']);
    const providers = { Google: 'google', Facebook: 'facebook', X: 'x', TikTok: 'tiktok' } as const;
    for (const [name, id] of Object.entries(providers)) {
      const answer = await postJson(app, `/api/auth/social/${id}`, {});
      expect(answer.status, name).toBe(200);
      const { url } = (await answer.json()) as { url: string };
      expect(new URL(url).searchParams.get('redirect_uri'), name).toBe(`${APP_URL}${named.get(name)}`);
    }
    expect(named.get('X')).toBe('/api/auth/callback/twitter');
  });
});
