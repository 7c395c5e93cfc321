import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp } from '../../../tests/support/admin-app';
import { getWithCookie, postJson } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator, saveProfile } from '../../../tests/support/creators';
import { insertCampaign } from '../../../tests/support/factories';
import {
  type FakeInstagram,
  GRAPH_ERRORS,
  metaSignedRequest,
  startFakeInstagram,
} from '../../../tests/support/fake-instagram';
import { insertSubmittedPost } from '../../../tests/support/posts';
import { testEnv } from '../../../tests/support/test-app';
import { TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import type { Env } from '../../config/env';
import type { DatabaseDriver } from '../../db/client';
import {
  contentMetricFetches,
  contentMetricSnapshots,
  instagramConnections,
  platformDataDeletions,
} from '../../db/schema/content-metrics';
import type { InstagramConnectionStatus } from '../../shared/schemas/instagram';
import { createAuth } from '../auth/auth';
import { open, sign } from '../auth/secret-box';
import { createApp } from '../http/app';
import { createInstagramSource, INSTAGRAM_TOKEN_PURPOSE } from '../integrations/instagram/instagram-source';
import { refreshContentMetrics } from '../jobs/refresh-content-metrics';
import { silentLogger } from '../process/logger';

const NOW = new Date('2026-06-20T12:00:00Z');
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const CALLBACK = '/api/me/connections/instagram/callback';
/** A time as a signed_request's issued_at (Unix seconds). */
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The Instagram stand-in, and the app pointed at it (on the clock `now` reads) with an admin signed in. */
async function startInstagramApp(driver: DatabaseDriver, now: () => Date) {
  const fake = await startFakeInstagram();
  return {
    fake,
    ...(await startAdminApp(driver, { env: fake.appEnv, mailer: captureMailer(), now })),
  };
}

describe.each(TEST_DRIVERS)('connecting Instagram on %s', (driver) => {
  let database: TestDatabase;
  let fake: FakeInstagram;
  let app: ReturnType<typeof createApp>;
  let ana: { cookie: string; creatorId: number };
  let bo: { cookie: string; creatorId: number };
  let admin: string;
  let clock = NOW;
  let env: Env;

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
    ({ fake, database, app, admin, env } = await startInstagramApp(driver, () => clock));
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
      sql`select row_to_json(ic)::text as raw from instagram_connections ic where influencer_id = ${ana.creatorId}`,
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
    // Meta's callbacks have nothing to verify with.
    const deletion = await plain.request('/api/instagram/data-deletion', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'signed_request=abc.def',
    });
    expect(deletion.status).toBe(404);
    expect(await deletion.json()).toEqual({
      code: 'NOT_FOUND',
      error: 'Instagram is not set up on this server.',
    });
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
          .where(eq(instagramConnections.creatorId, ana.creatorId))
      ).length,
    ).toBe(0);
  });
  it("Meta's callbacks: a forged signed_request changes nothing; a valid one deletes the connection and the insights read from Instagram, and the status page says so", async () => {
    // Ana connects again and the job reads her reel; her post has too few viewers for insights (code 10).
    fake.authorizeAs = '17841400000000001';
    expect(await callback(await consent(await start(ana.cookie)), ana.cookie)).toBe(
      '/profile?instagram=connected',
    );
    const reel = 'https://www.instagram.com/reel/C7xYz12AbCd/';
    const post = 'https://www.instagram.com/p/C1aaaaaaaaa/';
    const submissionId = await insertSubmittedPost(database.db, {
      campaignId: (await insertCampaign(database.db, { platform: 'instagram' })).id,
      creatorId: ana.creatorId,
      urls: [reel, post],
      reviewedAt: new Date(NOW.getTime() - 3_600_000),
    });
    const counts = { views: 500, reach: 400, saved: 5, likes: 40, comments: 3, shares: 2 };
    fake.media.set('1801', { owner: '17841400000000001', shortcode: 'C7xYz12AbCd', ...counts });
    fake.media.set('1802', { owner: '17841400000000001', shortcode: 'C1aaaaaaaaa', ...counts });
    fake.mediaErrors.set('1802', GRAPH_ERRORS.notEnoughViewers);
    const runJob = () =>
      refreshContentMetrics({
        db: database.db,
        // The source production builds from the environment, on the test's clock.
        sources: [
          createInstagramSource(env.instagram!, {
            db: database.db,
            authSecret: env.authSecret,
            now: () => clock,
          }),
        ],
        now: clock,
        logger: silentLogger(),
      });
    expect(await runJob()).toMatchObject({ read: 1, failed: 1 });
    expect((await status(ana.cookie)).connection).toMatchObject({ needsReconnect: false });
    const apiSnapshots = () =>
      database.db
        .select()
        .from(contentMetricSnapshots)
        .where(eq(contentMetricSnapshots.submissionId, submissionId));
    expect(await apiSnapshots()).toEqual([expect.objectContaining({ postUrl: reel, views: 500 })]);

    const callbackOf = (path: string, body: Record<string, string> | string) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
      });
    // Refused: signed with another secret, an altered payload, not a signed request, no field at all.
    const forged = metaSignedRequest('not-the-app-secret', {
      user_id: '17841400000000001',
      issued_at: unix(clock),
    });
    const valid = metaSignedRequest(fake.appSecret, { user_id: '17841400000000001', issued_at: unix(clock) });
    const [signature] = valid.split('.');
    const altered = `${signature}.${Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', user_id: '17841400000000002' })).toString('base64url')}`;
    for (const [signed, message] of [
      [forged, 'The signed_request is not one Meta signed for this app.'],
      [altered, 'The signed_request is not one Meta signed for this app.'],
      ['not-a-signed-request', 'The signed_request must be two base64url parts joined by a dot.'],
      ['a.b', 'The signed_request payload is not JSON.'],
    ] as const) {
      for (const path of ['/api/instagram/deauthorize', '/api/instagram/data-deletion']) {
        const refused = await callbackOf(path, { signed_request: signed });
        expect(refused.status, `${path} ${signed}`).toBe(400);
        expect(await refused.json()).toEqual({ code: 'BAD_REQUEST', error: message });
      }
    }
    const empty = await callbackOf('/api/instagram/data-deletion', '');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'signed_request' });
    expect(await rows()).toHaveLength(1);
    expect(await database.db.select().from(platformDataDeletions)).toEqual([]);

    // Meta's Data Deletion request for Ana's account.
    clock = new Date(NOW.getTime() + 60_000);
    const deleted = await callbackOf('/api/instagram/data-deletion', { signed_request: valid });
    expect(deleted.status).toBe(200);
    const answer = (await deleted.json()) as { url: string; confirmation_code: string };
    expect(answer.url).toBe(`http://localhost:3000/data-deletion/${answer.confirmation_code}`);
    expect(await rows()).toEqual([]);
    expect(await apiSnapshots()).toEqual([]);
    const fetchRows = await database.db
      .select()
      .from(contentMetricFetches)
      .where(eq(contentMetricFetches.submissionId, submissionId));
    expect(fetchRows.map((f) => f.doneAt)).toEqual([clock, clock]);
    expect((await status(ana.cookie)).connection).toBeNull();
    expect(await database.db.select().from(platformDataDeletions)).toEqual([
      expect.objectContaining({
        confirmationCode: answer.confirmation_code,
        kind: 'data_deletion',
        platformUserId: '17841400000000001',
        removed: { connections: 1, snapshots: 1 },
        completedAt: clock,
      }),
    ]);
    // The post is no longer read.
    const calls = fake.requests.length;
    clock = new Date(NOW.getTime() + 2 * 3_600_000);
    await runJob();
    expect(fake.requests.length).toBe(calls);

    // The status page, in plain words.
    const page = await app.request(new URL(answer.url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const text = await page.text();
    expect(text).toContain(`Confirmation code: ${answer.confirmation_code}`);
    expect(text).toContain(
      'On 20 June 2026 at 12:01 UTC, Instagram sent us a request to delete the data Mintbox obtained from an Instagram account.',
    );
    expect(text).toContain(
      'We disconnected the Instagram account from Mintbox and deleted its access token, the follower count read from it and the ages of its followers.',
    );
    expect(text).toContain('We deleted 1 reading of post figures');
    expect(text).toContain('The deletion was completed on 20 June 2026 at 12:01 UTC.');

    // Deauthorize for an account we never held: confirmed, and the page says there was nothing.
    const unknown = await callbackOf('/api/instagram/deauthorize', {
      signed_request: metaSignedRequest(fake.appSecret, {
        user_id: '17841499999999999',
        issued_at: unix(clock),
      }),
    });
    expect(unknown.status).toBe(200);
    const { confirmation_code } = (await unknown.json()) as { confirmation_code: string };
    const nothing = await (await app.request(`/data-deletion/${confirmation_code}`)).text();
    expect(nothing).toContain('Instagram told us that Mintbox was removed from an Instagram account.');
    expect(nothing).toContain('We held no data from this Instagram account, so there was nothing to delete.');

    // An unknown code.
    const notFound = await app.request('/data-deletion/0123456789abcdef01234567');
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toContain('We have no deletion request with this confirmation code.');
    clock = NOW;
  });
});

