import { type SQL, sql } from 'drizzle-orm';
import { type BrandTrackRecord, RESPONDS_FAST_HOURS } from '../../shared/campaign-badges';
import type { DatabaseOrTransaction } from '../client';
import { type Row, rowsOf } from './raw-rows';

/** The statement brandTrackRecord runs (the bench's ceiling renders the same one). */
export function brandTrackRecordQuery(brand: string, now: Date): SQL {
  const fast = `${RESPONDS_FAST_HOURS} hours`;
  const waitedTooLong = sql`${now.toISOString()}::timestamptz - ${fast}::interval`;
  // Applications answered (accepted or declined) and conversations' first replies (issue 26) both count: each
  // team message that answered a waiting creator is one answer, fast when within RESPONDS_FAST_HOURS; a creator
  // still waiting past it counts as slow.
  return sql`
    with apps as (
      select
        count(*) filter (where a.decided_at is not null) as answered,
        count(*) filter (where a.decided_at is not null and a.decided_at - a.created_at <= ${fast}::interval)
          as answered_fast,
        count(*) filter (where a.status = 'applied' and a.created_at < ${waitedTooLong}) as waiting_too_long,
        count(distinct a.influencer_id) filter (where a.status = 'approved') as approved_creators
      from campaigns c join applications a on a.campaign_id = c.id
      where c.brand = ${brand}
    ),
    talks as (
      select
        (select count(*) from conversation_messages m
          where m.conversation_id = v.id and m.answered_waiting_since is not null) as replies,
        (select count(*) from conversation_messages m
          where m.conversation_id = v.id and m.answered_waiting_since is not null
            and m.created_at - m.answered_waiting_since <= ${fast}::interval) as fast_replies,
        (v.waiting_since is not null and v.waiting_since < ${waitedTooLong}) as waiting_too_long
      from campaigns c join conversations v on v.campaign_id = c.id
      where c.brand = ${brand}
    )
    select
      apps.answered + coalesce((select sum(replies) from talks), 0) as answered,
      apps.answered_fast + coalesce((select sum(fast_replies) from talks), 0) as answered_fast,
      apps.waiting_too_long + (select count(*) from talks where waiting_too_long) as waiting_too_long,
      apps.approved_creators
    from apps`;
}

/** One row of brandTrackRecordQuery as the badge rules read it. */
export function toBrandTrackRecord(row: Row | undefined): BrandTrackRecord {
  return {
    answered: Number(row?.answered ?? 0),
    answeredFast: Number(row?.answered_fast ?? 0),
    waitingTooLong: Number(row?.waiting_too_long ?? 0),
    approvedCreators: Number(row?.approved_creators ?? 0),
  };
}

/**
 * What the campaign badges read about one brand, counted over the applications to all its campaigns (one indexed
 * scan: the brand's campaigns, then their applications).
 */
export async function brandTrackRecord(
  db: DatabaseOrTransaction,
  brand: string,
  now: Date,
): Promise<BrandTrackRecord> {
  return toBrandTrackRecord(rowsOf(await db.execute(brandTrackRecordQuery(brand, now)))[0]);
}
