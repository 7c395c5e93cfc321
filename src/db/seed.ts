import { sql } from 'drizzle-orm';
import { addDaysToIsoDate } from '../shared/dates';
import type { DatabaseOrTransaction } from './client';
import { countCampaigns } from './queries/campaigns';
import { campaigns } from './schema/campaigns';
import { DEMO_CAMPAIGNS } from './seed-data/campaigns';

export interface SeedResult {
  campaigns: number;
}

/** Any fixed number: instances starting together seed once. */
const SEED_LOCK_KEY = 727_274_002;

/** The demo catalogue as rows, with deadlines and ages relative to `now`. */
export function demoCampaignRows(now: Date) {
  const today = now.toISOString().slice(0, 10);
  return DEMO_CAMPAIGNS.map(({ deadlineInDays, ageInHours, ...campaign }) => {
    const createdAt = new Date(now.getTime() - ageInHours * 3_600_000);
    return {
      ...campaign,
      deadline: addDaysToIsoDate(today, deadlineInDays),
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** Adds the demo catalogue in one transaction. */
export async function seedDemoData(db: DatabaseOrTransaction, now: Date = new Date()): Promise<SeedResult> {
  const rows = demoCampaignRows(now);
  await db.transaction(async (tx) => {
    await tx.insert(campaigns).values(rows);
  });
  return { campaigns: rows.length };
}

/** Seeds the demo data only on an empty database (the first start); returns null when data is already there. */
export async function seedIfEmpty(
  db: DatabaseOrTransaction,
  now: Date = new Date(),
): Promise<SeedResult | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await countCampaigns(tx)) > 0) return null;
    const rows = demoCampaignRows(now);
    await tx.insert(campaigns).values(rows);
    return { campaigns: rows.length };
  });
}
