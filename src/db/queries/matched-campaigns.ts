import { sql } from 'drizzle-orm';
import type { Campaign } from '../../shared/schemas/campaign';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { influencerProfiles, socialAccounts } from '../schema/onboarding';
import { toCampaign } from './campaigns';

/**
 * Campaigns for the creator's /main (READINGS "Marketplace"): active, still open for applications, not yet applied
 * to, on a platform where the creator meets the follower requirement, and either tagged with one of the creator's
 * two categories or on a platform the creator is on. Category matches come first, then newest.
 */
export async function listMatchedCampaigns(
  db: DatabaseOrTransaction,
  influencerId: number,
  { today, limit }: { today: string; limit: number },
): Promise<Campaign[]> {
  const result = await db.execute(sql`
    with me as (
      select array_remove(array[${influencerProfiles.primaryCategory}, ${influencerProfiles.secondaryCategory}], null) as categories
      from ${influencerProfiles} where ${influencerProfiles.influencerId} = ${influencerId}
    ), mine as (
      select ${socialAccounts.platform} as platform, coalesce(${socialAccounts.followers}, 0) as followers
      from ${socialAccounts} where ${socialAccounts.influencerId} = ${influencerId}
    )
    select c.id from ${campaigns} c
    left join mine on mine.platform = c.platform
    cross join me
    where c.status = 'active'
      and c.deadline >= ${today}::date
      and not exists (select 1 from ${applications} a where a.campaign_id = c.id and a.influencer_id = ${influencerId})
      and (c.followers_required = 0 or c.followers_required <= coalesce(mine.followers, 0))
      and (c.tags && me.categories or mine.platform is not null)
    order by (c.tags && me.categories) desc, c.created_at desc, c.id desc
    limit ${limit}
  `);
  // Both drivers answer raw SQL with { rows }.
  const ids = (result as unknown as { rows: Array<{ id: number | string }> }).rows.map((row) =>
    Number(row.id),
  );
  if (ids.length === 0) return [];
  const rows = await db.select().from(campaigns).where(sql`${campaigns.id} in ${ids}`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCampaign(row)] : [];
  });
}
