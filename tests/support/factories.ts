import type { DatabaseOrTransaction } from '../../src/db/client';
import { type CampaignRow, campaigns, type NewCampaignRow } from '../../src/db/schema/campaigns';

let sequence = 0;

/** A valid campaign row; every field can be overridden. */
export function campaignFixture(overrides: Partial<NewCampaignRow> = {}): NewCampaignRow {
  sequence += 1;
  return {
    name: `Test Campaign ${sequence}`,
    brand: 'Test Brand',
    platform: 'instagram',
    type: 'gifting',
    description: 'A campaign made by the tests.',
    requirements: ['Post one photo'],
    deadline: '2030-01-31',
    reward: 25,
    followersRequired: 0,
    status: 'active',
    budget: '1000.00',
    reach: 10000,
    imageUrl: '/images/campaigns/test.svg',
    gallery: [],
    tags: ['Lifestyle'],
    ...overrides,
  };
}

export async function insertCampaign(
  db: DatabaseOrTransaction,
  overrides: Partial<NewCampaignRow> = {},
): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(campaignFixture(overrides)).returning();
  return row!;
}

/** Inserts `count` campaigns, one millisecond apart, oldest first (so the newest-first order is known). */
export async function insertCampaigns(
  db: DatabaseOrTransaction,
  count: number,
  overrides: (index: number) => Partial<NewCampaignRow> = () => ({}),
): Promise<CampaignRow[]> {
  const base = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: count }, (_, i) =>
    campaignFixture({ createdAt: new Date(base + i * 1000), ...overrides(i) }),
  );
  return db.insert(campaigns).values(rows).returning();
}
