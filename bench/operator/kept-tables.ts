/**
 * The tables the app's triggers keep from the rows the generator writes (decision 0057). The generator writes its
 * rows with every trigger off (`session_replication_role = replica`, for its transaction only), turns them on
 * again, and then fills each kept table once with the SQL its migration backfills it with (the rebuild functions the
 * migrations call, or their one-statement backfills), so the set holds exactly what the app would have written row
 * by row. Replica mode also skips the foreign keys' per-row checks (a third of the time of the 3,000,000 snapshots):
 * every foreign key is checked afterwards instead, once per constraint, by one anti-join (`foreignKeyChecksSql`).
 *
 * Why: a statement trigger's plan in plpgsql is made once per connection, the first time it runs, with the size its
 * transition tables had then. The generator's `insert into applications` upserts applicant_keys through
 * creator_reliability_refresh, which also fires applicant_counts_move_updated with empty transition tables; that plan
 * (a nested loop, 1 row estimated on each side) was then reused for the submissions insert, which moves tens of
 * thousands of keys: 10,000 keys compared 100 million pairs (68 s), the full set's 100,000-odd never finished.
 *
 * The live-update and admin-page notices (migrations 0041, 0048) are not replayed: nobody listens to a bench set
 * while it is built.
 */

/**
 * The schema's plain indexes (neither unique nor a constraint's: `on conflict` and the foreign keys need those) with
 * their definitions. The build drops them before it writes and makes each again once the rows are in: one sort per
 * index instead of millions of inserts into pages that no longer fit in shared_buffers (the 3,000,000 snapshots have
 * three such indexes, the creators' names three trigram ones).
 */
export const plainIndexesSql = `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
  from pg_index i join pg_class c on c.oid = i.indrelid
  where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and not i.indisunique
    and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
  order by 1`;

/**
 * One query per foreign key of the schema: the rows whose key (every column set: MATCH SIMPLE) names no row of the
 * table it refers to.
 */
export const foreignKeysSql = `select c.conname as name, format(
    'select count(*)::int as n from %s x where %s and not exists (select 1 from %s y where %s)',
    c.conrelid::regclass,
    string_agg(format('x.%I is not null', a.attname), ' and '),
    c.confrelid::regclass,
    string_agg(format('y.%I = x.%I', b.attname, a.attname), ' and ')) as query
  from pg_constraint c
  cross join lateral unnest(c.conkey, c.confkey) as k(child, parent)
  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.child
  join pg_attribute b on b.attrelid = c.confrelid and b.attnum = k.parent
  where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
  group by c.oid, c.conname, c.conrelid, c.confrelid
  order by 1`;

/**
 * The kept tables filled from scratch, in an order where each reads only what is already there: the counts,
 * payments and tax totals (migrations 0015, 0030, 0033, 0036), the creators' records with the review's keys and
 * counts (0026, 0038: applicant_counts follows applicant_keys by its own trigger, on again by then), the posts'
 * figures (0035) and the inbox's campaign counts (0037).
 */
export const keptTablesSql: string[] = [
  'analyze',
  'delete from campaign_counts',
  `insert into campaign_counts (status, platform, total)
     select status, platform, count(*) from campaigns group by status, platform`,
  'delete from transaction_counts',
  `insert into transaction_counts (kind, status, shard, total)
     select kind, status, 0, count(*) from transactions group by kind, status`,
  'delete from influencer_counts',
  'insert into influencer_counts (shard, total) select 0, count(*) from influencers',
  'select payment_totals_rebuild()',
  'select tax_year_totals_rebuild()',
  'select creator_reliability_rebuild()',
  'select content_post_figures_rebuild()',
  'delete from campaign_conversation_counts',
  `insert into campaign_conversation_counts (campaign_id, conversations)
     select campaign_id, count(*) from conversations where last_message_id is not null group by campaign_id`,
];

/** Checks of the kept tables against their sources; each query returns a count of violations. */
export const keptTableChecks: Array<[string, string]> = [
  [
    'transaction_counts',
    `select count(*)::int as n from (select kind, status, count(*)::int as total from transactions group by 1, 2) x
     full join (select kind, status, sum(total)::int as total from transaction_counts group by 1, 2) k
       using (kind, status)
     where coalesce(k.total, 0) <> coalesce(x.total, 0)`,
  ],
  [
    'an applicant key per application',
    `select count(*)::int as n from applications a left join applicant_keys k on k.application_id = a.id
     where k.application_id is null`,
  ],
  [
    'applicant_counts',
    `select count(*)::int as n from
       (select campaign_id, status, missed = 0 as clean, count(*)::int as total from applicant_keys group by 1, 2, 3) x
     full join (select campaign_id, status, clean, sum(total)::int as total from applicant_counts group by 1, 2, 3) k
       using (campaign_id, status, clean)
     where coalesce(k.total, 0) <> coalesce(x.total, 0)`,
  ],
  [
    'a reliability record per creator with applications',
    `select count(*)::int as n from (select distinct influencer_id from applications) a
     left join creator_reliability r using (influencer_id) where r.influencer_id is null`,
  ],
];
