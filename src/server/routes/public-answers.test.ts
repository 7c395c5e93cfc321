import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp } from '../../../tests/support/admin-app';
import { postJson } from '../../../tests/support/auth-client';
import { eventually } from '../../../tests/support/bounded';
import { GLOW_SERUM_CAMPAIGN } from '../../../tests/support/box-campaign';
import { createReadyCreator } from '../../../tests/support/creators';
import { listenForChanges } from '../../../tests/support/listen';
import { createTestApp } from '../../../tests/support/test-app';
import { TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { listenForInvalidations } from '../../db/cache-invalidation';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { silentLogger } from '../process/logger';

const CAMPAIGN = { ...GLOW_SERUM_CAMPAIGN, name: 'Cached Glow Serum' };

type App = ReturnType<typeof createTestApp>;

const get = (app: App, path: string, etag?: string) =>
  app.request(path, etag ? { headers: { 'If-None-Match': etag } } : {});

async function patch(app: App, cookie: string, id: number, body: unknown) {
  const response = await app.request(`/api/admin/campaigns/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/**
 * Issue 44, item 3: the public answers (a campaign by id, the catalogue's first pages) are kept as ready bytes with a
 * strong ETag; a repeated read is the same bytes and a conditional one a 304; an admin's edit shows at once on the
 * instance that made it and, through LISTEN/NOTIFY, on another instance on the same database; a draft is never
 * served to the public.
 */
describe.each(TEST_DRIVERS)('public answers kept ready on %s', (driver) => {
  let database: TestDatabase;
  let app: App;
  let admin: string;
  let stopListening: () => Promise<void>;
  let campaignId: number;

  beforeAll(async () => {
    ({ database, app, admin } = await startAdminApp(driver, { adminEmail: 'answers-admin@example.com' }));
    stopListening = await listenForChanges(database);
    const created = await postJson(app, '/api/admin/campaigns', CAMPAIGN, admin);
    expect(created.status).toBe(201);
    campaignId = ((await created.json()) as { id: number }).id;
  });

  afterAll(async () => {
    await stopListening?.();
    await database?.destroy();
  });

  it('answers a repeated read with the same bytes and ETag, and a conditional one with 304', async () => {
    for (const path of [
      `/api/campaigns/${campaignId}`,
      '/api/campaigns',
      '/api/campaigns?platform=instagram',
    ]) {
      const first = await get(app, path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const body = await first.text();
      const second = await get(app, path);
      expect(second.headers.get('etag')).toBe(etag);
      expect(await second.text()).toBe(body);
      const unchanged = await get(app, path, etag!);
      expect(unchanged.status, path).toBe(304);
      expect(await unchanged.text()).toBe('');
      expect(unchanged.headers.get('etag')).toBe(etag);
    }
  });

  it('answers a signed-in reader (the routed chain, not the fast path) from the same kept bytes', async () => {
    const path = `/api/campaigns/${campaignId}`;
    const anonymous = await get(app, path);
    const etag = anonymous.headers.get('etag')!;
    const signedIn = await app.request(path, { headers: { cookie: admin } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('etag')).toBe(etag);
    expect(await signedIn.text()).toBe(await anonymous.text());
    const unchanged = await app.request(path, { headers: { cookie: admin, 'If-None-Match': `W/${etag}` } });
    expect(unchanged.status).toBe(304);
  });

  it("shows an admin's edit at once, by id and on the first page, with a new ETag", async () => {
    const before = await get(app, `/api/campaigns/${campaignId}`);
    const oldTag = before.headers.get('etag')!;
    await get(app, '/api/campaigns');
    await patch(app, admin, campaignId, { name: 'Renamed Glow Serum' });
    const after = await get(app, `/api/campaigns/${campaignId}`, oldTag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(oldTag);
    expect(((await after.json()) as { name: string }).name).toBe('Renamed Glow Serum');
    const page = (await (await get(app, '/api/campaigns')).json()) as {
      items: Array<{ id: number; name: string }>;
    };
    expect(page.items.find((item) => item.id === campaignId)?.name).toBe('Renamed Glow Serum');
  });

  it('never serves a campaign made a draft, nor a draft, to the public', async () => {
    expect((await get(app, `/api/campaigns/${campaignId}`)).status).toBe(200);
    await patch(app, admin, campaignId, { status: 'draft' });
    const hidden = await get(app, `/api/campaigns/${campaignId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('etag')).toBeNull();
    const page = (await (await get(app, '/api/campaigns')).json()) as { items: Array<{ id: number }> };
    expect(page.items.map((item) => item.id)).not.toContain(campaignId);
    await patch(app, admin, campaignId, { status: 'active' });
    expect((await get(app, `/api/campaigns/${campaignId}`)).status).toBe(200);
  });

  it("shows a creator's application in the counts without anyone editing the campaign", async () => {
    const path = `/api/campaigns/${campaignId}`;
    const before = (await (await get(app, path)).json()) as { applicationsCount: number };
    const creator = await createReadyCreator(app, database.db, { email: `answers-${driver}@example.com` });
    const applied = await postJson(app, `${path}/applications`, {}, creator.cookie);
    expect(applied.status, await applied.clone().text()).toBe(201);
    // The database trigger on applications announces `campaign:<id>` once the application commits.
    await eventually('the kept answer forgets the campaign', async () => {
      const now = (await (await get(app, path)).json()) as { applicationsCount: number };
      return now.applicationsCount === before.applicationsCount + 1;
    });
  });

  it.runIf(driver === 'postgres')("shows one instance's edit on another instance at once", async () => {
    const second: DatabaseHandle = await openDatabase({
      url: process.env.TEST_DATABASE_URL!,
      searchPath: database.migrationsSchema,
      poolSize: 2,
    });
    const listening = await listenForInvalidations(second.db, {
      connectionString: process.env.TEST_DATABASE_URL!,
      logger: silentLogger(),
      schema: database.migrationsSchema,
    });
    try {
      const other = createTestApp(second.db);
      const path = `/api/campaigns/${campaignId}`;
      const first = await get(other, path);
      const etag = first.headers.get('etag')!;
      expect((await get(other, path, etag)).status).toBe(304);
      await patch(app, admin, campaignId, { name: 'Renamed Elsewhere' });
      await eventually('the other instance hears the edit', async () => {
        const response = await get(other, path, etag);
        return (
          response.status === 200 &&
          ((await response.json()) as { name: string }).name === 'Renamed Elsewhere'
        );
      });
      await patch(app, admin, campaignId, { status: 'draft' });
      await eventually(
        'the other instance hides the draft',
        async () => (await get(other, path)).status === 404,
      );
      await patch(app, admin, campaignId, { status: 'active' });
    } finally {
      await listening.close();
      await second.close();
    }
  });
});
