import { describe, expect, it } from 'vitest';
import { testEnv } from '../../../tests/support/test-app';
import { useTestDatabase } from '../../../tests/support/use-test-database';
import { createApp } from '../http/app';
import { trustedOrigins } from '../http/trusted-origins';
import { silentLogger } from '../process/logger';

describe('the origins the app trusts', () => {
  it('is APP_URL, plus its loopback twins outside production', () => {
    expect(trustedOrigins({ appUrl: 'http://localhost:3000', nodeEnv: 'development' })).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(trustedOrigins({ appUrl: 'http://127.0.0.1:4000', nodeEnv: 'test' })).toEqual([
      'http://127.0.0.1:4000',
      'http://localhost:4000',
      'http://[::1]:4000',
    ]);
    expect(trustedOrigins({ appUrl: 'http://localhost:3000', nodeEnv: 'production' })).toEqual([
      'http://localhost:3000',
    ]);
    expect(trustedOrigins({ appUrl: 'https://mintbox.example', nodeEnv: 'development' })).toEqual([
      'https://mintbox.example',
    ]);
  });
});

describe('development on 127.0.0.1', () => {
  const database = useTestDatabase('pglite');

  /** What Chromium sends for a same-origin fetch from a page on `origin`. */
  const browserSignUp = (app: ReturnType<typeof createApp>, origin: string, email: string) =>
    app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'cors',
        'sec-fetch-dest': 'empty',
      },
      body: JSON.stringify({ name: 'New Comer', email, password: 'correct horse battery' }),
    });

  it('signs a newcomer up on http://127.0.0.1:3000 when APP_URL says localhost', async () => {
    const app = createApp({
      db: database.db,
      env: testEnv({ NODE_ENV: 'development', APP_URL: 'http://localhost:3000' }),
      logger: silentLogger(),
    });
    const response = await browserSignUp(app, 'http://127.0.0.1:3000', 'newcomer@example.com');
    expect(response.status).toBe(200);
    const social = await app.request('/api/auth/social/facebook', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(social.status).toBe(400); // not configured: it got past the origin check
  });

  it('keeps production to APP_URL alone', async () => {
    const app = createApp({
      db: database.db,
      env: testEnv({
        NODE_ENV: 'production',
        APP_URL: 'http://localhost:3000',
        SMTP_URL: 'smtp://127.0.0.1:9',
      }),
      logger: silentLogger(),
    });
    const twin = await app.request('/api/auth/social/facebook', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(twin.status).toBe(403);
  });

  it("never refuses a browser's same-origin request, whatever host it used", async () => {
    const app = createApp({
      db: database.db,
      env: testEnv({ APP_URL: 'https://mintbox.example' }),
      logger: silentLogger(),
    });
    const response = await app.request('/api/auth/social/facebook', {
      method: 'POST',
      headers: {
        origin: 'http://10.0.0.5:8080',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(response.status).toBe(400);
  });
});
