import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../tests/support/factories';
import { createTestApp } from '../../../tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';

describe('application shell', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const webDir = mkdtempSync(path.join(tmpdir(), 'mintbox-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'favicon.svg'), '<svg/>');
    app = createTestApp(database.db, { webDir });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('reports health with the database state', async () => {
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('publishes an OpenAPI document describing the catalogue and a local docs page', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      servers: Array<{ url: string }>;
      paths: Record<string, unknown>;
    };
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/health', '/campaigns', '/campaigns/{id}']),
    );
    const page = await (await app.request('/api/docs')).text();
    expect(page).toContain('/api/docs/swagger-ui-bundle.js');
    expect(page).not.toMatch(/https?:\/\//);
    const bundle = await app.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const response = await app.request('/api/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'No API route for GET /api/nope', code: 'NOT_FOUND' });
  });

  it('answers every error with a stable code (and the field, for bad input)', async () => {
    const read = async (response: Response) => ({ status: response.status, body: await response.json() });
    expect(await read(await app.request('/api/campaigns/abc'))).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', field: 'id' },
    });
    expect(await read(await app.request('/api/campaigns/999999'))).toEqual({
      status: 404,
      body: { error: 'Campaign Not Found', code: 'NOT_FOUND' },
    });
    expect(await read(await app.request('/api/me/applications'))).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    const foreign = await app.request('/api/me/paypal-code', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await read(foreign)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('serves index.html for app routes (not cached) and 404 with the app for unknown paths', async () => {
    const campaign = await insertCampaign(database.db);
    for (const route of ['/', `/campaign/${campaign.id}`, '/signin', '/admin/details/1']) {
      const response = await app.request(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
    for (const route of ['/this/is/not/a/page', `/campaign/${campaign.id + 1000}`]) {
      const unknown = await app.request(route);
      expect(unknown.status, route).toBe(404);
      expect(await unknown.text()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets forever and other files briefly', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await app.request('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends security headers', async () => {
    const response = await app.request('/');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
