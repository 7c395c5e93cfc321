import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../tests/support/admin-app';
import { insertCampaigns } from '../../../tests/support/factories';
import { uploadCampaignImage } from '../../../tests/support/uploads';

const ORIGIN = 'http://localhost:3000';
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
  const api = useAdminApp('pglite', { adminEmail: 'hdr@mintbox.test' });
  let upload: string;

  beforeAll(async () => {
    await insertCampaigns(api.db, 1);
    upload = new URL(await uploadCampaignImage(api.app, api.admin), ORIGIN).pathname;
  });

  it('sends both on API answers (the catalogue fast path and errors included), uploads and pages', async () => {
    const answers: Array<[string, Response]> = [
      ['/api/health', await api.app.request('/api/health')],
      ['/api/campaigns (fast path)', await api.app.request('/api/campaigns')],
      ['/api/no-such-route', await api.app.request('/api/no-such-route')],
      ['/api/me (401)', await api.app.request('/api/me')],
      [upload, await api.app.request(upload)],
      [
        `${upload} (304)`,
        await api.app.request(upload, { headers: { 'if-none-match': `"${upload.slice(9)}"` } }),
      ],
      ['/uploads/missing', await api.app.request('/uploads/0123456789abcdef01234567.png')],
      ['/api/docs', await api.app.request('/api/docs')],
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
