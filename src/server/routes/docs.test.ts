import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import { useTestDatabase } from '../../../tests/support/use-test-database';

const loadedSwaggerBundles = () =>
  Object.keys(createRequire(import.meta.url).cache).filter((file) =>
    /swagger-ui-dist[\\/]index\.js$|swagger-ui-bundle\.js$/.test(file),
  );

describe('API reference page', () => {
  const database = useTestDatabase('pglite');
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    app = createTestApp(database.db);
  });

  it('does not load the swagger-ui bundle when the app starts, and serves it when /api/docs asks', async () => {
    expect(loadedSwaggerBundles()).toEqual([]);
    const page = await app.request('/api/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/docs/swagger-ui-bundle.js');
    const bundle = await app.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(500_000);
    // Read as a file for the browser, never loaded into the server.
    expect(loadedSwaggerBundles()).toEqual([]);
  });
});
