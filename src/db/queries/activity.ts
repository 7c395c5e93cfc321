import { sql } from 'drizzle-orm';
import type { ActivityItem, ActivityKind } from '../../shared/schemas/me';
import type { DatabaseOrTransaction } from '../client';
import { rowsOf } from './raw-rows';

/**
 * The creator's Recent Activity (issue 13): every dated step of their own applications, submissions, Mint credits
 * and payouts, newest first. Each step comes from the record that holds its time: decisions from `decided_at`,
 * shipping and delivery from the application, withdrawn and missed (final statuses) from its last change, each
 * submission and its review from `submissions`, credits from the ledger, payouts from their own timestamps.
 */
export async function listActivity(
  db: DatabaseOrTransaction,
  creatorId: number,
  limit = 20,
): Promise<ActivityItem[]> {
  const result = await db.execute(sql`
    with mine as (
      select a.*, c.name as campaign_name
      from applications a join campaigns c on c.id = a.campaign_id
      where a.influencer_id = ${creatorId}
    ),
    subs as (
      select s.*, m.campaign_id, m.campaign_name,
        row_number() over (partition by s.application_id order by s.created_at, s.id) as n
      from submissions s join mine m on m.id = s.application_id
    ),
    steps as (
      select 'applied' as kind, id as ref, created_at as at, campaign_id, campaign_name, null::int as amount, null::text as detail from mine
      union all
      select 'accepted', id, decided_at, campaign_id, campaign_name, null, null from mine
        where decided_at is not null and status not in ('rejected', 'applied', 'withdrawn')
      union all
      select 'rejected', id, decided_at, campaign_id, campaign_name, null, null from mine
        where status = 'rejected' and decided_at is not null
      union all
      select 'withdrawn', id, updated_at, campaign_id, campaign_name, null, null from mine where status = 'withdrawn'
      union all
      select 'shipped', id, shipped_at, campaign_id, campaign_name, null, null from mine where shipped_at is not null
      union all
      select 'delivered', id, coalesce(delivery_confirmed_at, delivered_at), campaign_id, campaign_name, null, null
        from mine where coalesce(delivery_confirmed_at, delivered_at) is not null
      union all
      select 'missed', id, updated_at, campaign_id, campaign_name, null, null from mine where status = 'missed'
      union all
      select case when n = 1 then 'submitted' else 'resubmitted' end, id, created_at, campaign_id, campaign_name, null, null
        from subs
      union all
      select status, id, reviewed_at, campaign_id, campaign_name, null, null from subs
        where status in ('approved', 'changes_requested') and reviewed_at is not null
      union all
      select 'mint_credited', l.id, l.created_at, l.campaign_id, c.name, l.amount, l.description
        from ledger_entries l left join campaigns c on c.id = l.campaign_id
        where l.influencer_id = ${creatorId} and l.kind in ('reward', 'adjustment') and l.amount > 0
      union all
      select 'payout_requested', id, created_at, null, null, amount, null from payouts where influencer_id = ${creatorId}
      union all
      select 'payout_paid', id, completed_at, null, null, amount, null from payouts
        where influencer_id = ${creatorId} and completed_at is not null
      union all
      select case when status = 'returned' then 'payout_returned' else 'payout_failed' end, id, failed_at, null, null, amount, null
        from payouts where influencer_id = ${creatorId} and failed_at is not null
      union all
      select 'payout_cancelled', id, cancelled_at, null, null, amount, null from payouts
        where influencer_id = ${creatorId} and cancelled_at is not null
    )
    select kind, ref, (extract(epoch from at) * 1000)::float8 as at_ms, campaign_id, campaign_name, amount, detail
    from steps
    order by at desc, kind, ref desc
    limit ${limit}`);
  return rowsOf(result).map((row) => ({
    key: `${String(row.kind)}-${String(row.ref)}`,
    kind: row.kind as ActivityKind,
    at: new Date(Number(row.at_ms)).toISOString(),
    campaign:
      row.campaign_id === null || row.campaign_id === undefined
        ? null
        : { id: Number(row.campaign_id), name: String(row.campaign_name) },
    amount: row.amount === null || row.amount === undefined ? null : Number(row.amount),
    detail: row.detail === null || row.detail === undefined ? null : String(row.detail),
  }));
}
