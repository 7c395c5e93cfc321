import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithCookie, postJson } from '../../../../tests/support/auth-client';
import { captureMailer } from '../../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../../tests/support/creators';
import { startFakeEasypost } from '../../../../tests/support/fake-easypost';
import { type FakeInstagram, startFakeInstagram } from '../../../../tests/support/fake-instagram';
import { type FakePaypal, startFakePaypal } from '../../../../tests/support/fake-paypal';
import { type FakeTiktok, signInWithTiktok, startFakeTiktok } from '../../../../tests/support/fake-tiktok';
import { type FakeYoutube, startFakeYoutube } from '../../../../tests/support/fake-youtube';
import { freePort } from '../../../../tests/support/free-port';
import { testEnv } from '../../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../../tests/support/test-database';
import { creators } from '../../../db/schema/creators';
import { createAuth } from '../../auth/auth';
import { createApp } from '../../http/app';
import { silentLogger } from '../../process/logger';
import { createPaypalClient } from '../paypal/paypal-client';
import { checkIntegrations, formatReport, type ServiceReport, summary } from './check-integrations';

const byService = (reports: ServiceReport[]) =>
  Object.fromEntries(reports.map((r) => [r.service, formatReport(r)])) as Record<string, string>;

describe('integrations:check against the local stand-ins', () => {
  let paypal: FakePaypal;
  let youtube: FakeYoutube;
  let hanging: Server;
  let hangingUrl: string;
  let closedUrl: string;

  beforeAll(async () => {
    [paypal, youtube] = await Promise.all([startFakePaypal(), startFakeYoutube()]);
    youtube.videos.set('dQw4w9WgXcQ', { viewCount: 1_234_567, likeCount: 10 });
    // A server that takes connections and never answers, and a port where nothing listens.
    hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    closedUrl = `http://127.0.0.1:${await freePort()}`;
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await Promise.all([paypal.close(), youtube.close(), new Promise((r) => hanging.close(r))]);
  });

  const paypalVars = (secret = paypal.clientSecret, base = paypal.url) => ({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: secret,
    PAYPAL_API_BASE: base,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
  });
  const youtubeVars = (key = youtube.apiKey, base = youtube.url) => ({
    YOUTUBE_API_KEY: key,
    YOUTUBE_API_BASE: base,
  });

  it('says which services are not configured, and passes', async () => {
    const reports = await checkIntegrations(testEnv());
    expect(reports.map(formatReport)).toEqual([
      'PayPal: not configured: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are unset: payouts are paid by hand (manual mode).',
      'YouTube: not configured: YOUTUBE_API_KEY is unset: YouTube figures are entered by an admin or reported by the creator.',
      'Instagram: not configured: INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET are unset: creators cannot connect Instagram; its figures are entered by hand.',
      'TikTok: not configured: TIKTOK_CLIENT_ID and TIKTOK_CLIENT_SECRET are unset: no TikTok sign-in, TikTok figures are entered by hand.',
      'EasyPost: not configured: EASYPOST_API_KEY is unset: tracking numbers are kept as typed and deliveries are marked by hand.',
    ]);
    expect(summary(reports).exitCode).toBe(0);
  });

  it('proves an EasyPost key with one read of a made-up tracker, and says when the key is refused', async () => {
    const easypost = await startFakeEasypost();
    try {
      const vars = (key: string) => ({ EASYPOST_API_KEY: key, EASYPOST_API_BASE: `${easypost.url}/v2` });
      const good = await checkIntegrations(testEnv(vars(easypost.apiKey)));
      expect(byService(good).EasyPost).toMatch(
        /^EasyPost: configured \(127\.0\.0\.1:\d+\) · reachable · authorised: the key was accepted: the Trackers API answered the lookup of a made-up tracker with 404 NOT_FOUND, as it should\. Note: EASYPOST_WEBHOOK_SECRET is unset/,
      );
      expect(summary(good).exitCode).toBe(0);
      expect(easypost.trackers.size).toBe(0);
      const bad = await checkIntegrations(testEnv(vars('EZTK_wrong')));
      expect(byService(bad).EasyPost).toMatch(
        /· reachable · NOT authorised: EasyPost refused the key \(401 APIKEY\.REQUIRED\)/,
      );
      expect(summary(bad).exitCode).toBe(1);
    } finally {
      await easypost.close();
    }
  });

  it('proves PayPal and YouTube credentials with one read each, and reads the batch and video asked for', async () => {
    const calls = paypal.calls.length;
    const made = byService(await checkIntegrations(testEnv({ ...paypalVars(), ...youtubeVars() })));
    expect(made.PayPal).toMatch(
      /^PayPal: configured \(sandbox, 127\.0\.0\.1:\d+\) · reachable · authorised: a token was issued, and the Payouts API answered the lookup of a made-up batch id with 404 INVALID_RESOURCE_ID, as it should\.$/,
    );
    // One token, one read: nothing is written.
    expect(
      paypal.calls.slice(calls).map((c) => `${c.method} ${c.path.replace(/payouts\/[^/]+$/, 'payouts/:id')}`),
    ).toEqual(['POST /v1/oauth2/token', 'GET /v1/payments/payouts/:id']);
    expect(made.YouTube).toMatch(
      /· reachable · authorised: the API key works \(videos\.list of a made-up id answered no video, as it should\)/,
    );

    const { payoutBatchId } = await createPaypalClient({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      environment: 'sandbox',
      apiBase: paypal.url,
      webhookId: paypal.webhookId,
    }).createBatchPayout({
      senderBatchId: 'check-1',
      requestId: 'check-1',
      emailSubject: 's',
      emailMessage: 'm',
      items: [{ senderItemId: 'payout-1', receiver: 'ana@example.com', amount: 50, note: 'Mint' }],
    });
    const given = await checkIntegrations(testEnv({ ...paypalVars(), ...youtubeVars() }), {
      paypalBatch: payoutBatchId,
      youtubeVideo: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(byService(given).PayPal).toContain(
      `authorised: a token was issued and payout batch ${payoutBatchId} was read: SUCCESS, 1 item(s).`,
    );
    expect(byService(given).YouTube).toContain(
      'authorised: videos.list read video dQw4w9WgXcQ: 1,234,567 views.',
    );
    expect(summary(given)).toEqual({
      text: 'Every configured service checked answered as it should (PayPal, YouTube).',
      exitCode: 0,
    });

    const missing = await checkIntegrations(testEnv({ ...paypalVars(), ...youtubeVars() }), {
      paypalBatch: 'NOSUCHBATCH1',
      youtubeVideo: 'aaaaaaaaaaa',
    });
    expect(byService(missing).PayPal).toContain(
      'the credentials work, but PayPal has no payout batch NOSUCHBATCH1 (404 INVALID_RESOURCE_ID)',
    );
    expect(byService(missing).YouTube).toContain(
      'the API key works, but video aaaaaaaaaaa is not public or does not exist',
    );
    expect(summary(missing).exitCode).toBe(1);
  });

  it('names the refused credentials and the variables to check, and fails', async () => {
    const reports = await checkIntegrations(
      testEnv({ ...paypalVars('wrong-secret'), ...youtubeVars('wrong-key') }),
    );
    const lines = byService(reports);
    expect(lines.PayPal).toMatch(
      /^PayPal: configured \(sandbox, [^)]+\) · reachable · NOT authorised: PayPal refused the client id and secret \(invalid_client\)\. Check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET /,
    );
    expect(lines.YouTube).toMatch(
      /· reachable · NOT authorised: Google refused the API key \(keyInvalid\)\. Check YOUTUBE_API_KEY\.$/,
    );
    expect(summary(reports)).toEqual({
      text: '2 of 2 configured service(s) failed: PayPal, YouTube.',
      exitCode: 1,
    });
  });

  it('says plainly when a service cannot be reached, and prints no secret', async () => {
    const refused = await checkIntegrations(
      testEnv({ ...paypalVars(undefined, closedUrl), ...youtubeVars(undefined, closedUrl) }),
      { timeoutMs: 2000 },
    );
    const host = new URL(closedUrl).host;
    expect(byService(refused).PayPal).toBe(
      `PayPal: configured (sandbox, ${host}) · NOT reachable: ${host} refused the connection (ECONNREFUSED): nothing listens there; check the address.`,
    );
    expect(byService(refused).YouTube).toContain(`· NOT reachable: ${host} refused the connection`);

    const silent = await checkIntegrations(
      testEnv({ ...paypalVars(undefined, hangingUrl), ...youtubeVars(undefined, hangingUrl) }),
      { timeoutMs: 300 },
    );
    const hangingHost = new URL(hangingUrl).host;
    expect(byService(silent).PayPal).toContain(
      `· NOT reachable: ${hangingHost} did not answer within 0.3 s (timeout)`,
    );
    expect(byService(silent).YouTube).toContain(`${hangingHost} did not answer within 0.3 s (timeout)`);
    expect(summary(silent).exitCode).toBe(1);

    const printed = [...refused, ...silent].map(formatReport).join('\n');
    for (const secret of [paypal.clientSecret, youtube.apiKey]) expect(printed).not.toContain(secret);
  });
});

describe.each(TEST_DRIVERS)("integrations:check of a creator's connected accounts on %s", (driver) => {
  let database: TestDatabase;
  let instagram: FakeInstagram;
  let tiktok: FakeTiktok;
  let env: ReturnType<typeof testEnv>;
  let vars: Record<string, string>;
  let closedUrl: string;
  let tiktokCreatorEmail: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    [instagram, tiktok] = await Promise.all([startFakeInstagram(), startFakeTiktok()]);
    closedUrl = `http://127.0.0.1:${await freePort()}`;
    vars = {
      ...instagram.appEnv,
      ...tiktok.appEnv,
    };
    env = testEnv(vars);
    const logger = silentLogger();
    const auth = createAuth({ db: database.db, env, logger });
    const app = createApp({ db: database.db, env, logger, auth, mailer: captureMailer() });
    // Ana connects her Instagram account the way a creator does: /profile → Instagram's window → the callback.
    instagram.accounts.set('17841400000000001', {
      userId: '17841400000000001',
      username: 'ana.makes',
      ages: null,
    });
    instagram.authorizeAs = '17841400000000001';
    const ana = await createReadyCreator(app, database.db, { email: 'ana@example.com', name: 'Ana Lee' });
    await createReadyCreator(app, database.db, { email: 'bo@example.com', name: 'Bo Chan' });
    const start = await postJson(app, '/api/me/connections/instagram', {}, ana.cookie);
    const window = new URL(((await start.json()) as { url: string }).url);
    const back = new URL((await fetch(window, { redirect: 'manual' })).headers.get('location')!);
    const done = await getWithCookie(app, `${back.pathname}${back.search}`, ana.cookie);
    expect(done.headers.get('location')).toContain('connected');
    // Cy signs in with TikTok (the sign-in seals the tokens it stores).
    tiktok.users.set('open-cy', {
      open_id: 'open-cy',
      union_id: 'union-cy',
      display_name: 'Cy Doe',
      username: 'cydoe',
      avatar_large_url: 'https://p16.tiktokcdn.test/cy.jpg',
    });
    tiktok.authorizeAs = 'open-cy';
    expect((await signInWithTiktok(app)).location).toBe('/auth/callback?provider=tiktok');
    const [cy] = await database.db.select().from(creators).where(eq(creators.providerId, 'open-cy'));
    tiktokCreatorEmail = cy!.email;
  });
  afterAll(async () => {
    await Promise.all([instagram.close(), tiktok.close()]);
    await database?.destroy();
  });

  it("reads the connected Instagram account with the creator's own sealed token, and says when it is refused", async () => {
    const meCalls = () => instagram.requests.filter((r) => r.startsWith('GET /v23.0/me?')).length;
    const before = meCalls();
    const ok = byService(await checkIntegrations(env, { creator: 'Ana@Example.com', db: database.db }));
    expect(ok.Instagram).toMatch(
      /^Instagram: configured \(127\.0\.0\.1:\d+\) · reachable · authorised: ana@example\.com's token reads @ana\.makes \(it expires on \d{4}-\d\d-\d\d and is renewed before\)\.$/,
    );
    expect(meCalls() - before).toBe(1);

    instagram.expire('17841400000000001');
    const refused = await checkIntegrations(env, { creator: 'ana@example.com', db: database.db });
    expect(byService(refused).Instagram).toMatch(
      /· reachable · NOT authorised: Instagram refused ana@example\.com's token \(400 \(code 190\/463\): Error validating access token: Session has expired\.\): the creator must connect Instagram again on \/profile\.$/,
    );
    expect(summary(refused).exitCode).toBe(1);

    const other = byService(await checkIntegrations(env, { creator: 'bo@example.com', db: database.db }));
    expect(other.Instagram).toContain('bo@example.com has not connected Instagram');
    expect(other.TikTok).toContain(
      'bo@example.com has not signed in with TikTok (no TikTok token is stored).',
    );
    const nobody = byService(
      await checkIntegrations(env, { creator: 'nobody@example.com', db: database.db }),
    );
    expect(nobody.Instagram).toContain('no creator has the email nobody@example.com.');
  });

  it("checks TikTok with the creator's sealed sign-in token, and says plainly when TikTok cannot be reached", async () => {
    const unchecked = await checkIntegrations(env);
    expect(byService(unchecked).TikTok).toMatch(
      /^TikTok: configured \([^)]+\): not checked: give --creator <email>/,
    );
    expect(summary(unchecked)).toEqual({ text: 'Not checked: Instagram, TikTok (see above).', exitCode: 0 });

    const issued = tiktok.issued.filter((t) => t.openId === 'open-cy').at(-1)!;
    const reports = await checkIntegrations(env, { creator: tiktokCreatorEmail, db: database.db });
    expect(byService(reports).TikTok).toMatch(
      /^TikTok: configured \([^)]+\) · reachable · authorised: .*'s token reads "Cy Doe"\.$/,
    );
    // The token TikTok issued reached TikTok in clear (the stored one is ciphertext), and is never printed.
    expect(tiktok.bearers.at(-1)).toBe(issued.accessToken);
    expect(reports.map(formatReport).join('\n')).not.toContain(issued.accessToken);

    const unreachable = await checkIntegrations(testEnv({ ...vars, TIKTOK_API_BASE: closedUrl }), {
      creator: tiktokCreatorEmail,
      db: database.db,
    });
    const host = new URL(closedUrl).host;
    expect(byService(unreachable).TikTok).toBe(
      `TikTok: configured (${host}) · NOT reachable: ${host} refused the connection (ECONNREFUSED): nothing listens there; check the address.`,
    );
  });
});
