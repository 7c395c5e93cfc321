import { constants, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCampaigns } from '../../../tests/support/factories';
import { createTestApp } from '../../../tests/support/test-app';
import { useTestDatabase } from '../../../tests/support/use-test-database';
import type { AppBindings } from '../http/context';
import { silentLogger } from '../process/logger';
import { createMetrics } from '../process/metrics';
import { observeRequests } from './observability';
import { acceptsGzip, compressWhenAsked, defaultCacheControl } from './response-headers';
import { securityHeaders } from './security-headers';

/** Bytes of a header block as HTTP/1.1 writes it: `name: value\r\n` per header. */
const headerBytes = (headers: Headers) =>
  [...headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);

describe('API response headers', () => {
  const database = useTestDatabase('pglite');
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    app = createTestApp(database.db);
    await insertCampaigns(database.db, 10);
  });

  it('answers JSON with the security headers that matter for JSON and nothing page-only', async () => {
    const response = await app.request('/api/campaigns');
    expect(response.status).toBe(200);
    expect([...response.headers.keys()].sort()).toEqual([
      'cache-control',
      'content-security-policy',
      'content-type',
      'cross-origin-resource-policy',
      'etag',
      'permissions-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-request-id',
    ]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    // A first page is kept ready with its ETag (issue 44): browsers may keep it but must ask again.
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // Node adds Date, Connection, Keep-Alive and Content-Length (about 100 bytes) on top.
    // Referrer-Policy and Permissions-Policy go on every answer (issue 42): about 220 bytes more; the ETag 35.
    expect(headerBytes(response.headers)).toBeLessThan(540);
  });

  it('sends no Vary and no Content-Encoding when the client did not ask for compression', async () => {
    const response = await app.request('/api/campaigns', { headers: { 'accept-encoding': 'identity' } });
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  it('gzips a large JSON answer when asked, and leaves a small one alone', async () => {
    const plain = await (await app.request('/api/campaigns')).text();
    const zipped = await app.request('/api/campaigns', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(plain);

    const small = await app.request('/api/health', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toMatchObject({ status: 'ok' });
  });

  it('keeps the full page set (framing, referrer, permissions) on HTML', async () => {
    const response = await app.request('/api/docs');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
  });
});

describe('the response fast path', () => {
  const deps = { env: { trustProxy: false }, logger: silentLogger(), metrics: createMetrics() };
  let made: Response | undefined;
  const app = new Hono<AppBindings>()
    .use('*', async (c, next) => {
      c.set('deps', deps as unknown as AppBindings['Variables']['deps']);
      await next();
    })
    .use('*', observeRequests)
    .use('*', securityHeaders({ https: true }))
    .use('*', compressWhenAsked())
    .use('*', defaultCacheControl('no-store'))
    .get('/x', (c) => {
      made = c.json({ items: 'x'.repeat(5000) });
      return made;
    });

  it('sends the very response the handler made: headers added after it never copy the response', async () => {
    const response = await app.request('/x');
    expect(response).toBe(made);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=/);
  });

  it('reads Accept-Encoding the way browsers and proxies send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('a streamed export, gzipped', () => {
  it('sends each piece as soon as the handler writes it, not when the stream ends', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = new Hono().use('*', compressWhenAsked()).get('/file.csv', (c) => {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      return stream(c, async (out) => {
        await out.write('id,name\n');
        await held;
        await out.write('1,Ada\n');
      });
    });
    const response = await app.request('/file.csv', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const reader = response.body!.getReader();
    // The header line arrives (compressed) while the rest is still being made.
    const first = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no byte before the stream ended: the compression held it')), 2000),
      ),
    ]);
    expect(gunzipSync(first.value!, { finishFlush: constants.Z_SYNC_FLUSH }).toString()).toBe('id,name\n');
    release();
    const rest: Uint8Array[] = [first.value!];
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest.push(part.value);
    expect(gunzipSync(Buffer.concat(rest)).toString()).toBe('id,name\n1,Ada\n');
  });
});
