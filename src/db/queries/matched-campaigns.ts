import { and, desc, eq, gte, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { Platform } from '../../shared/constants';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { type CampaignRow, campaigns } from '../schema/campaigns';

/**
 * Candidates for the creator's "Matched for you" (READINGS "Marketplace", issue 24): active campaigns still taking
 * applications, not yet applied to, tagged with one of the creator's categories AND on a platform the creator is on
 * (both, as the section promises; a creator with no category or no platform gets none). Campaigns in the first
 * category (the primary one) come first, then newest. Whether the creator can actually join one is the eligibility
 * rule's job (src/server/services/applications/eligibility.ts), not this query's.
 */
export async function listMatchCandidates(
  db: DatabaseOrTransaction,
  creatorId: number,
  {
    today,
    categories,
    platforms,
  }: { today: string; categories: readonly string[]; platforms: readonly Platform[] },
): Promise<CampaignRow[]> {
  if (categories.length === 0 || platforms.length === 0) return [];
  const inCategories: SQL = sql`${campaigns.tags} && array[${sql.join(
    categories.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;
  const inFirstCategory: SQL = sql`${categories[0]} = any(${campaigns.tags})`;
  return db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'active'),
        gte(campaigns.deadline, today),
        notExists(
          db
            .select({ one: sql`1` })
            .from(applications)
            .where(
              and(
                // Qualified by hand: a one-table select renders its own columns unqualified, and a bare "id" here
                // would be the application's id.
                sql`${applications.campaignId} = ${campaigns}.${sql.identifier('id')}`,
                eq(applications.creatorId, creatorId),
              ),
            ),
        ),
        inCategories,
        inArray(campaigns.platform, [...platforms]),
      ),
    )
    .orderBy(desc(inFirstCategory), desc(campaigns.createdAt), desc(campaigns.id));
}
