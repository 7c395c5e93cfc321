/**
 * The operator-size data set (issue 28) as one SQL script of `INSERT … SELECT … generate_series`, deterministic
 * (`setseed`), written as the app would have written it: every creator has a sign-in account, a completed profile
 * and a balance equal to the sum of their ledger entries; every ledger entry has its transaction row (a reward, a
 * redemption with its payout, an adjustment with its mint_adjustments row; a reversal turns its redemption's
 * transaction to failed or cancelled); applications carry the timestamps of every step their status implies.
 *
 * Sizes are the figures times `scale`: 1 is the full set (100,000 creators, 2,000 campaigns, 300,000
 * applications, 1,000,000 ledger entries, 150,000 payouts, 200,000 notifications, 3,000,000 metric snapshots,
 * 50,000 delivery problems), 0.01 the 1,000-creator set of the same shape.
 *
 * Skew: the first five campaigns get a thirtieth of all applications each (10,000 at full size); the others follow
 * a square law (a few hundred to a few thousand). Adjustments (the bulk of the ledger) go to creators by a power law
 * (exponent 1.5), so a few creators have hundreds of entries and most have a handful.
 */
export interface OperatorSizes {
  creators: number;
  campaigns: number;
  applications: number;
  ledgerEntries: number;
  payouts: number;
  notifications: number;
  snapshots: number;
  problems: number;
}

export function operatorSizes(scale: number): OperatorSizes {
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  return {
    creators: n(100_000),
    campaigns: Math.max(10, n(2_000)),
    applications: n(300_000),
    ledgerEntries: n(1_000_000),
    payouts: n(150_000),
    notifications: n(200_000),
    snapshots: n(3_000_000),
    problems: n(50_000),
  };
}

/** Everyone's password in the bench data (Better Auth's scrypt hash of it is passed in). */
export const BENCH_PASSWORD = 'bench password of the operator set';
export const benchCreatorEmail = (n: number) => `creator${n}@bench.mintbox.test`;

/**
 * Statements, in order. `passwordHash` is what Better Auth stores for BENCH_PASSWORD; `adminId` the admin user who
 * made the adjustments (created before, through the app's own upsertAdmin).
 */
