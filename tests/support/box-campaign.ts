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

export const SERUM_SHADES = [
  { name: 'Shade 01', sku: 'SER-01', retailValue: '32.00', stock: 5 },
  { name: 'Shade 02', sku: 'SER-02', retailValue: '34.50', stock: 1 },
];
