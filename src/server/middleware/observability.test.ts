import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signUpCreator } from '../../../tests/support/auth-client';
import { memoryLogger } from '../../../tests/support/memory-logger';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { createApp } from '../http/app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and access lines', () => {
  let database: TestDatabase;
  const behindProxy = memoryLogger();
  const direct = memoryLogger();
  let proxied: ReturnType<typeof createApp>;
  let exposed: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    proxied = createApp({
      db: database.db,
      env: testEnv({ TRUST_PROXY: 'true' }),
      logger: behindProxy.logger,
    });
    exposed = createApp({ db: database.db, env: testEnv(), logger: direct.logger });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("puts the proxy's request id on every line written while serving the request, and answers it", async () => {
    const email = 'traced@example.com';
    const cookie = await signUpCreator(proxied, { email });
    const response = await postJson(proxied, '/api/send-verification', { email }, cookie, {
      'x-request-id': 'edge-7f3a.19',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('edge-7f3a.19');

    const mine = behindProxy.lines.filter((line) => line.requestId === 'edge-7f3a.19');
    // The mailer's line (deep inside the service) and the access line both carry it.
    expect(mine.map((line) => line.msg)).toEqual(['mail kept in the outbox (no SMTP_URL)', 'request']);
    expect(mine[1]).toMatchObject({ method: 'POST', route: '/api/send-verification', status: 200 });
    // No line of any request goes without an id.
    const requestLines = behindProxy.lines.filter((line) => line.msg === 'request');
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    for (const line of requestLines) expect(line.requestId).toEqual(expect.any(String));
    // The recipient is personal data: masked, never written as it is.
    expect(mine[0]?.to).toBe('t***@example.com');
    expect(JSON.stringify(behindProxy.lines)).not.toContain(email);
  });

  it('makes its own id when not behind a trusted proxy, or when the offered one could forge a log line', async () => {
    const ignored = await exposed.request('/api/health', { headers: { 'x-request-id': 'client-chosen' } });
    expect(ignored.headers.get('x-request-id')).toMatch(UUID);
    for (const offered of ['x" {"level":60,"msg":"forged"}', 'a'.repeat(300)]) {
      const forged = await proxied.request('/api/health', { headers: { 'x-request-id': offered } });
      expect(forged.headers.get('x-request-id')).toMatch(UUID);
    }
    const twice = await Promise.all([exposed.request('/api/health'), exposed.request('/api/health')]);
    expect(twice[0]!.headers.get('x-request-id')).not.toBe(twice[1]!.headers.get('x-request-id'));
  });

  it('logs route patterns, never raw paths or query strings', async () => {
    await exposed.request('/api/campaigns/987654?q=private-words');
    await exposed.request('/api/campaigns?q=private-words');
    const text = JSON.stringify(direct.lines);
    expect(text).toContain('"route":"/api/campaigns/:id"');
    expect(text).not.toContain('987654');
    expect(text).not.toContain('private-words');
    // A monitor's health checks stay out of the info level.
    const health = direct.lines.filter((line) => line.route === '/api/health');
    expect(health.length).toBeGreaterThan(0);
    for (const line of health) expect(line.level).toBe(20);
  });
});