export function operatorSql(
  sizes: OperatorSizes,
  passwordHash: string,
  adminId: string,
  adminName: string,
): string[] {
  const C = sizes.creators;
  const K = sizes.campaigns;
  const A = sizes.applications;
  const BIG = Math.floor(A / 30); // applicants of each of the five biggest campaigns
  const hash = passwordHash.replaceAll("'", "''");
  const admin = adminId.replaceAll("'", "''");
  const adminLabel = adminName.replaceAll("'", "''");
  return [
    `select setseed(0.28)`,
    // ---------------------------------------------------------------------------------------------- creators
    `insert into users (id, name, email, email_verified, role, created_at, updated_at)
     select 'bench-user-' || n, 'Creator ' || n, 'creator' || n || '@bench.mintbox.test', true, 'influencer',
            now() - interval '730 days' + (n::float / ${C}) * interval '720 days',
            now() - interval '730 days' + (n::float / ${C}) * interval '720 days'
     from generate_series(1, ${C}) n`,
    `insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
     select 'bench-account-' || n, 'bench-user-' || n, 'credential', 'bench-user-' || n, '${hash}', u.created_at, u.created_at
     from generate_series(1, ${C}) n join users u on u.id = 'bench-user-' || n`,
    `insert into influencers (id, auth_user_id, username, name, email, platform, followers, engagement_rate, niche,
                              email_verified, provider, profile_completed, standing, created_at, updated_at)
     overriding system value
     select n, 'bench-user-' || n, 'creator' || n, 'Creator ' || n, 'creator' || n || '@bench.mintbox.test',
            (array['instagram','tiktok','youtube','facebook'])[1 + n % 4],
            f.followers, round((1 + random() * 8)::numeric, 1)::text,
            (array['Beauty','Fashion','Food','Fitness','Tech','Home Decor','Pets','Travel'])[1 + n % 8],
            true, 'email', true,
            case when n % 500 = 0 then 'suspended' when n % 2000 = 1999 then 'banned' else 'active' end,
            u.created_at, u.created_at
     from generate_series(1, ${C}) n
     join users u on u.id = 'bench-user-' || n
     cross join lateral (select (500 + 300000 * power(random(), 4))::int as followers) f`,
    `insert into influencer_profiles (influencer_id, first_name, last_name, paypal_email, phone_number,
       primary_category, secondary_category, full_name, address_line1, city, state, zip_code, shipping_phone,
       influencer_tier, total_followers, created_at, updated_at)
     select i.id, 'Creator', i.id::text, 'paypal' || i.id || '@bench.mintbox.test', '4155550134',
            i.niche, 'Lifestyle', 'Creator ' || i.id, i.id || ' Main St', 'Austin', 'TX', '73301', '4155550134',
            case when i.followers > 100000 then 'Mega' when i.followers > 50000 then 'Macro'
                 when i.followers > 10000 then 'Mid-Tier' when i.followers >= 1000 then 'Nano' else 'Micro' end,
            i.followers, i.created_at, i.created_at
     from influencers i`,
    `insert into social_accounts (influencer_id, platform, handle, followers, updated_at)
     select i.id, i.platform, '@creator' || i.id, i.followers, i.created_at from influencers i`,
    `insert into social_accounts (influencer_id, platform, handle, followers, updated_at)
     select i.id, 'tiktok', '@creator' || i.id || '.tt', i.followers / 3, i.created_at
     from influencers i where i.platform <> 'tiktok' and i.id % 3 = 0`,
    // --------------------------------------------------------------------------------------------- campaigns
    `insert into campaigns (id, name, brand, platform, type, description, requirements, deadline, reward, followers_required,
                            status, budget, reach, max_accepted, image_url, tags, created_at, updated_at)
     overriding system value
     select n, 'Campaign ' || n, 'Brand ' || (1 + n % 150),
            (array['instagram','tiktok','youtube','facebook'])[1 + n % 4],
            (array['gifting','paid','gifting_paid'])[1 + n % 3],
            'A PR box for creators, campaign ' || n, array['Post one video'],
            (current_date + (case when n <= 5 or n % 10 < 3 then 30 else -30 - n % 300 end)),
            case when n % 3 = 0 then 0 else 25 + n % 100 end, 0,
            case when n <= 5 or n % 10 < 3 then 'active' when n % 10 = 3 then 'pending'
                 when n % 10 = 4 then 'draft' else 'ended' end,
            (1000 + n % 50 * 100)::numeric, 10000 + n % 1000 * 100, null,
            '/images/campaigns/bench.jpg', array['bench'],
            now() - interval '730 days' + (n::float / ${K}) * interval '700 days',
            now() - interval '730 days' + (n::float / ${K}) * interval '700 days'
     from generate_series(1, ${K}) n`,
    // ------------------------------------------------------------------------------------------ applications
    // Each application is (campaign, k-th applicant of it); the k-th applicant of campaign c is creator
    // (k * 7 + c * 7919) mod C + 1, distinct for k < C since 7 is prime to the sizes used.
    `create temporary table bench_app_plan as
     with raw as (
       select i,
              case when i <= ${BIG * 5} then 1 + (i - 1) / ${BIG}
                   else 6 + floor(${K - 6} * power(random(), 2))::int end as c,
              random() as r
       from generate_series(1, ${A}) i
     )
     , placed as (
       -- drafts get no applications: an application to a draft goes to the next campaign (an ended one)
       select i, case when c % 10 = 4 then c + 1 else c end as campaign_id, r from raw
     )
     select i, campaign_id, r,
            row_number() over (partition by campaign_id order by i) as k
     from placed`,
    `insert into applications (id, campaign_id, influencer_id, status, pitch, admin_message, decided_at, carrier,
       tracking_number, shipped_at, delivered_at, delivery_confirmed_at, approved_at, created_at, updated_at)
     overriding system value
     select p.i, p.campaign_id, ((p.k * 7 + p.campaign_id * 7919) % ${C}) + 1, s.status,
            'I would love to feature this.', null,
            case when s.status in ('applied','withdrawn') then null else t.at + interval '2 days' end,
            case when s.status in ('shipped','delivered','content_submitted','changes_requested','approved') then 'UPS' end,
            case when s.status in ('shipped','delivered','content_submitted','changes_requested','approved') then '1Z' || lpad(p.i::text, 16, '0') end,
            case when s.status in ('shipped','delivered','content_submitted','changes_requested','approved') then t.at + interval '4 days' end,
            case when s.status in ('delivered','content_submitted','changes_requested','approved') then t.at + interval '7 days' end,
            case when s.status in ('delivered','content_submitted','changes_requested','approved') then t.at + interval '7 days' end,
            case when s.status = 'approved' then t.at + interval '12 days' end,
            t.at, t.at + interval '12 days'
     from bench_app_plan p
     join campaigns c on c.id = p.campaign_id
     cross join lateral (select c.created_at + (p.r * 0.9) * least(interval '60 days', now() - c.created_at - interval '13 days') as at) t
     cross join lateral (select case
         when p.r < 0.20 then 'applied' when p.r < 0.25 then 'accepted' when p.r < 0.45 then 'rejected'
         when p.r < 0.50 then 'withdrawn' when p.r < 0.55 then 'shipped' when p.r < 0.60 then 'delivered'
         when p.r < 0.65 then 'content_submitted' when p.r < 0.68 then 'changes_requested'
         when p.r < 0.95 then 'approved' else 'missed' end as status) s`,
    `update campaigns c set applications_count = x.n from
       (select campaign_id, count(*)::int as n from applications group by campaign_id) x where x.campaign_id = c.id`,
    `insert into submissions (id, application_id, urls, status, review_message, reviewed_at, created_at)
     overriding system value
     select a.id, a.id, array['https://www.instagram.com/p/bench' || a.id || '/'],
            case a.status when 'approved' then 'approved' when 'changes_requested' then 'changes_requested' else 'submitted' end,
            case when a.status = 'changes_requested' then 'Please show the label.' end,
            case when a.status in ('approved','changes_requested') then a.delivered_at + interval '4 days' end,
            a.delivered_at + interval '3 days'
     from applications a where a.status in ('content_submitted','changes_requested','approved')`,
    // ------------------------------------------------------------------------------------- metric snapshots
    `insert into content_metric_fetches (submission_id, post_url, platform, approved_at, next_fetch_at, last_fetched_at, done_at)
     select s.id, s.urls[1], c.platform, a.approved_at,
            greatest(a.approved_at + interval '32 days', now() + interval '1 hour'), now() - interval '1 hour',
            case when a.approved_at < now() - interval '32 days' then a.approved_at + interval '32 days' end
     from submissions s join applications a on a.id = s.application_id join campaigns c on c.id = a.campaign_id
     where s.status = 'approved'`,
    `insert into content_metric_snapshots (submission_id, post_url, source, views, likes, comments, shares, saves, reach,
       measured_at, created_at)
     select s.id, s.urls[1], case when h % 20 = 0 then 'admin' else 'api' end,
            h * 100 + s.id % 1000, h * 9, h, h / 2, h / 3, h * 80, m.at, m.at
     from submissions s
     join applications a on a.id = s.application_id
     cross join generate_series(1, ceil(${sizes.snapshots}::float /
         greatest(1, (select count(*) from submissions where status = 'approved')))::int) h
     cross join lateral (select a.approved_at + h * interval '1 hour' * case when h > 48 then 12 else 1 end as at) m
     where s.status = 'approved'
     limit ${sizes.snapshots}`,
    // --------------------------------------------------------------------------------------- delivery problems
    `insert into delivery_problems (application_id, kind, note, status, reply, replied_at, replied_by_name, resolution,
       resolved_at, resolved_by_name, opened_at)
     select a.id, (array['not_received','damaged','wrong_item'])[1 + a.id % 3], 'The box did not arrive in one piece.',
            case when a.id % 10 = 0 then 'open' else 'resolved' end,
            case when a.id % 10 <> 0 then 'We are sending another one.' end,
            case when a.id % 10 <> 0 then a.shipped_at + interval '6 days' end,
            case when a.id % 10 <> 0 then '${adminLabel}' end,
            case when a.id % 10 <> 0 then 'Reshipped' end,
            case when a.id % 10 <> 0 then a.shipped_at + interval '8 days' end,
            case when a.id % 10 <> 0 then '${adminLabel}' end,
            a.shipped_at + interval '5 days'
     from applications a
     where a.status in ('shipped','delivered','content_submitted','changes_requested','approved')
     order by a.id % 7, a.id
     limit ${sizes.problems}`,
    `update applications a set delivery_problem = p.kind, delivery_problem_note = p.note, delivery_problem_at = p.opened_at
     from delivery_problems p where p.application_id = a.id and p.status = 'open'`,
    // ---------------------------------------------------------------------------------------------- ledger
    // Rewards: one per approved application of a campaign with a reward.
    `insert into ledger_entries (influencer_id, amount, kind, reference, description, campaign_id, created_at)
     select a.influencer_id, c.reward, 'reward', 'reward:application:' || a.id, 'Reward for ' || c.name, c.id, a.approved_at
     from applications a join campaigns c on c.id = a.campaign_id
     where a.status = 'approved' and c.reward > 0 order by a.approved_at`,
    `insert into transactions (influencer_id, campaign_id, amount, kind, status, ledger_reference, created_at, updated_at)
     select influencer_id, campaign_id, amount, 'reward', 'completed', reference, created_at, created_at
     from ledger_entries where kind = 'reward' order by id`,
    // Adjustments: a welcome credit for every creator, then the rest of the ledger's budget by a cubic law over
    // creators (creator 1 gets about 300), one in ten a small debit.
    `create temporary table bench_adjustment_plan as
     select n as seq, n as influencer_id, 200 as amount, 'Welcome bonus' as reason,
            (select created_at from influencers where id = n) + interval '1 day' as at
     from generate_series(1, ${C}) n`,
    `insert into bench_adjustment_plan
     select ${C} + g, 1 + floor(${C} * power(random(), 1.5))::int,
            case when g % 10 = 0 then -(1 + g % 5) else 5 + g % 95 end,
            case when g % 10 = 0 then 'Correction' else 'Campaign bonus' end,
            now() - interval '700 days' + (g::float / greatest(1, ${sizes.ledgerEntries} - (select count(*) from ledger_entries) - ${C} - ${Math.round(sizes.payouts * 1.12)})) * interval '699 days'
     from generate_series(1, greatest(0, ${sizes.ledgerEntries} - (select count(*) from ledger_entries) - ${C} - ${Math.round(sizes.payouts * 1.12)})) g`,
    `insert into mint_adjustments (id, influencer_id, amount, reason, admin_user_id, admin_name, created_at)
     overriding system value
     select seq, influencer_id, amount, reason, '${admin}', '${adminLabel}',
            greatest(at, (select created_at from influencers where id = influencer_id))
     from bench_adjustment_plan order by seq`,
    `insert into ledger_entries (influencer_id, amount, kind, reference, description, created_at)
     select influencer_id, amount, 'adjustment', 'adjustment:' || id, 'Adjustment: ' || reason, created_at
     from mint_adjustments order by created_at, id`,
    `insert into transactions (influencer_id, amount, kind, status, ledger_reference, adjustment_id, created_at, updated_at)
     select influencer_id, amount, 'adjustment', 'completed', 'adjustment:' || id, id, created_at, created_at
     from mint_adjustments order by created_at, id`,
    // Payouts: 1-2 per creator (payout i to creator (i * 13) mod C + 1), each a share of what the creator had been
    // credited, so balances stay positive. Statuses: most completed, some open, a few failed, returned, cancelled.
    `create temporary table bench_credit as
     select influencer_id, sum(amount)::int as credit, count(*) as entries from ledger_entries group by influencer_id`,
    `create temporary table bench_payout_plan as
     select i, ((i * 13) % ${C}) + 1 as influencer_id, random() as r,
            count(*) over (partition by ((i * 13) % ${C}) + 1) as per_creator
     from generate_series(1, ${sizes.payouts}) i`,
    `insert into payouts (id, influencer_id, amount, paypal_email, status, mode, expected_by, reference, failure_reason,
       idempotency_key, request_hash, started_at, completed_at, failed_at, cancelled_at, created_at, updated_at)
     overriding system value
     select p.i, p.influencer_id, greatest(50, (c.credit * 0.8 / p.per_creator)::int), 'paypal' || p.influencer_id || '@bench.mintbox.test',
            st.status, case when st.status in ('pending','cancelled') then null else 'manual' end,
            (t.at + interval '9 days')::date,
            case when st.status = 'completed' then 'BENCH-' || p.i end,
            case when st.status in ('failed','returned') then 'The PayPal account could not receive it.' end,
            'bench-' || p.i, md5(p.i::text),
            case when st.status not in ('pending','cancelled') then t.at + interval '1 day' end,
            case when st.status = 'completed' then t.at + interval '3 days' end,
            case when st.status in ('failed','returned') then t.at + interval '3 days' end,
            case when st.status = 'cancelled' then t.at + interval '2 hours' end,
            t.at, t.at + interval '3 days'
     from bench_payout_plan p
     join bench_credit c on c.influencer_id = p.influencer_id
     join influencers i on i.id = p.influencer_id
     cross join lateral (select greatest(i.created_at + interval '2 days',
                                         now() - interval '690 days' + (p.i::float / ${sizes.payouts}) * interval '690 days') as at) t
     cross join lateral (select case when p.r < 0.80 then 'completed' when p.r < 0.86 then 'pending'
                                     when p.r < 0.88 then 'processing' when p.r < 0.92 then 'failed'
                                     when p.r < 0.94 then 'returned' else 'cancelled' end as status) st`,
    `update payouts set created_at = now() - interval '1 hour' * (id % 48), updated_at = now() - interval '1 hour' * (id % 48),
            expected_by = current_date + 9
     where status in ('pending','processing')`,
    `insert into ledger_entries (influencer_id, amount, kind, reference, description, created_at)
     select influencer_id, -amount, 'redemption', 'redemption:payout:' || id, 'Redeemed: PayPal payout #' || id, created_at
     from payouts order by created_at, id`,
    `insert into transactions (influencer_id, amount, kind, status, ledger_reference, payout_id, created_at, updated_at)
     select influencer_id, amount, 'redemption',
            case status when 'completed' then 'completed' when 'failed' then 'failed' when 'returned' then 'failed'
                        when 'cancelled' then 'cancelled' else 'pending' end,
            'redemption:payout:' || id, id, created_at, updated_at
     from payouts order by created_at, id`,
    `insert into ledger_entries (influencer_id, amount, kind, reference, description, created_at)
     select influencer_id, amount, 'reversal', 'reversal:payout:' || id,
            case status when 'cancelled' then 'Cancelled: PayPal payout #' || id else 'Returned: PayPal payout #' || id end,
            coalesce(failed_at, cancelled_at)
     from payouts where status in ('failed','returned','cancelled') order by id`,
    `insert into payout_events (payout_id, action, actor_user_id, actor_name, detail, created_at)
     select p.id, 'requested', 'bench-user-' || p.influencer_id, 'Creator ' || p.influencer_id,
            p.amount || ' Mint to ' || p.paypal_email, p.created_at
     from payouts p order by p.id`,
    `insert into payout_events (payout_id, action, actor_user_id, actor_name, detail, created_at)
     select p.id, case p.status when 'completed' then 'marked_paid' when 'cancelled' then 'cancelled' else 'marked_failed' end,
            '${admin}', '${adminLabel}', coalesce('Reference: ' || p.reference, p.failure_reason), p.updated_at
     from payouts p where p.status in ('completed','failed','returned','cancelled') order by p.id`,
    // The admin's audit trail of those decisions (decision 0057), as recordAdminAction writes it: every adjustment
    // ('mint.adjust' on the creator, with the balance before and after) and every payout marked paid or failed.
    `insert into audit_log (actor_user_id, actor_name, action, entity_type, entity_id, before, after, ip_address, created_at)
     select '${admin}', '${adminLabel}', x.action, x.entity_type, x.entity_id, x.before, x.after, '127.0.0.1', x.at
     from (
       select 'mint.adjust' as action, 'creator' as entity_type, m.influencer_id::text as entity_id,
              jsonb_build_object('balance', b.before) as before,
              jsonb_build_object('balance', b.before + m.amount, 'amount', m.amount, 'reason', m.reason) as after,
              m.created_at as at
       from mint_adjustments m
       join (select reference, (sum(amount) over (partition by influencer_id order by created_at, id) - amount)::int as before
             from ledger_entries) b on b.reference = 'adjustment:' || m.id
       union all
       select 'payout.mark_paid', 'payout', p.id::text, jsonb_build_object('status', 'processing', 'reference', null),
              jsonb_build_object('status', 'completed', 'reference', p.reference), p.completed_at
       from payouts p where p.status = 'completed'
       union all
       select 'payout.mark_failed', 'payout', p.id::text,
              jsonb_build_object('status', 'processing', 'failureReason', null, 'mintReturned', 0),
              jsonb_build_object('status', 'failed', 'failureReason', p.failure_reason, 'mintReturned', p.amount), p.failed_at
       from payouts p where p.status = 'failed'
     ) x order by x.at`,
    `insert into mint_balances (influencer_id, balance, updated_at)
     select influencer_id, sum(amount)::int, max(created_at) from ledger_entries group by influencer_id`,
    // --------------------------------------------------------------------------------------------- notifications
    `insert into notifications (user_id, kind, title, body, link, created_at, read_at)
     select case when g % 10 = 0 then '${admin}' else 'bench-user-' || (1 + floor(${C} * power(random(), 2))::int) end,
            case when g % 10 = 0 then 'new_application' else (array['application_accepted','box_shipped','content_approved','payout_paid'])[1 + g % 4] end,
            'Something happened', 'A notice of the bench data set.', '/dashboard?tab=campaigns',
            now() - interval '365 days' + (g::float / ${sizes.notifications}) * interval '365 days',
            case when g % 3 = 0 then null else now() - interval '365 days' + (g::float / ${sizes.notifications}) * interval '365 days' + interval '1 hour' end
     from generate_series(1, ${sizes.notifications}) g`,
    // ----------------------------------------------------------------------------------- identity sequences
    ...['influencers', 'campaigns', 'applications', 'submissions', 'mint_adjustments', 'payouts'].map(
      (table) => `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    ),
    `drop table bench_app_plan, bench_adjustment_plan, bench_credit, bench_payout_plan`,
  ];
}

/** Checks the data set against the invariants the app keeps; each query returns a count of violations. */
export const operatorChecks: Array<[string, string]> = [
  [
    'balances equal ledger sums',
    `select count(*)::int as n from mint_balances b full join
       (select influencer_id, sum(amount) as s from ledger_entries group by influencer_id) l using (influencer_id)
     where coalesce(b.balance, 0) <> coalesce(l.s, 0)`,
  ],
  [
    'ledger entries without a transaction (reversals excepted)',
    `select count(*)::int as n from ledger_entries e left join transactions t on t.ledger_reference = e.reference
     where e.kind <> 'reversal' and t.id is null`,
  ],
  [
    'campaign applications_count',
    `select count(*)::int as n from campaigns c
     where c.applications_count <> (select count(*) from applications a where a.campaign_id = c.id)`,
  ],
  [
    'campaign_counts',
    `select count(*)::int as n from (select status, platform, count(*)::int as total from campaigns group by 1, 2) x
     full join campaign_counts cc using (status, platform) where coalesce(cc.total, 0) <> coalesce(x.total, 0)`,
  ],
];
