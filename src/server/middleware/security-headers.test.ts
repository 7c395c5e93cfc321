import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../tests/support/auth-client';
import { insertCampaigns } from '../../../tests/support/factories';
import { testEnv } from '../../../tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { createAuth } from '../auth/auth';
import { createApp } from '../http/app';
import { silentLogger } from '../process/logger';
import { upsertAdmin } from '../services/admin-accounts';

const ORIGIN = 'http://localhost:3000';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
/** Permissions-Policy features Chromium knows (a feature it does not know logs an error on every page). */
const CHROMIUM_FEATURES = new Set([
  'accelerometer',
  'camera',
  'display-capture',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]);

// Issue 42, item 9: Referrer-Policy and Permissions-Policy on every answer (API, uploads, pages), with features a
// browser knows.
describe('Referrer-Policy and Permissions-Policy', () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let upload: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const env = testEnv();
    const logger = silentLogger();
    const auth = createAuth({ db: database.db, env, logger });
    app = createApp({ db: database.db, env, logger, auth });
    await insertCampaigns(database.db, 1);
    await upsertAdmin(database.db, auth, {
      email: 'hdr@mintbox.test',
      password: 'admin password 2026!',
      username: 'hdr',
    });
    const admin = await signInAdmin(app, 'hdr', 'admin password 2026!');
    const form = new FormData();
    form.set('file', new File([PNG], 'cover.png', { type: 'image/png' }));
    const stored = await app.request('/api/admin/uploads', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: admin },
      body: form,
    });
    expect(stored.status).toBe(201);
    upload = new URL(((await stored.json()) as { url: string }).url, ORIGIN).pathname;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('sends both on API answers (the catalogue fast path and errors included), uploads and pages', async () => {
    const answers: Array<[string, Response]> = [
      ['/api/health', await app.request('/api/health')],
      ['/api/campaigns (fast path)', await app.request('/api/campaigns')],
      ['/api/no-such-route', await app.request('/api/no-such-route')],
      ['/api/me (401)', await app.request('/api/me')],
      [upload, await app.request(upload)],
      [
        `${upload} (304)`,
        await app.request(upload, { headers: { 'if-none-match': `"${upload.slice(9)}"` } }),
      ],
      ['/uploads/missing', await app.request('/uploads/0123456789abcdef01234567.png')],
      ['/api/docs', await app.request('/api/docs')],
    ];
    for (const [what, response] of answers) {
      expect(response.headers.get('referrer-policy'), what).toBe('no-referrer');
      const policy = response.headers.get('permissions-policy') ?? '';
      expect(policy, what).toContain('camera=()');
      const features = policy.split(',').map((entry) => entry.trim().split('=')[0]);
      expect(
        features.filter((feature) => !CHROMIUM_FEATURES.has(feature ?? '')),
        what,
      ).toEqual([]);
    }
    expect(answers[5]?.[1].status).toBe(304);
  });
});
