import { sql } from 'drizzle-orm';
import { type BrandTrackRecord, RESPONDS_FAST_HOURS } from '../../shared/campaign-badges';
import type { DatabaseOrTransaction } from '../client';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * What the campaign badges read about one brand, counted over the applications to all its campaigns (one indexed
 * scan: the brand's campaigns, then their applications).
 */
export async function brandTrackRecord(
  db: DatabaseOrTransaction,
  brand: string,
  now: Date,
): Promise<BrandTrackRecord> {
  const fast = `${RESPONDS_FAST_HOURS} hours`;
  const result = await db.execute(sql`
    select
      count(*) filter (where a.decided_at is not null) as answered,
      count(*) filter (where a.decided_at is not null and a.decided_at - a.created_at <= ${fast}::interval)
        as answered_fast,
      count(*) filter (where a.status = 'applied' and a.created_at < ${now.toISOString()}::timestamptz - ${fast}::interval)
        as waiting_too_long,
      count(distinct a.influencer_id) filter (where a.status = 'approved') as approved_creators
    from campaigns c join applications a on a.campaign_id = c.id
    where c.brand = ${brand}`);
  const row = rowsOf(result)[0] ?? {};
  return {
    answered: Number(row.answered ?? 0),
    answeredFast: Number(row.answered_fast ?? 0),
    waitingTooLong: Number(row.waiting_too_long ?? 0),
    approvedCreators: Number(row.approved_creators ?? 0),
  };
}
