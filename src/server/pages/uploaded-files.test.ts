import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signInAdmin } from '../../../tests/support/auth-client';
import { captureMailer } from '../../../tests/support/capture-mailer';
import { createReadyCreator } from '../../../tests/support/creators';
import { insertApplication, insertCampaign } from '../../../tests/support/factories';
import { insertSnapshot, insertSubmittedPost } from '../../../tests/support/posts';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { PNG_BYTES, uploadCampaignImage } from '../../../tests/support/uploads';
import type { Env } from '../../config/env';
import { submissions } from '../../db/schema/applications';
import { users } from '../../db/schema/auth';
import { contentMetricSnapshots } from '../../db/schema/content-metrics';
import { creators } from '../../db/schema/creators';
import { uploads } from '../../db/schema/uploads';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { localAreaDir, localFileStore } from '../integrations/file-storage/local-file-store';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';
import { backfillUploads } from '../services/uploads';

const ORIGIN = 'http://localhost:3000';
const ADMIN_PASSWORD = 'admin password 2026!';
const NOW = new Date('2026-06-20T12:00:00Z');
const POST = 'https://www.youtube.com/watch?v=aaaaaaaaaaa';

describe.each(TEST_DRIVERS)('uploaded files on %s', (driver) => {
  let database: TestDatabase;
  let env: Env;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  let ana: { cookie: string; creatorId: number; userId: string };
  let bo: { cookie: string; creatorId: number; userId: string };
  let anaPost: number;
  let boPost: number;

  const get = (url: string, cookie = '', method = 'GET') =>
    app.request(url, { method, headers: cookie ? { cookie } : {} });
  const reportFigures = (submissionId: number, cookie: string, extra: Record<string, string | File> = {}) => {
    const form = new FormData();
    form.append('postUrl', POST);
    form.append('views', '100');
    form.append('screenshot', new File([PNG_BYTES], 'shot.png', { type: 'image/png' }));
    for (const [key, value] of Object.entries(extra)) form.set(key, value);
    return app.request(`/api/submissions/${submissionId}/metrics`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie },
      body: form,
    });
  };
  const uploadImage = () => uploadCampaignImage(app, admin);
  const screenshotOf = async (snapshotId: number) => {
    const [row] = await database.db
      .select({ url: contentMetricSnapshots.screenshotUrl })
      .from(contentMetricSnapshots)
      .where(eq(contentMetricSnapshots.id, snapshotId));
    return row!.url!;
  };
  const uploadRow = async (url: string) =>
    (
      await database.db
        .select()
        .from(uploads)
        .where(eq(uploads.name, url.slice('/uploads/'.length)))
    )[0];
  const filesOnDisk = () => readdirSync(localAreaDir(env.dataDir, 'uploads')).sort();
  const creator = async (email: string, name: string) => {
    const made = await createReadyCreator(app, database.db, { email, name, youtube: 1000 });
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { ...made, userId: user!.id };
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    env = testEnv({ TRUST_PROXY: 'true' });
    const logger = silentLogger();
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth, mailer: captureMailer(), now: () => NOW });
    await upsertAdmin(database.db, auth, { email: 'files@mintbox.test', password: ADMIN_PASSWORD });
    admin = await signInAdmin(app, 'files@mintbox.test', ADMIN_PASSWORD);
    ana = await creator('ana-files@example.com', 'Ana Lee');
    bo = await creator('bo-files@example.com', 'Bo Chan');
    const campaignId = (await insertCampaign(database.db, { platform: 'youtube' })).id;
    anaPost = await insertSubmittedPost(database.db, {
      campaignId,
      creatorId: ana.creatorId,
      urls: [POST],
    });
    boPost = await insertSubmittedPost(database.db, {
      campaignId,
      creatorId: bo.creatorId,
      urls: [POST],
    });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("serves a creator's evidence screenshot to its owner and admins only, never cached; anyone else gets 404", async () => {
    const reported = await reportFigures(anaPost, ana.cookie);
    expect(reported.status).toBe(201);
    const url = await screenshotOf(((await reported.json()) as { id: number }).id);
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
    // Recorded in the same request: private, Ana's.
    expect(await uploadRow(url)).toMatchObject({
      ownerUserId: ana.userId,
      visibility: 'private',
      contentType: 'image/png',
      size: PNG_BYTES.length,
    });

    const missing = await get('/uploads/000000000000000000000000.png');
    expect(missing.status).toBe(404);
    const missingBody = await missing.text();
    for (const [who, cookie] of [
      ['anonymous', ''],
      ['another creator', bo.cookie],
    ] as const) {
      for (const method of ['GET', 'HEAD']) {
        const response = await get(url, cookie, method);
        expect(response.status, `${who} ${method}`).toBe(404);
        expect(response.headers.get('cache-control'), who).toBe('no-store');
        // The same answer as for a name that does not exist: the name is not confirmed.
        if (method === 'GET') expect(await response.text(), who).toBe(missingBody);
      }
    }

    for (const [who, cookie] of [
      ['owner', ana.cookie],
      ['admin', admin],
    ] as const) {
      const response = await get(url, cookie);
      expect(response.status, who).toBe(200);
      expect(response.headers.get('content-type'), who).toBe('image/png');
      expect(response.headers.get('cache-control'), who).toBe('private, no-store');
      expect(response.headers.get('x-content-type-options'), who).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), who).toContain("default-src 'self'");
      expect(new Uint8Array(await response.arrayBuffer()), who).toEqual(PNG_BYTES);
    }
  });

  it('serves campaign images to anyone, cached for good, with the same headers', async () => {
    const url = await uploadImage();
    expect(await uploadRow(url)).toMatchObject({ visibility: 'public', contentType: 'image/png' });
    const [adminUser] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'files@mintbox.test'));
    expect((await uploadRow(url))!.ownerUserId).toBe(adminUser!.id);
    for (const cookie of ['', bo.cookie]) {
      const response = await get(url, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    // Names other than the ones the server gives are not served at all.
    for (const odd of ['/uploads/../uploads.png', '/uploads/x.svg', `${url}/x`, '/uploads/']) {
      expect((await get(odd, admin)).status, odd).toBe(404);
    }
  });

  it("refuses a creator's private screenshot as a campaign image; a public upload is fine", async () => {
    const reported = await reportFigures(anaPost, ana.cookie);
    const privateUrl = await screenshotOf(((await reported.json()) as { id: number }).id);
    const publicUrl = await uploadImage();
    const campaign = (imageUrl: string, gallery: string[] = []) => ({
      name: 'Cover Test',
      brand: 'Brand',
      platform: 'youtube',
      type: 'paid',
      description: 'A campaign to test its images.',
      requirements: ['One video'],
      deadline: '2030-01-31',
      reward: 10,
      budget: '100',
      imageUrl,
      gallery,
    });
    for (const [body, field] of [
      [campaign(privateUrl), 'imageUrl'],
      [campaign(publicUrl, [privateUrl]), 'gallery'],
      [campaign('/uploads/000000000000000000000000.png'), 'imageUrl'],
    ] as const) {
      const refused = await postJson(app, '/api/admin/campaigns', body, admin);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'Upload an image for the campaign', field });
    }
    const created = await postJson(app, '/api/admin/campaigns', campaign(publicUrl), admin);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const patched = await app.request(`/api/admin/campaigns/${id}`, {
      method: 'PATCH',
      headers: { origin: ORIGIN, cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ gallery: [privateUrl] }),
    });
    expect(patched.status).toBe(400);
    // Still only its owner and admins see it.
    expect((await get(privateUrl)).status).toBe(404);
  });

  it("does not let a creator attach another creator's upload to their own submission or report", async () => {
    const reported = await reportFigures(anaPost, ana.cookie);
    const anaShot = await screenshotOf(((await reported.json()) as { id: number }).id);
    const before = filesOnDisk();

    // As the screenshot of a report: only a file sent with it is taken, never an address.
    const asAddress = await reportFigures(boPost, bo.cookie, { screenshot: `${ORIGIN}${anaShot}` });
    expect(asAddress.status).toBe(400);
    expect(((await asAddress.json()) as { error: string }).error).toMatch(/^screenshot:/);
    const withExtra = await reportFigures(boPost, bo.cookie, { screenshotUrl: anaShot });
    expect(withExtra.status).toBe(201);
    const boShot = await screenshotOf(((await withExtra.json()) as { id: number }).id);
    expect(boShot).not.toBe(anaShot);
    expect((await uploadRow(boShot))!.ownerUserId).toBe(bo.userId);
    expect((await get(anaShot, bo.cookie)).status).toBe(404);

    // On someone else's post: refused, and the file sent with it is not kept.
    const onAnas = await reportFigures(anaPost, bo.cookie);
    expect(onAnas.status).toBe(404);
    expect(filesOnDisk()).toEqual([...before, boShot.slice('/uploads/'.length)].sort());

    // As a post link of a submission.
    const [boCreator] = await database.db.select().from(creators).where(eq(creators.id, bo.creatorId));
    const { application } = await insertApplication(database.db, {
      status: 'accepted',
      campaign: await insertCampaign(database.db, { platform: 'youtube', type: 'paid' }),
      creator: boCreator!,
      at: NOW,
    });
    const submitted = await postJson(
      app,
      `/api/applications/${application.id}/submissions`,
      { urls: [`${ORIGIN}${anaShot}`] },
      bo.cookie,
    );
    expect(submitted.status).toBe(400);
    // Post links are links to posts on the campaign's platform: an address of ours never is one.
    expect(((await submitted.json()) as { error: string }).error).toMatch(
      /^urls: .* is not a link to a YouTube post$/,
    );
    expect(
      await database.db.select().from(submissions).where(eq(submissions.applicationId, application.id)),
    ).toEqual([]);
  });

  it('records files uploaded before the uploads table: evidence private to its creator, campaign images public, the rest admins only', async () => {
    const dir = localAreaDir(env.dataDir, 'uploads');
    const name = (n: number) => `${String(n).padStart(24, 'a')}.png`;
    const [evidence, cover, gallery, unused] = [name(1), name(2), name(3), name(4)];
    for (const file of [evidence, cover, gallery, unused]) writeFileSync(path.join(dir, file), PNG_BYTES);
    await insertSnapshot(database.db, {
      submissionId: anaPost,
      postUrl: POST,
      source: 'creator',
      views: 5,
      measuredAt: NOW,
      screenshotUrl: `/uploads/${evidence}`,
    });
    // A campaign that (wrongly) shows the evidence too: the evidence stays private.
    await insertCampaign(database.db, {
      imageUrl: `/uploads/${cover}`,
      gallery: [`/uploads/${cover}`, `/uploads/${gallery}`, `/uploads/${evidence}`],
    });

    // Before the backfill a file without a row is shown to admins only.
    for (const file of [evidence, cover, unused]) {
      expect((await get(`/uploads/${file}`)).status, file).toBe(404);
      expect((await get(`/uploads/${file}`, admin)).status, file).toBe(200);
    }

    const recorded = await backfillUploads(database.db, localFileStore(env.dataDir), NOW);
    expect(recorded).toEqual({ public: 2, private: 2 });
    expect(await uploadRow(`/uploads/${evidence}`)).toMatchObject({
      visibility: 'private',
      ownerUserId: ana.userId,
    });
    expect(await uploadRow(`/uploads/${cover}`)).toMatchObject({ visibility: 'public', ownerUserId: null });
    expect(await uploadRow(`/uploads/${gallery}`)).toMatchObject({ visibility: 'public' });
    expect(await uploadRow(`/uploads/${unused}`)).toMatchObject({ visibility: 'private', ownerUserId: null });
    // Run again (another instance, the next start): nothing changes.
    expect(await backfillUploads(database.db, localFileStore(env.dataDir), NOW)).toEqual({
      public: 0,
      private: 0,
    });

    expect((await get(`/uploads/${cover}`)).status).toBe(200);
    expect((await get(`/uploads/${gallery}`)).status).toBe(200);
    expect((await get(`/uploads/${evidence}`)).status).toBe(404);
    expect((await get(`/uploads/${evidence}`, bo.cookie)).status).toBe(404);
    expect((await get(`/uploads/${evidence}`, ana.cookie)).status).toBe(200);
    expect((await get(`/uploads/${unused}`, ana.cookie)).status).toBe(404);
    expect((await get(`/uploads/${unused}`, admin)).status).toBe(200);
  });
});
