import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../../tests/support/auth-client';
import { createReadyCreator } from '../../../tests/support/creators';
import { giveMint } from '../../../tests/support/mint';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, TEST_DRIVERS, type TestDatabase } from '../../../tests/support/test-database';
import { createApp } from '../http/app';
import type { Mailer } from '../mail/mailer';
import { silentLogger } from '../process/logger';
import { countingMailer, createMetrics } from '../process/metrics';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(TEST_DRIVERS)('Prometheus metrics on %s', (driver) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  const metrics = createMetrics();

  const scrape = async () => {
    const response = await app.request('/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = createApp({
      db: database.db,
      env: testEnv({ METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' }),
      logger: silentLogger(),
      metrics,
    });
    metrics.watch({ db: database.db, pool: database.pool, logger: silentLogger() });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('needs the token', async () => {
    expect((await app.request('/api/metrics')).status).toBe(401);
    const wrong = await app.request('/api/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: 'A valid metrics token is required (Authorization: Bearer …)',
      code: 'UNAUTHORIZED',
    });
    const right = await app.request('/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests and their latency per route pattern, without ids or queries in the labels', async () => {
    await app.request('/api/campaigns/424242?q=someone');
    await app.request('/api/campaigns/515151');
    await app.request('/api/campaigns?q=someone');
    const text = await scrape();
    expect(text).toContain(
      'mintbox_http_requests_total{method="GET",route="/api/campaigns/:id",status="404"} 2',
    );
    expect(text).toContain('mintbox_http_requests_total{method="GET",route="/api/campaigns",status="200"} 1');
    expect(text).toContain(
      'mintbox_http_request_duration_seconds_count{method="GET",route="/api/campaigns/:id"} 2',
    );
    expect(text).not.toMatch(/424242|515151|someone/);
  });

  it('shows pool use on PostgreSQL, and payouts per status', async () => {
    let text = await scrape();
    if (driver === 'postgres') expect(text).toMatch(/mintbox_db_pool_connections\{state="total"\} [1-9]/);
    else expect(text).not.toContain('mintbox_db_pool_connections{');
    expect(text).not.toContain('mintbox_payouts{');

    const creator = await createReadyCreator(app, database.db, { email: 'metrics@example.com' });
    await giveMint(database.db, creator.creatorId, 150);
    const redeem = () =>
      postJson(app, '/api/me/payouts', { amount: 50 }, creator.cookie, {
        'idempotency-key': randomUUID(),
      });
    expect((await redeem()).status).toBe(201);
    expect((await redeem()).status).toBe(201);
    const third = (await (await redeem()).json()) as { id: number };
    expect((await postJson(app, `/api/me/payouts/${third.id}/cancel`, {}, creator.cookie)).status).toBe(200);
    text = await scrape();
    expect(text).toContain('mintbox_payouts{status="pending"} 2');
    expect(text).toContain('mintbox_payouts{status="cancelled"} 1');
  });
});

describe('metrics switches and counters', () => {
  it('keeps /api/metrics off without METRICS_TOKEN', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const app = createApp({ db: database.db, env: testEnv(), logger: silentLogger() });
      const response = await app.request('/api/metrics', {
        headers: { authorization: 'Bearer anything-at-all' },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'Metrics are off: set METRICS_TOKEN to turn them on',
        code: 'NOT_FOUND',
      });
    } finally {
      await database.destroy();
    }
  });

  it('counts mails sent and failed', async () => {
    const metrics = createMetrics();
    let fail = false;
    const inner: Mailer = {
      async send() {
        if (fail) throw new Error('SMTP said no');
      },
    };
    const mailer = countingMailer(inner, metrics);
    const message = { to: 'a@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };
    await mailer.send(message);
    await mailer.send(message);
    fail = true;
    await expect(mailer.send(message)).rejects.toThrow('SMTP said no');
    const text = await metrics.registry.metrics();
    expect(text).toContain('mintbox_mails_total{outcome="sent"} 2');
    expect(text).toContain('mintbox_mails_total{outcome="failed"} 1');
    expect(text).not.toContain('a@example.com');
  });
});
