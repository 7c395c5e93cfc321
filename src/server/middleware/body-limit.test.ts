import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../tests/support/auth-client';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { createApp } from '../app';
import { createAuth } from '../auth';
import { silentLogger } from '../logger';
import { upsertAdmin } from '../services/admin-accounts';
import { MAX_UPLOAD_BYTES } from '../services/uploads';
import { MAX_JSON_BYTES, MAX_MULTIPART_BYTES } from './body-limit';

const ORIGIN = 'http://localhost:3000';

describe('request bodies are capped before anything parses them', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const env = testEnv();
    const logger = silentLogger();
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth });
    await upsertAdmin(database.db, auth, { email: 'caps@mintbox.test', password: 'admin password 2026!' });
    admin = await signInAdmin(app, 'caps', 'admin password 2026!');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    app.request(path, { method: 'POST', headers: { origin: ORIGIN, cookie: admin, ...headers }, body });
  /** A body the server has to count itself: streamed, with no Content-Length. */
  const streamed = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += 64 * 1024)
          controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });

  it('answers 413 to JSON over 1 MB, declared or streamed', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_JSON_BYTES) });
    const declared = await post('/api/admin/campaigns', big, {
      'content-type': 'application/json',
      'content-length': String(big.length),
    });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { error: string }).error).toBe(
      'The request is too large: send at most 1 MB.',
    );
    const counted = await app.request('/api/admin/campaigns', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: admin, 'content-type': 'application/json' },
      body: streamed(big),
      duplex: 'half',
    } as RequestInit);
    expect(counted.status).toBe(413);
    // Just under the cap goes on to validation.
    const under = await post(
      '/api/admin/campaigns',
      JSON.stringify({ name: 'x'.repeat(MAX_JSON_BYTES - 100) }),
      {
        'content-type': 'application/json',
      },
    );
    expect(under.status).toBe(400);
  });

  it('caps a CSV import at 1 MB and an upload at the image limit', async () => {
    const csv = await post('/api/admin/campaigns/1/shipments', 'x'.repeat(MAX_JSON_BYTES + 1), {
      'content-type': 'text/csv',
    });
    expect(csv.status).toBe(413);
    const form = new FormData();
    form.set('file', new File([new Uint8Array(MAX_MULTIPART_BYTES + 1)], 'huge.png', { type: 'image/png' }));
    const upload = await post('/api/admin/uploads', form);
    expect(upload.status).toBe(413);
    const png = new Uint8Array(MAX_UPLOAD_BYTES - 1024);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const fits = new FormData();
    fits.set('file', new File([png], 'fits.png', { type: 'image/png' }));
    expect((await post('/api/admin/uploads', fits)).status).toBe(201);
  });

  it("caps Better Auth's endpoints too", async () => {
    const response = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.example', password: 'p'.repeat(MAX_JSON_BYTES) }),
    });
    expect(response.status).toBe(413);
  });
});
