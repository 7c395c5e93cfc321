import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../tests/support/auth-client';
import { createReadyCreator } from '../../tests/support/creators';
import { testEnv } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../tests/support/test-database';
import { createApp } from './app';
import { createAuth } from './auth';
import { silentLogger } from './logger';
import { upsertAdmin } from './services/admin-accounts';

/**
 * Every state-changing route of the app, read from the app itself (so a route added later is covered without an
 * edit here), tried as an attacker would: from another site, without a session, as a creator on admin routes,
 * and with a body type a plain HTML form can send.
 */

const APP_ORIGIN = 'http://localhost:3000';
const ADMIN_PASSWORD = 'admin password 2026!';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Better Auth's own endpoints (sign-up, sign-in, sign-out, password reset…), mounted as one catch-all. */
const BETTER_AUTH = 'POST /api/auth/*';
/** Routes anyone may call (they start or prove a session). */
const PUBLIC = new Set([BETTER_AUTH, 'POST /api/auth/admin-sign-in', 'POST /api/auth/social/:provider']);
/** Verified by a signature from the sender instead of an Origin (issue 9 adds it). */
const SIGNATURE_VERIFIED = new Set(['POST /api/webhooks/paypal']);

interface RouteUnderTest {
  key: string;
  method: string;
  path: string;
}

describe.each(TEST_DRIVERS)('every state-changing route on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  let creator: string;
  let routes: RouteUnderTest[];

  const send = (
    route: RouteUnderTest,
    {
      cookie = '',
      headers = {},
      body = '{}',
    }: { cookie?: string; headers?: Record<string, string>; body?: string | null },
  ) =>
    app.request(route.path, {
      method: route.method,
      headers: {
        ...(body === null ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === null ? {} : { body }),
    });
  const cookieFor = (route: RouteUnderTest) => (route.path.startsWith('/api/admin') ? admin : creator);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const env = testEnv({ TRUST_PROXY: 'true' });
    const logger = silentLogger();
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth });
    await upsertAdmin(database.db, auth, {
      email: 'boss@mintbox.test',
      password: ADMIN_PASSWORD,
      username: 'boss',
    });
    admin = await signInAdmin(app, 'boss', ADMIN_PASSWORD);
    creator = (await createReadyCreator(app, database.db, { email: 'sec-creator@example.com' })).cookie;
    const seen = new Map<string, RouteUnderTest>();
    for (const route of app.routes) {
      if (!STATE_CHANGING.has(route.method) || !route.path.startsWith('/api/')) continue;
      const key = `${route.method} ${route.path}`;
      const path =
        key === BETTER_AUTH
          ? '/api/auth/sign-up/email'
          : route.path.replace(/:([a-zA-Z]+)/g, (_, name) => (name === 'provider' ? 'facebook' : '1'));
      seen.set(key, { key, method: route.method, path });
    }
    routes = [...seen.values()];
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('reads the route list from the app', () => {
    const keys = routes.map((route) => route.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        BETTER_AUTH,
        'POST /api/admin/submissions/:id/approve',
        'POST /api/admin/campaigns/:id/shipments',
        'POST /api/admin/uploads',
        'PATCH /api/me/profile',
        'DELETE /api/admin/campaigns/:id',
      ]),
    );
    expect(routes.length).toBeGreaterThan(20);
  });

  it('refuses a foreign Origin, Origin null and no Origin with 403, even with a valid session', async () => {
    const attempts: Array<[string, Record<string, string>]> = [
      ['foreign origin', { origin: 'https://evil.example' }],
      ['look-alike origin', { origin: 'http://localhost:3000.evil.example' }],
      ['origin null', { origin: 'null' }],
      ['no origin', {}],
      ['cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
      ['cross-site with a forged origin', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ];
    let refused = 0;
    for (const route of routes) {
      if (SIGNATURE_VERIFIED.has(route.key)) continue;
      for (const [label, headers] of attempts) {
        const response = await send(route, { cookie: cookieFor(route), headers });
        expect(response.status, `${route.key}: ${label}`).toBe(403);
        expect(((await response.json()) as { error?: string }).error, `${route.key}: ${label}`).toMatch(
          /did not come from Mintbox/,
        );
        refused += 1;
      }
    }
    expect(refused).toBe(
      (routes.length - routes.filter((r) => SIGNATURE_VERIFIED.has(r.key)).length) * attempts.length,
    );
  });

  it('lets the same request through from the app origin', async () => {
    for (const route of routes) {
      if (SIGNATURE_VERIFIED.has(route.key)) continue;
      const fromApp = await send(route, { cookie: cookieFor(route), headers: { origin: APP_ORIGIN } });
      expect(fromApp.status, route.key).not.toBe(403);
    }
  });

  it('answers 415 to a form or plain-text body on every JSON route', async () => {
    // Uploads take multipart bodies (a form with a file).
    const MULTIPART_ROUTES = new Set(['POST /api/admin/uploads', 'POST /api/submissions/:id/metrics']);
    for (const route of routes) {
      if (route.key === BETTER_AUTH || SIGNATURE_VERIFIED.has(route.key)) continue;
      for (const contentType of [
        'application/x-www-form-urlencoded',
        'text/plain',
        'multipart/form-data; boundary=x',
      ]) {
        if (route.key === 'POST /api/admin/campaigns/:id/shipments' && contentType === 'text/plain') continue;
        if (MULTIPART_ROUTES.has(route.key) && contentType.startsWith('multipart/')) continue;
        const response = await send(route, {
          cookie: cookieFor(route),
          headers: { origin: APP_ORIGIN, 'content-type': contentType },
          body: 'a=1',
        });
        expect(response.status, `${route.key} as ${contentType}`).toBe(415);
        expect(((await response.json()) as { error?: string }).error).toMatch(/^Send the request body as /);
      }
    }
  });

  it('needs a session on every route that is not public (401)', async () => {
    for (const route of routes) {
      if (PUBLIC.has(route.key) || SIGNATURE_VERIFIED.has(route.key)) continue;
      const response = await send(route, { headers: { origin: APP_ORIGIN }, body: null });
      expect(response.status, route.key).toBe(401);
    }
  });

  it("refuses a creator's session on every admin route (403)", async () => {
    const adminRoutes = routes.filter((route) => route.path.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(10);
    for (const route of adminRoutes) {
      const response = await send(route, { cookie: creator, headers: { origin: APP_ORIGIN }, body: null });
      expect(response.status, route.key).toBe(403);
    }
  });
});
