import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from '../../../tests/support/admin-app';
import { getWithCookie, signInAdmin } from '../../../tests/support/auth-client';
import { eventually } from '../../../tests/support/bounded';
import { SERUM_CAMPAIGN, SERUM_SHADES } from '../../../tests/support/box-campaign';
import { createReadyCreator } from '../../../tests/support/creators';
import { listenForChanges } from '../../../tests/support/listen';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import type { PackingSummary, ProductView } from '../../shared/schemas/products';
import type { AdminApplicantList } from '../../shared/schemas/shipping';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';

/*
 * Issue 37, decision 0049: the review page, the shipping list and the packing summary are kept as ready answers.
 * What a kept page must never do: outlive a change to what it shows (a write through this instance, or one the
 * database announces: a job, a webhook, another instance), or reach anyone the permission check refuses.
 */

const PASSWORD = 'kept pages admin 2026!';
// The clock is the machine's here: a deadline far ahead keeps the campaign open.
const CAMPAIGN = { ...SERUM_CAMPAIGN, name: 'Kept Serum Boxes', deadline: '2030-07-01' };

describe.each(TEST_DRIVERS)('admin campaign pages kept ready on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let owner: string;
  let viewer: string;
  let stopListening: () => Promise<void>;
  let campaignId: number;
  let variantId: number;
  const applicationIds: number[] = [];
  const creatorIds: number[] = [];
  let creatorCookie: string;

  const send = async (method: string, path: string, body: unknown, cookie: string) => {
    const answer = await sendJson(app, method, path, body, cookie);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
  const paths = () => ({
    review: `/api/admin/campaigns/${campaignId}/applications`,
    shipping: `/api/admin/campaigns/${campaignId}/applications?group=progress`,
    packing: `/api/admin/campaigns/${campaignId}/packing`,
  });
  const read = async <T>(path: string, cookie = owner) => {
    const response = await getWithCookie(app, path, cookie);
    expect(response.status, path).toBe(200);
    return { body: (await response.json()) as T, etag: response.headers.get('etag') };
  };
  const review = async (path = paths().review) => (await read<AdminApplicantList>(path)).body;
  const packing = async () => (await read<PackingSummary>(paths().packing)).body;
  const applicant = async (index: number) =>
    (await review()).items.find((a) => a.id === applicationIds[index])!;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const env = testEnv({ TRUST_PROXY: 'true' });
    const logger = silentLogger();
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth });
    stopListening = await listenForChanges(database);
    await upsertAdmin(database.db, auth, { email: 'kept-owner@mintbox.test', password: PASSWORD });
    await upsertAdmin(database.db, auth, {
      email: 'kept-viewer@mintbox.test',
      password: PASSWORD,
      role: 'viewer',
    });
    owner = await signInAdmin(app, 'kept-owner@mintbox.test', PASSWORD);
    viewer = await signInAdmin(app, 'kept-viewer@mintbox.test', PASSWORD);
    campaignId = (await send('POST', '/api/admin/campaigns', CAMPAIGN, owner)).id as number;
    await send(
      'POST',
      `/api/admin/campaigns/${campaignId}/products`,
      { name: 'Serum', variants: SERUM_SHADES },
      owner,
    );
    const [product] = (
      (await (await getWithCookie(app, `/api/campaigns/${campaignId}/products`, '')).json()) as {
        items: ProductView[];
      }
    ).items;
    variantId = product!.variants[0]!.id;
    for (const n of [1, 2]) {
      const creator = await createReadyCreator(app, database.db, { email: `kept${n}@example.com` });
      const applied = await send(
        'POST',
        `/api/campaigns/${campaignId}/applications`,
        { choices: [{ productId: product!.id, variantId }] },
        creator.cookie,
      );
      applicationIds.push(applied.id as number);
      creatorCookie = creator.cookie;
    }
    const rows = (await database.db.execute(
      sql`select influencer_id from applications where campaign_id = ${campaignId} order by id`,
    )) as unknown as { rows: Array<{ influencer_id: number }> };
    creatorIds.push(...rows.rows.map((r) => Number(r.influencer_id)));
  });
  afterAll(async () => {
    await stopListening?.();
    await database?.destroy();
  });

  it('answers a repeated read with the same kept bytes and ETag, and a conditional read with 304', async () => {
    for (const path of Object.values(paths())) {
      const first = await getWithCookie(app, path, owner);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const body = await first.text();
      const again = await getWithCookie(app, path, owner);
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(await again.text()).toBe(body);
      const unchanged = await app.request(path, { headers: { cookie: owner, 'If-None-Match': etag! } });
      expect(unchanged.status, path).toBe(304);
      expect(await unchanged.text()).toBe('');
    }
  });

  it('keeps the page: a change the database does not announce stays unseen until the next announced one', async () => {
    expect((await applicant(0)).creator.state).toBe('TX');
    // Triggers off for this one statement (as a bulk repair might run): no notice, so the kept page stands.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update influencer_profiles set state = 'NV' where influencer_id = ${creatorIds[0]}`,
      );
    });
    expect((await applicant(0)).creator.state).toBe('TX');
    await database.db.execute(
      sql`update influencer_profiles set city = city where influencer_id = ${creatorIds[1]}`,
    );
    await eventually(
      'the review page after a profile update',
      async () => (await applicant(0)).creator.state === 'NV',
    );
  });

  it("shows an admin's write through this instance on the very next read: acceptance, shipment, a renamed variant", async () => {
    const { shipping } = paths();
    expect((await packing()).toPack).toBe(0);
    expect((await review(shipping)).items).toHaveLength(0);
    await send('POST', `/api/admin/applications/${applicationIds[0]}/accept`, {}, owner);
    expect((await applicant(0)).status).toBe('accepted');
    expect((await review(shipping)).items.map((a) => a.id)).toEqual([applicationIds[0]]);
    expect((await review()).counts.awaitingShipment).toBe(1);
    expect((await packing()).toPack).toBe(1);
    await send(
      'POST',
      `/api/admin/applications/${applicationIds[0]}/shipment`,
      { carrier: 'UPS', trackingNumber: '1ZKEPT0001' },
      owner,
    );
    expect((await packing()).items[0]).toMatchObject({ toPack: 0, shipped: 1 });
    expect((await review(shipping)).items[0]).toMatchObject({
      status: 'shipped',
      trackingNumber: '1ZKEPT0001',
    });
    await send('PATCH', `/api/admin/variants/${variantId}`, { name: 'Shade Uno' }, owner);
    expect((await packing()).items[0]!.variant).toBe('Shade Uno');
    expect((await applicant(0)).choices[0]!.variant).toBe('Shade Uno');
  });

  it('shows what a job, a webhook or another instance changed once the database announces it', async () => {
    await review();
    await packing();
    const db = database.db;
    // A carrier's event applied by the tracking job: the box delivered.
    await db.execute(
      sql`update applications set status = 'delivered', delivered_at = now() where id = ${applicationIds[0]}`,
    );
    await eventually(
      'the review page after a delivery',
      async () => (await applicant(0)).status === 'delivered',
    );
    // The daily follower read of the creator's account.
    await db.execute(
      sql`update social_accounts set followers = 77777 where influencer_id = ${creatorIds[1]}`,
    );
    await eventually(
      'the review page after a follower read',
      async () => (await applicant(1)).creator.followers.instagram === 77777,
    );
    // The store's re-sync renaming a variant.
    await db.execute(sql`update product_variants set sku = 'SER-01B' where id = ${variantId}`);
    await eventually(
      'the packing summary after a re-sync',
      async () => (await packing()).items[0]!.sku === 'SER-01B',
    );
  });

  it('serves one kept page to every admin role, and never to a creator or a visitor', async () => {
    const { review: path } = paths();
    const kept = await read<AdminApplicantList>(path, owner);
    const asViewer = await read<AdminApplicantList>(path, viewer);
    expect(asViewer.etag).toBe(kept.etag);
    for (const p of Object.values(paths())) {
      expect((await getWithCookie(app, p, creatorCookie)).status, p).toBe(403);
      expect((await getWithCookie(app, p, '')).status, p).toBe(401);
    }
  });
});
