import type { Hono } from 'hono';
import { expect } from 'vitest';

/** The first bytes of a PNG file: enough for the upload's type check. */
export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);

/**
 * The admin uploads a campaign image `cover.png` as the campaign form does (`POST /api/admin/uploads`, 201): the
 * address the app answers for it.
 */
export async function uploadCampaignImage(app: Pick<Hono, 'request'>, adminCookie: string): Promise<string> {
  const form = new FormData();
  form.set('file', new File([PNG_BYTES], 'cover.png', { type: 'image/png' }));
  const response = await app.request('/api/admin/uploads', {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', cookie: adminCookie },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}
