import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithCookie, postJson, signInAdmin } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { type FakeInstagram, startFakeInstagram } from '../../../tests/support/fake-instagram';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { instagramConnections } from '../../db/schema/content-metrics';
import type { InstagramConnectionStatus } from '../../shared/schemas/instagram';
import { createApp } from '../app';
import { createAuth } from '../auth';
import { silentLogger } from '../logger';
import { INSTAGRAM_TOKEN_PURPOSE } from '../metrics-sources/instagram';
import { open, sign } from '../secret-box';
import { upsertAdmin } from '../services/admin-accounts';

const NOW = new Date('2026-06-20T12:00:00Z');
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const CALLBACK = '/api/me/connections/instagram/callback';

describe.each(TEST_DRIVERS)('connecting Instagram on %s', (driver) => {
  let database: TestDatabase;
  let fake: FakeInstagram;
  let app: ReturnType<typeof createApp>;
  let ana: { cookie: string; influencerId: number };
  let bo: { cookie: string; influencerId: number };
  let admin: string;
  let clock = NOW;

  const start = async (cookie: string) => {
    const response = await postJson(app, '/api/me/connections/instagram', {}, cookie);
    expect(response.status).toBe(200);
    return new URL(((await response.json()) as { url: string }).url);
  };
  /** The browser at Instagram's window: where Instagram sends it back (path and query on our server). */
  const consent = async (authorize: URL) => {
    const answer = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location')!);
    expect(back.origin).toBe('http://localhost:3000');
    return `${back.pathname}${back.search}`;
  };
  const callback = async (path: string, cookie: string) => {
    const response = await getWithCookie(app, path, cookie);
    expect(response.status).toBe(302);
    return response.headers.get('location');
  };
  const status = async (cookie: string) =>
    (await (
      await getWithCookie(app, '/api/me/connections/instagram', cookie)
    ).json()) as InstagramConnectionStatus;
  const rows = () => database.db.select().from(instagramConnections);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    fake = await startFakeInstagram();
    const env = testEnv({
      INSTAGRAM_APP_ID: fake.appId,
      INSTAGRAM_APP_SECRET: fake.appSecret,
      INSTAGRAM_AUTHORIZE_BASE: fake.url,
      INSTAGRAM_OAUTH_BASE: fake.url,
      INSTAGRAM_API_BASE: fake.url,
    });
    const logger = silentLogger();
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth, mailer: captureMailer(), now: () => clock });
    await upsertAdmin(database.db, auth, { email: 'ops@mintbox.test', password: 'admin password 2026!' });
    admin = await signInAdmin(app, 'ops@mintbox.test', 'admin password 2026!');
    ana = await createReadyCreator(app, database.db, { email: 'ana@example.com', name: 'Ana Lee' });
    bo = await createReadyCreator(app, database.db, { email: 'bo@example.com', name: 'Bo Chan' });
    fake.accounts.set('17841400000000001', {
      userId: '17841400000000001',
      username: 'ana.makes',
      ages: null,
    });
  });
  afterAll(async () => {
    await fake.close();
    await database?.destroy();
  });

  it('sends the creator to Instagram with the scopes and a signed state, and stores the token encrypted', async () => {
    expect(await status(ana.cookie)).toEqual({ available: true, connection: null });
    const authorize = await start(ana.cookie);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: fake.appId,
      redirect_uri: `http://localhost:3000${CALLBACK}`,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_manage_insights',
    });
    fake.authorizeAs = '17841400000000001';
    expect(await callback(await consent(authorize), ana.cookie)).toBe('/profile?instagram=connected');

    expect(await status(ana.cookie)).toEqual({
      available: true,
      connection: {
        username: 'ana.makes',
        connectedAt: NOW.toISOString(),
        needsReconnect: false,
        demographicsAt: null,
      },
    });
    // The long-lived token the fake issued is nowhere in the row as stored; it opens with AUTH_SECRET only.
    const longLived = [...fake.tokens.keys()].filter((t) => t.startsWith('IGQlong'));
    expect(longLived).toHaveLength(1);
    const raw = await database.db.execute(
      sql`select row_to_json(ic)::text as raw from instagram_connections ic where influencer_id = ${ana.influencerId}`,
    );
    const stored = String((raw as unknown as { rows: Array<{ raw: string }> }).rows[0]!.raw);
    expect(stored).not.toContain(longLived[0]!);
    expect(stored).not.toContain('IGQ');
    const [row] = await rows();
    expect(open(SECRET, INSTAGRAM_TOKEN_PURPOSE, row!.tokenCiphertext)).toBe(longLived[0]);
    expect(row!.tokenExpiresAt.getTime()).toBe(NOW.getTime() + 5_184_000_000);
  });

  it('refuses a forged, foreign, tampered or expired state without calling Instagram', async () => {
    fake.authorizeAs = '17841400000000001';
    const before = await rows();
    const calls = fake.requests.length;
    // Bo replays the callback Ana was sent back with.
    const anas = await consent(await start(ana.cookie));
    expect(await callback(anas, bo.cookie)).toBe('/profile?instagram=invalid');
    // A state Bo made himself for Ana's user id, without the server's secret.
    const forged = sign('not-the-secret-not-the-secret-0123456789', 'instagram-connect-state', {
      u: 'whoever',
      n: 'x',
      e: NOW.getTime() + 60_000,
    });
    expect(await callback(`${CALLBACK}?code=ig-code-1&state=${forged}`, bo.cookie)).toBe(
      '/profile?instagram=invalid',
    );
    // Bo's own state, altered.
    const bos = new URL(await consent(await start(bo.cookie)), 'http://localhost:3000');
    const state = bos.searchParams.get('state')!;
    bos.searchParams.set('state', `${state.slice(0, -2)}AA`);
    expect(await callback(`${bos.pathname}${bos.search}`, bo.cookie)).toBe('/profile?instagram=invalid');
    // No state, and no session.
    expect(await callback(`${CALLBACK}?code=ig-code-2`, bo.cookie)).toBe('/profile?instagram=invalid');
    expect(await callback(anas, '')).toBe('/profile?instagram=invalid');
    // Only the two authorization windows were asked for; no code was exchanged.
    expect(fake.requests.slice(calls).every((r) => r.startsWith('GET /oauth/authorize'))).toBe(true);
    expect(await rows()).toEqual(before);
  });

  it('an expired state is refused; a cancelled window connects nothing', async () => {
    fake.authorizeAs = '17841400000000001';
    const back = await consent(await start(bo.cookie));
    clock = new Date(NOW.getTime() + 11 * 60_000);
    expect(await callback(back, bo.cookie)).toBe('/profile?instagram=invalid');
    clock = NOW;
    fake.authorizeAs = null;
    expect(await callback(await consent(await start(bo.cookie)), bo.cookie)).toBe(
      '/profile?instagram=cancelled',
    );
    expect((await status(bo.cookie)).connection).toBeNull();
  });

  it('says so when Instagram is not set up on the server', async () => {
    const env = testEnv();
    const plain = createApp({
      db: database.db,
      env,
      logger: silentLogger(),
      auth: createAuth({ db: database.db, env, logger: silentLogger() }),
      mailer: captureMailer(),
      now: () => NOW,
    });
    const started = await postJson(plain, '/api/me/connections/instagram', {}, bo.cookie);
    expect(started.status).toBe(409);
    expect(await started.json()).toMatchObject({
      code: 'CONFLICT',
      error: 'Connecting Instagram is not set up on this server yet.',
    });
    const answer = await getWithCookie(plain, '/api/me/connections/instagram', bo.cookie);
    expect(await answer.json()).toEqual({ available: false, connection: null });
  });

  it('only a creator connects; disconnecting deletes the token', async () => {
    const asAdmin = await postJson(app, '/api/me/connections/instagram', {}, admin);
    expect(asAdmin.status).toBe(403);
    expect((await postJson(app, '/api/me/connections/instagram', {})).status).toBe(401);
    const remove = () =>
      app.request('/api/me/connections/instagram', {
        method: 'DELETE',
        headers: { origin: 'http://localhost:3000', cookie: ana.cookie },
      });
    const removed = await remove();
    expect(removed.status).toBe(200);
    expect(await rows()).toEqual([]);
    expect((await status(ana.cookie)).connection).toBeNull();
    const again = await remove();
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({
      code: 'NOT_FOUND',
      error: 'No Instagram account is connected.',
    });
    expect(
      (
        await database.db
          .select()
          .from(instagramConnections)
          .where(eq(instagramConnections.influencerId, ana.influencerId))
      ).length,
    ).toBe(0);
  });
});
