import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaigns } from '../../../tests/support/factories';
import { memoryLogger } from '../../../tests/support/memory-logger';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { sessionCookieName } from '../auth/auth';
import { createApp } from '../http/app';
import type { ServerLifecycle } from '../http/context';
import { createMetrics } from '../process/metrics';
import { catalogueFastPath } from './catalogue-fast-path';

const env = testEnv();
/** A session cookie that is no session: the request takes the full chain, which finds no user. */
const CHAIN = { cookie: `${sessionCookieName(env)}=not-a-session` };

/** Header names and values, the request id aside (each answer has its own). */
const headersOf = (response: Response) =>
  [...response.headers].filter(([name]) => name !== 'x-request-id').sort(([a], [b]) => a.localeCompare(b));

describe.each(TEST_DRIVERS)('the catalogue fast path (%s)', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let comingSoon: ReturnType<typeof createApp>;
  const log = memoryLogger('info');
  const metrics = createMetrics();
  const lifecycle: ServerLifecycle = { draining: false };
  let ids: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const rows = await insertCampaigns(database.db, 30, (i) => ({
      status: i % 5 === 0 ? 'draft' : i % 7 === 0 ? 'ended' : 'active',
      platform: i % 2 === 0 ? 'tiktok' : 'instagram',
      name: i === 3 ? 'Glow serum launch' : `Campaign ${i}`,
      tags: ['beauty', `tag-${i}`],
    }));
    ids = rows.map((row) => row.id);
    app = createApp({ db: database.db, env, logger: log.logger, metrics, lifecycle });
    comingSoon = createApp({
      db: database.db,
      env: testEnv({ LAUNCH_MODE: 'coming-soon' }),
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('answers exactly what the full chain answers: status, body and headers', async () => {
    const first = (await (await app.request('/api/campaigns?limit=4')).json()) as { nextCursor: string };
    const paths = [
      '/api/campaigns',
      '/api/campaigns?platform=tiktok',
      '/api/campaigns?q=SERUM',
      '/api/campaigns?status=all&limit=50',
      `/api/campaigns?limit=4&cursor=${first.nextCursor}`,
      `/api/campaigns/${ids[1]}`,
      `/api/campaigns/${ids[7]}`,
      '/api/campaigns?unknown=ignored',
    ];
    for (const path of paths) {
      const fast = await app.request(path);
      const chain = await app.request(path, { headers: CHAIN });
      expect(fast.status, path).toBe(200);
      expect(chain.status, path).toBe(200);
      expect(await fast.text(), path).toBe(await chain.text());
      expect(headersOf(fast), path).toEqual(headersOf(chain));
      expect(fast.headers.get('x-request-id')).not.toBe(chain.headers.get('x-request-id'));
    }
  });

  it('gzips for clients that ask, as the chain does', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const fast = await app.request('/api/campaigns?status=all&limit=50', { headers: gzip });
    const chain = await app.request('/api/campaigns?status=all&limit=50', { headers: { ...gzip, ...CHAIN } });
    expect(fast.headers.get('content-encoding')).toBe('gzip');
    expect(headersOf(fast)).toEqual(headersOf(chain));
    expect(gunzipSync(Buffer.from(await fast.arrayBuffer())).toString()).toBe(
      gunzipSync(Buffer.from(await chain.arrayBuffer())).toString(),
    );
  });

  it('leaves what the chain refuses to the chain: bad parameters, control characters, drafts, unknown ids', async () => {
    const refused: Array<[string, number, string]> = [
      ['/api/campaigns?platform=myspace', 400, 'platform must be one of'],
      ['/api/campaigns?limit=2&limit=3', 400, 'limit'],
      ['/api/campaigns?cursor=bm90LWEtY3Vyc29y', 400, 'cursor is not valid'],
      ['/api/campaigns?q=%01', 400, 'must not contain control characters'],
      [`/api/campaigns/${ids[0]}`, 404, 'Campaign Not Found'],
      ['/api/campaigns/987654', 404, 'Campaign Not Found'],
      ['/api/campaigns/0', 400, 'id must be a positive whole number'],
      ['/api/campaigns/99999999999', 400, 'id must be a positive whole number'],
    ];
    for (const [path, status, message] of refused) {
      const response = await app.request(path);
      expect(response.status, path).toBe(status);
      expect(((await response.json()) as { error: string }).error, path).toContain(message);
      expect(response.headers.get('x-request-id'), path).toBeTruthy();
    }
    // Writes to the same paths are untouched.
    const post = await app.request('/api/campaigns', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(post.status).toBe(403);
  });

  it('keeps the marketplace closed to visitors in coming-soon mode', async () => {
    for (const path of ['/api/campaigns', `/api/campaigns/${ids[1]}`]) {
      const response = await comingSoon.request(path);
      expect(response.status, path).toBe(403);
      expect(((await response.json()) as { error: string }).error).toBe(
        'Mintbox is not open yet. Check back soon.',
      );
    }
  });

  it('counts, logs (inside its request id) and closes draining connections like the chain', async () => {
    const response = await app.request(`/api/campaigns/${ids[2]}`);
    const requestId = response.headers.get('x-request-id');
    const line = log.lines.find((l) => l.requestId === requestId);
    expect(line).toMatchObject({ msg: 'request', method: 'GET', route: '/api/campaigns/:id', status: 200 });
    const exposition = await metrics.registry.metrics();
    expect(exposition).toMatch(
      /mintbox_http_requests_total\{method="GET",route="\/api\/campaigns\/:id",status="200"\} \d+/,
    );
    expect(exposition).toMatch(
      /mintbox_http_requests_total\{method="GET",route="\/api\/campaigns",status="200"\} \d+/,
    );

    lifecycle.draining = true;
    try {
      expect((await app.request('/api/campaigns')).headers.get('connection')).toBe('close');
    } finally {
      lifecycle.draining = false;
    }
    expect((await app.request('/api/campaigns')).headers.get('connection')).toBeNull();
  });

  it('takes only anonymous catalogue GETs, and hands every non-200 back to the chain', async () => {
    const fastPath = catalogueFastPath({ db: database.db, env, logger: log.logger, metrics, lifecycle });
    let fallbacks = 0;
    const chain = () => {
      fallbacks++;
      return new Response('chain', { status: 599 });
    };
    const take = (path: string, init?: RequestInit) =>
      fastPath(new Request(`http://localhost${path}`, init), undefined, chain);

    const listed = await take('/api/campaigns?platform=tiktok');
    expect(listed?.status).toBe(200);
    expect((await take(`/api/campaigns/${ids[1]}`))?.status).toBe(200);
    expect(fallbacks).toBe(0);

    expect(take('/api/campaigns', { headers: CHAIN })).toBeUndefined();
    expect(take('/api/campaigns', { method: 'POST' })).toBeUndefined();
    expect(take('/api/campaigns/')).toBeUndefined();
    expect(take('/api/campaigns/stats')).toBeUndefined();
    expect(take(`/api/campaigns/${ids[1]}/applications`)).toBeUndefined();
    expect(take('/api/campaigns?platform=myspace')).toBeUndefined();
    const closed = catalogueFastPath({
      db: database.db,
      env: testEnv({ LAUNCH_MODE: 'coming-soon' }),
      logger: log.logger,
      metrics,
    });
    expect(closed(new Request('http://localhost/api/campaigns'), undefined, chain)).toBeUndefined();

    expect((await take('/api/campaigns/987654'))?.status).toBe(599);
    expect(fallbacks).toBe(1);
  });
});
