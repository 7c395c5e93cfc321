import { expect } from 'vitest';
import type { ProductView } from '../../src/shared/schemas/products';

/**
 * A gifting campaign offering the serum in two shades, as an admin creates it through the API (issue 37): the body
 * of `POST /api/admin/campaigns` and of its products' `POST …/products` (`{ name: 'Serum', variants: SERUM_SHADES }`).
 */
export const SERUM_CAMPAIGN = {
  name: 'Serum Boxes',
  brand: 'Lumiere',
  platform: 'instagram',
  type: 'gifting',
  description: 'Show your morning routine.',
  requirements: ['One Reel'],
  deadline: '2026-07-01',
  reward: 0,
  followersRequired: 0,
  status: 'active',
  budget: '1000',
  reach: 1000,
  imageUrl: '/images/campaigns/serum.svg',
  tags: ['Beauty'],
};

/**
 * A gifting campaign paying 40 Mint for a reel, as an admin creates it through the API (the body of
 * `POST /api/admin/campaigns`); the tests give it a name of their own.
 */
export const GLOW_SERUM_CAMPAIGN = {
  name: 'Glow Serum',
  brand: 'Glow Lab',
  platform: 'instagram',
  type: 'gifting',
  description: 'Try our new serum and show it in a reel.',
  requirements: ['One reel'],
  deadline: '2030-01-31',
  reward: 40,
  budget: '2500',
  imageUrl: '/images/campaigns/test.svg',
  status: 'active',
  tags: ['Beauty'],
};

/**
 * A gifting campaign that also pays 40 Mint (`gifting_paid`), for creators of 1,000 followers or more, as an admin
 * creates it through the API (the body of `POST /api/admin/campaigns`).
 */
export const SERUM_LAUNCH_CAMPAIGN = {
  name: 'Glow Serum Launch',
  brand: 'Lumiere',
  platform: 'instagram',
  type: 'gifting_paid',
  description: 'Show your morning routine.',
  requirements: ['One Reel', 'Tag us'],
  deadline: '2026-07-01',
  reward: 40,
  followersRequired: 1000,
  status: 'active',
  budget: '12000',
  reach: 500000,
  imageUrl: '/images/campaigns/serum.svg',
  tags: ['Beauty'],
};

export const SERUM_SHADES = [
  { name: 'Shade 01', sku: 'SER-01', retailValue: '32.00', stock: 5 },
  { name: 'Shade 02', sku: 'SER-02', retailValue: '34.50', stock: 1 },
];

/**
 * The admin creates `campaign` with one product, `name` in `variants`, through the API (201 each): its id and its
 * products as the signed-out campaign page lists them.
 */
export async function createBoxCampaign(
  send: (
    method: string,
    path: string,
    body?: unknown,
    cookie?: string,
  ) => Promise<{ status: number; body: Record<string, unknown> }>,
  { campaign = SERUM_CAMPAIGN, name = 'Serum', variants = SERUM_SHADES }: BoxCampaignParts = {},
): Promise<{ campaignId: number; products: ProductView[] }> {
  const made = await send('POST', '/api/admin/campaigns', campaign);
  expect(made.status).toBe(201);
  const campaignId = made.body.id as number;
  expect((await send('POST', `/api/admin/campaigns/${campaignId}/products`, { name, variants })).status).toBe(
    201,
  );
  const listed = await send('GET', `/api/campaigns/${campaignId}/products`, undefined, '');
  return { campaignId, products: (listed.body as { items: ProductView[] }).items };
}

interface BoxCampaignParts {
  campaign?: Record<string, unknown>;
  name?: string;
  variants?: ReadonlyArray<{ name: string; sku: string; retailValue: string; stock: number }>;
}
