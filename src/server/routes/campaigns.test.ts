import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, insertCampaigns } from '../../../tests/support/factories';
import { createTestApp } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import type { CampaignPage } from '../../shared/schemas/campaign';

describe.each(TEST_DRIVERS)('campaign catalogue API on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>;

  const getJson = async <T = unknown>(path: string) => {
    const response = await app.request(path);
    return { status: response.status, body: (await response.json()) as T };
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = createTestApp(database.db);
    // 20 Instagram and TikTok campaigns alternating, newest is index 19.
    await insertCampaigns(database.db, 20, (i) => ({
      name: `Campaign ${String(i).padStart(2, '0')}`,
      platform: i % 2 === 0 ? 'instagram' : 'tiktok',
    }));
    // Two campaigns created in the same instant, to prove the cursor breaks ties by id.
    const sameInstant = new Date(Date.UTC(2025, 5, 1));
    await insertCampaign(database.db, { name: 'Tie A', createdAt: sameInstant, platform: 'youtube' });
    await insertCampaign(database.db, { name: 'Tie B', createdAt: sameInstant, platform: 'youtube' });
    await insertCampaign(database.db, {
      name: 'Vitamin Glow Serum',
      brand: 'Lumière Skin',
      description: 'A 100% natural_serum for mornings',
      tags: ['Beauty', 'Home Decor'],
      platform: 'facebook',
      createdAt: new Date(Date.UTC(2024, 0, 1)),
    });
    // Campaigns that are not open: a draft, an ended one, and one on hold.
    const notOpen = [
      { name: 'Secret Draft', status: 'draft', createdAt: new Date(Date.UTC(2027, 0, 1)) },
      { name: 'Finished One', status: 'ended', createdAt: new Date(Date.UTC(2023, 0, 1)) },
      // Newer than every open campaign: still not on the default grid.
      { name: 'On Hold', status: 'pending', createdAt: new Date(Date.UTC(2026, 11, 31)) },
    ] as const;
    for (const campaign of notOpen) await insertCampaign(database.db, campaign);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('lists the newest 8 open campaigns first with the total and a cursor', async () => {
    const { status, body } = await getJson<CampaignPage>('/api/campaigns');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(8);
    expect(body.items.map((c) => c.name)).toEqual([
      'Campaign 19',
      'Campaign 18',
      'Campaign 17',
      'Campaign 16',
      'Campaign 15',
      'Campaign 14',
      'Campaign 13',
      'Campaign 12',
    ]);
    expect(body.total).toBe(23);
    expect(body.nextCursor).toEqual(expect.any(String));
  });

  it('lists pending and ended campaigns only on request', async () => {
    const { body: open } = await getJson<CampaignPage>('/api/campaigns?limit=50');
    expect(open.items.map((c) => c.status)).toEqual(Array(23).fill('active'));
    const onHold = await getJson<CampaignPage>('/api/campaigns?q=hold');
    expect(onHold.body.total).toBe(0);

    const { body: all } = await getJson<CampaignPage>('/api/campaigns?status=all&limit=50');
    expect(all.total).toBe(25);
    expect(all.items[0]?.name).toBe('On Hold');
    expect(all.items.at(-1)?.name).toBe('Finished One');
    expect(all.items.map((c) => c.name)).not.toContain('Secret Draft');
    const pending = await getJson<CampaignPage>('/api/campaigns?status=pending');
    expect(pending.body.items.map((c) => c.name)).toEqual(['On Hold']);
  });

  it('returns every campaign exactly once when following the cursor, ties included', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=5&cursor=${encodeURIComponent(cursor)}` : '?limit=5';
      const { body } = await getJson<CampaignPage>(`/api/campaigns${query}`);
      seen.push(...body.items.map((c) => c.name));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect(seen.indexOf('Tie B')).toBe(seen.indexOf('Tie A') - 1);
    expect(seen.at(-1)).toBe('Vitamin Glow Serum');
    expect(pages).toBe(5);
  });

  it('never lists or shows a draft', async () => {
    const { body } = await getJson<CampaignPage>('/api/campaigns?limit=50');
    expect(body.items.map((c) => c.name)).not.toContain('Secret Draft');
    const draft = await getJson<CampaignPage>('/api/campaigns?q=secret');
    expect(draft.body.total).toBe(0);
  });

  it('filters by platform and by status', async () => {
    const tiktok = await getJson<CampaignPage>('/api/campaigns?platform=tiktok&limit=50');
    expect(tiktok.body.total).toBe(10);
    expect(tiktok.body.items.every((c) => c.platform === 'tiktok')).toBe(true);
    const ended = await getJson<CampaignPage>('/api/campaigns?status=ended');
    expect(ended.body.items.map((c) => c.name)).toEqual(['Finished One']);
  });

  it('matches keywords in name, brand, description and tags, case-insensitive', async () => {
    for (const q of ['vitamin', 'LUMIÈRE', 'natural_serum', 'home decor', 'glow beauty']) {
      const { body } = await getJson<CampaignPage>(`/api/campaigns?q=${encodeURIComponent(q)}`);
      expect(
        body.items.map((c) => c.name),
        q,
      ).toEqual(['Vitamin Glow Serum']);
    }
  });

  it('treats % and _ in keywords as plain characters', async () => {
    const percent = await getJson<CampaignPage>(`/api/campaigns?q=${encodeURIComponent('100%')}`);
    expect(percent.body.total).toBe(1);
    const wildcard = await getJson<CampaignPage>(`/api/campaigns?q=${encodeURIComponent('%')}`);
    expect(wildcard.body.total).toBe(1);
    const underscore = await getJson<CampaignPage>(`/api/campaigns?q=${encodeURIComponent('c_mpaign')}`);
    expect(underscore.body.total).toBe(0);
  });

  it('combines platform and keywords, and treats empty parameters as no filter', async () => {
    const { body } = await getJson<CampaignPage>('/api/campaigns?platform=instagram&q=campaign%2018');
    expect(body.items.map((c) => c.name)).toEqual(['Campaign 18']);
    const empty = await getJson<CampaignPage>('/api/campaigns?platform=&q=&status=&cursor=');
    expect(empty.body.total).toBe(23);
  });

  it('answers 400 naming the parameter for bad input, never 500', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/api/campaigns?limit=0', /^limit/],
      ['/api/campaigns?limit=51', /^limit must be at most 50/],
      ['/api/campaigns?limit=abc', /^limit/],
      ['/api/campaigns?limit=2.5', /^limit/],
      ['/api/campaigns?platform=myspace', /^platform/],
      ['/api/campaigns?status=draft', /^status/],
      ['/api/campaigns?cursor=not-a-cursor', /^cursor/],
      [`/api/campaigns?cursor=${Buffer.from('1.0').toString('base64url')}`, /^cursor/],
      [`/api/campaigns?q=${'x'.repeat(101)}`, /^q/],
      ['/api/campaigns/abc', /^id/],
      ['/api/campaigns/0', /^id/],
      ['/api/campaigns/99999999999', /^id/],
    ];
    for (const [path, message] of cases) {
      const { status, body } = await getJson<{ error: string }>(path);
      expect(status, path).toBe(400);
      expect(body.error, path).toMatch(message);
    }
  });

  it('returns one campaign by id, and 404 for an unknown id or a draft', async () => {
    const { body: list } = await getJson<CampaignPage>('/api/campaigns?limit=1');
    const first = list.items[0]!;
    const one = await getJson<{ id: number; name: string }>(`/api/campaigns/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: first.id, name: first.name });

    const missing = await getJson<{ error: string }>('/api/campaigns/999999');
    expect(missing).toEqual({ status: 404, body: { error: 'Campaign Not Found', code: 'NOT_FOUND' } });

    const { body: all } = await getJson<CampaignPage>('/api/campaigns?limit=50');
    const maxId = Math.max(...all.items.map((c) => c.id));
    const draftId = maxId + 1; // the draft was inserted after the last public ones but one
    const draft = await app.request(`/api/campaigns/${draftId}`);
    const draftBody = (await draft.json()) as { name?: string };
    expect(draftBody.name).not.toBe('Secret Draft');
  });

  it('gives the campaign every field of the spec', async () => {
    const { body } = await getJson<CampaignPage>('/api/campaigns?q=vitamin');
    expect(Object.keys(body.items[0]!).sort()).toEqual(
      [
        'id',
        'name',
        'brand',
        'platform',
        'type',
        'description',
        'requirements',
        'deadline',
        'reward',
        'applicationsCount',
        'followersRequired',
        'status',
        'budget',
        'reach',
        'imageUrl',
        'gallery',
        'tags',
        'createdAt',
        'updatedAt',
        // Issue 24: the box's value and the places left, beside the spec's fields.
        'productValue',
        'maxAccepted',
        'boxesLeft',
        // Issue 37: the products of the box and the boxes left over their variants (null without products).
        'box',
      ].sort(),
    );
    expect(body.items[0]).toMatchObject({
      deadline: '2030-01-31',
      budget: '1000.00',
      productValue: null,
      maxAccepted: null,
      boxesLeft: null,
      tags: ['Beauty', 'Home Decor'],
    });
  });
});
