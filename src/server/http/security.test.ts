import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { cookieHeader, nextClientIp, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { TEST_DRIVERS } from '../../../tests/support/test-database';
import { accounts, sessions, users, verifications } from '../../db/schema/auth';

/**
 * Every state-changing route of the app, read from the app itself (so a route added later is covered without an
 * edit here), tried as an attacker would: from another site, without a session, as a creator on admin routes,
 * and with a body type a plain HTML form can send.
 */

const APP_ORIGIN = 'http://localhost:3000';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Better Auth's own endpoints (sign-up, sign-in, sign-out, password reset…), mounted as one catch-all. */
const BETTER_AUTH = 'POST /api/auth/*';
/**
 * The POST endpoints of Better Auth's catch-all the app uses (the web's forms, the profile, the tests' password
 * change), and its OAuth callback, which Better Auth itself would read as a form (a provider's `form_post`): all are
 * outside the OpenAPI document.
 */
const BETTER_AUTH_POSTS = [
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/email',
  '/api/auth/sign-out',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/change-password',
  '/api/auth/update-user',
  '/api/auth/callback/google',
];
/** Body types a page of any site can send without asking (an HTML form, a no-cors fetch) and one it cannot type. */
const NOT_JSON: Array<[label: string, contentType: string | null]> = [
  ['a form', 'application/x-www-form-urlencoded'],
  ['plain text', 'text/plain'],
  ['multipart', 'multipart/form-data; boundary=x'],
  ['no Content-Type', null],
];
/** Routes anyone may call (they start or prove a session). */
const PUBLIC = new Set([
  BETTER_AUTH,
  'POST /api/auth/admin-sign-in',
  'POST /api/auth/social/:provider',
  // The invitee has no account yet: the one-time invitation token is the credential (issue 39).
  'POST /api/team-invitations/:token/accept',
]);
/** Verified by a signature from the sender instead of an Origin (issue 9 adds it). */
const SIGNATURE_VERIFIED = new Set([
  'POST /api/webhooks/paypal',
  'POST /api/webhooks/easypost',
  'POST /api/webhooks/shopify',
  'POST /api/instagram/deauthorize',
  'POST /api/instagram/data-deletion',
]);

interface RouteUnderTest {
  key: string;
  method: string;
  path: string;
}

describe.each(TEST_DRIVERS)('every state-changing route on %s', (driver) => {
  const mailer = captureMailer();
  const api = useAdminApp(driver, { mailer, mailAuth: true, adminEmail: 'boss@mintbox.test' });
  let creator: string;
  let routes: RouteUnderTest[];

  const send = (
    route: RouteUnderTest,
    {
      cookie = '',
      headers = {},
      body = '{}',
      contentType = 'application/json',
    }: {
      cookie?: string;
      headers?: Record<string, string>;
      /** A string, or bytes (which a Request sends without a type of its own). */
      body?: string | Uint8Array<ArrayBuffer> | null;
      /** null: no Content-Type header at all. */
      contentType?: string | null;
    },
  ) =>
    api.app.request(route.path, {
      method: route.method,
      headers: {
        ...(body === null || contentType === null ? {} : { 'content-type': contentType }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === null ? {} : { body }),
    });
  const cookieFor = (route: RouteUnderTest) => (route.path.startsWith('/api/admin') ? api.admin : creator);

  beforeAll(async () => {
    creator = (await createReadyCreator(api.app, api.db, { email: 'sec-creator@example.com' })).cookie;
    const seen = new Map<string, RouteUnderTest>();
    for (const route of api.app.routes) {
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
    const MULTIPART_ROUTES = new Set([
      'POST /api/admin/uploads',
      'POST /api/submissions/:id/metrics',
      'POST /api/conversations/:id/images',
      'POST /api/admin/conversations/:id/images',
    ]);
    // Better Auth's catch-all is not in the OpenAPI document: each endpoint the app uses is tried.
    const targets = routes.flatMap((route) =>
      route.key === BETTER_AUTH ? BETTER_AUTH_POSTS.map((path) => ({ ...route, path })) : [route],
    );
    let refused = 0;
    for (const route of targets) {
      if (SIGNATURE_VERIFIED.has(route.key)) continue;
      for (const [label, contentType] of NOT_JSON) {
        if (route.key === 'POST /api/admin/campaigns/:id/shipments' && contentType === 'text/plain') continue;
        if (MULTIPART_ROUTES.has(route.key) && contentType?.startsWith('multipart/')) continue;
        const response = await send(route, {
          cookie: cookieFor(route),
          headers: { origin: APP_ORIGIN },
          contentType,
          // Bytes, so that no Content-Type is added when the test sends none.
          body: new TextEncoder().encode('a=1'),
        });
        expect(response.status, `${route.method} ${route.path} as ${label}`).toBe(415);
        expect(((await response.json()) as { error?: string }).error).toMatch(/^Send the request body as /);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(BETTER_AUTH_POSTS.length * NOT_JSON.length);
  });

  it("refuses a form, text or untyped body on Better Auth's endpoints from the app's origin, and changes nothing; JSON works", async () => {
    const email = 'form-post@example.com';
    const password = 'correct horse battery';
    const newPassword = 'a brand new passphrase';
    /** The same values as a form, as text and as JSON bytes without a Content-Type. */
    const refusedAs = async (path: string, values: Record<string, string>, cookie = '') => {
      const bodies: Array<[string, string | null, string]> = [
        ['a form', 'application/x-www-form-urlencoded', new URLSearchParams(values).toString()],
        ['plain text', 'text/plain', JSON.stringify(values)],
        ['no Content-Type', null, JSON.stringify(values)],
      ];
      for (const [label, contentType, body] of bodies) {
        const response = await api.app.request(path, {
          method: 'POST',
          headers: {
            origin: APP_ORIGIN,
            'x-forwarded-for': nextClientIp(),
            ...(contentType ? { 'content-type': contentType } : {}),
            ...(cookie ? { cookie } : {}),
          },
          body: new TextEncoder().encode(body),
        });
        expect(response.status, `${path} as ${label}`).toBe(415);
        expect(response.headers.getSetCookie(), `${path} as ${label}`).toEqual([]);
      }
    };
    const db = api.db;
    const userRows = () => db.select().from(users).where(eq(users.email, email));
    const sessionCount = async (userId: string) =>
      (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    const passwordHash = async (userId: string) =>
      (await db.select().from(accounts).where(eq(accounts.userId, userId)))[0]?.password;
    // Reset links are stored hashed (only the mail carries the token): every verification row counts here.
    const resetTokens = () => db.select().from(verifications);

    // Sign-up: no user until the body is JSON.
    await refusedAs('/api/auth/sign-up/email', { email, password, name: 'Form Poster' });
    expect(await userRows()).toHaveLength(0);
    expect(
      (await postJson(api.app, '/api/auth/sign-up/email', { email, password, name: 'Form Poster' })).status,
    ).toBe(200);
    const [user] = await userRows();
    expect(user).toBeDefined();
    const userId = user!.id;

    // Sign-in: no session until the body is JSON.
    await refusedAs('/api/auth/sign-in/email', { email, password });
    expect(await sessionCount(userId)).toBe(0);
    const signedIn = await postJson(api.app, '/api/auth/sign-in/email', { email, password });
    expect(signedIn.status).toBe(200);
    let cookie = cookieHeader(signedIn);
    expect(await sessionCount(userId)).toBe(1);

    // The profile's name.
    await refusedAs('/api/auth/update-user', { name: 'Changed By Form' }, cookie);
    expect((await userRows())[0]!.name).toBe('Form Poster');
    expect(
      (await postJson(api.app, '/api/auth/update-user', { name: 'Changed By JSON' }, cookie)).status,
    ).toBe(200);
    expect((await userRows())[0]!.name).toBe('Changed By JSON');

    // The password change.
    const hash = await passwordHash(userId);
    await refusedAs('/api/auth/change-password', { currentPassword: password, newPassword }, cookie);
    expect(await passwordHash(userId)).toBe(hash);
    const changed = await postJson(
      api.app,
      '/api/auth/change-password',
      { currentPassword: password, newPassword, revokeOtherSessions: false },
      cookie,
    );
    expect(changed.status).toBe(200);
    expect(await passwordHash(userId)).not.toBe(hash);
    cookie = cookieHeader(changed) || cookie;

    // The reset link is asked for, then used.
    const tokensBefore = (await resetTokens()).length;
    await refusedAs('/api/auth/request-password-reset', { email });
    expect(await resetTokens()).toHaveLength(tokensBefore);
    expect((await postJson(api.app, '/api/auth/request-password-reset', { email })).status).toBe(200);
    const tokens = await resetTokens();
    expect(tokens).toHaveLength(tokensBefore + 1);
    const resetMail = [...mailer.sent].reverse().find((m) => m.to === email.toLowerCase());
    const token = resetMail?.text.match(/[?&]token=([\w-]+)/)?.[1];
    expect(token, 'the reset link in the mail').toBeDefined();
    const beforeReset = await passwordHash(userId);
    await refusedAs('/api/auth/reset-password', { token: token!, newPassword: password });
    expect(await passwordHash(userId)).toBe(beforeReset);
    expect((await resetTokens()).length).toBe(tokensBefore + 1);
    expect(
      (await postJson(api.app, '/api/auth/reset-password', { token: token!, newPassword: password })).status,
    ).toBe(200);
    expect(await passwordHash(userId)).not.toBe(beforeReset);

    // Sign-out: the session stays until the body is JSON (the web sends {}), or there is no body at all.
    const sessionOf = async (c: string) =>
      (
        (await (await api.app.request('/api/session', { headers: { cookie: c } })).json()) as {
          user: unknown;
        }
      ).user;
    const signIn = async () =>
      cookieHeader(await postJson(api.app, '/api/auth/sign-in/email', { email, password }));
    cookie = await signIn();
    await refusedAs('/api/auth/sign-out', {}, cookie);
    expect(await sessionOf(cookie)).not.toBeNull();
    expect((await postJson(api.app, '/api/auth/sign-out', {}, cookie)).status).toBe(200);
    expect(await sessionOf(cookie)).toBeNull();
    // No body at all; an empty one without a length (as in-process); Content-Length: 0 with the empty stream the Node
    // server gives every POST (what a browser's fetch without a body sends).
    const bodyless: Array<[string, RequestInit]> = [
      ['no body', {}],
      ['an empty body', { body: new Uint8Array(0) }],
      ['Content-Length: 0', { headers: { 'content-length': '0' }, body: new Uint8Array(0) }],
    ];
    for (const [label, init] of bodyless) {
      cookie = await signIn();
      const response = await api.app.request('/api/auth/sign-out', {
        ...init,
        method: 'POST',
        headers: { origin: APP_ORIGIN, cookie, ...(init.headers as Record<string, string> | undefined) },
      });
      expect(response.status, label).toBe(200);
      expect(await sessionOf(cookie), label).toBeNull();
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