describe.each(TEST_DRIVERS)('the follower count read from Instagram (verified) on %s', (driver) => {
  let database: TestDatabase;
  let fake: FakeInstagram;
  let app: ReturnType<typeof createApp>;
  let env: Env;
  let admin: string;
  let cy: { cookie: string; creatorId: number };
  let clock = NOW;

  beforeAll(async () => {
    ({ fake, database, app, admin, env } = await startInstagramApp(driver, () => clock));
    // Cy typed 5,000 Instagram followers (Nano); Instagram says 62,000.
    cy = await createReadyCreator(app, database.db, {
      email: 'cy@example.com',
      name: 'Cy Moss',
      instagram: 5000,
    });
    fake.accounts.set('17841400000000003', {
      userId: '17841400000000003',
      username: 'cy.moss',
      ages: null,
      followersCount: 62_000,
    });
  });
  afterAll(async () => {
    await fake.close();
    await database?.destroy();
  });

  type Detail = {
    tier: string;
    tierBasis: string;
    socials: Array<{
      platform: string;
      followers: number | null;
      verifiedFollowers: number | null;
      verifiedAt: string | null;
    }>;
  };
  const detail = async () =>
    (await (await getWithCookie(app, `/api/admin/influencers/${cy.creatorId}`, admin)).json()) as Detail;
  const instagram = async () => (await detail()).socials.find((s) => s.platform === 'instagram');

  it('is read at connect time, shown beside the stated one, and decides tier and eligibility', async () => {
    const campaign = await insertCampaign(database.db, { platform: 'instagram', followersRequired: 50_000 });
    const eligibility = async () =>
      (await (await getWithCookie(app, `/api/campaigns/${campaign.id}/eligibility`, cy.cookie)).json()) as {
        canApply: boolean;
        reason: string | null;
      };
    expect(await eligibility()).toMatchObject({ canApply: false, reason: 'followers_below' });
    expect(await detail()).toMatchObject({ tier: 'Nano', tierBasis: 'Tier from stated followers' });

    fake.authorizeAs = '17841400000000003';
    const authorize = new URL(
      (
        (await (await postJson(app, '/api/me/connections/instagram', {}, cy.cookie)).json()) as {
          url: string;
        }
      ).url,
    );
    expect(authorize.searchParams.get('scope')).toBe(
      'instagram_business_basic,instagram_business_manage_insights',
    );
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const done = await getWithCookie(app, `${back.pathname}${back.search}`, cy.cookie);
    expect(done.headers.get('location')).toBe('/profile?instagram=connected');
    expect(fake.requests.some((r) => r.includes('fields=user_id%2Cusername%2Cfollowers_count'))).toBe(true);

    expect(await instagram()).toEqual(
      expect.objectContaining({ followers: 5000, verifiedFollowers: 62_000, verifiedAt: NOW.toISOString() }),
    );
    // The total audience counts Instagram's figure too (62,000, not the 5,000 typed).
    expect(await detail()).toMatchObject({
      tier: 'Macro',
      tierBasis: 'Tier from verified Instagram followers',
      totalFollowers: 62_000,
    });
    const me = (await (await getWithCookie(app, '/api/me', cy.cookie)).json()) as Record<string, unknown>;
    expect(me).toMatchObject({
      influencer_tier: 'Macro',
      tier_basis: 'Tier from verified Instagram followers',
      total_followers: 62_000,
      social_accounts: [
        expect.objectContaining({
          platform: 'instagram',
          followers: 5000,
          verified_followers: 62_000,
          verified_at: NOW.toISOString(),
        }),
      ],
    });

    // 62,000 verified meets the 50,000 the campaign asks for; the applicant card shows both counts.
    expect(await eligibility()).toMatchObject({ canApply: true, reason: null });
    const applied = await postJson(app, `/api/campaigns/${campaign.id}/applications`, {}, cy.cookie);
    expect(applied.status).toBe(201);
    const applicants = (await (
      await getWithCookie(app, `/api/admin/campaigns/${campaign.id}/applications`, admin)
    ).json()) as { items: Array<{ creator: Record<string, unknown> }> };
    expect(applicants.items[0]!.creator).toMatchObject({
      tier: 'Macro',
      tierBasis: 'Tier from verified Instagram followers',
      followers: { instagram: 5000 },
      verifiedFollowers: { instagram: { followers: 62_000, at: NOW.toISOString() } },
    });
  });

  it('the daily upkeep reads it again and re-tiers; editing the profile keeps it', async () => {
    fake.accounts.get('17841400000000003')!.followersCount = 8_000;
    const at = new Date(NOW.getTime() + 25 * 3_600_000);
    await createInstagramSource(env.instagram!, {
      db: database.db,
      authSecret: SECRET,
      now: () => at,
    }).maintain(at);
    expect(await instagram()).toEqual(
      expect.objectContaining({ followers: 5000, verifiedFollowers: 8_000, verifiedAt: at.toISOString() }),
    );
    expect(await detail()).toMatchObject({
      tier: 'Nano',
      tierBasis: 'Tier from verified Instagram followers',
    });

    // Cy edits the profile (a new YouTube count, 20,000): the verified Instagram count stays; the stated one decides.
    clock = at;
    const me = (await (await getWithCookie(app, '/api/me', cy.cookie)).json()) as {
      profile: Record<string, unknown>;
    };
    const saved = await saveProfile(app, cy.cookie, {
      ...me.profile,
      youtubeHandle: '@cymoss',
      youtubeSubscribers: 20_000,
    });
    expect(saved.status).toBe(200);
    expect(await instagram()).toEqual(
      expect.objectContaining({ verifiedFollowers: 8_000, verifiedAt: at.toISOString() }),
    );
    expect(await detail()).toMatchObject({ tier: 'Mid-Tier', tierBasis: 'Tier from stated followers' });
  });

  it("Meta's data deletion forgets the count read from Instagram; the stated one stays", async () => {
    const deleted = await app.request('/api/instagram/data-deletion', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        signed_request: metaSignedRequest(fake.appSecret, {
          user_id: '17841400000000003',
          issued_at: unix(clock),
        }),
      }).toString(),
    });
    expect(deleted.status).toBe(200);
    expect(await instagram()).toEqual(
      expect.objectContaining({ followers: 5000, verifiedFollowers: null, verifiedAt: null }),
    );
    expect(await detail()).toMatchObject({ tier: 'Mid-Tier', tierBasis: 'Tier from stated followers' });
  });
});
