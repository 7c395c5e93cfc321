import { type SQL, sql } from 'drizzle-orm';
import type { Platform } from '../../shared/constants';
import type { DatabaseOrTransaction } from '../client';
import { COUNTED, type PostScope, postFilter, readWithoutJit, SNAPSHOT_ORDER } from './content-metrics';

const interactionsOf = (t: SQL) =>
  sql`coalesce(${t}.likes, 0) + coalesce(${t}.comments, 0) + coalesce(${t}.shares, 0) + coalesce(${t}.saves, 0)`;

/**
 * Daily totals per platform (views and interactions as counted at the end of each UTC day) from `fromDate` to
 * `toDate` (YYYY-MM-DD, both included), for every platform the scope has posts on.
 *
 * It reads only what the window changed (decision 0014's counted rule, decision 0030): a post whose counted
 * snapshot of all time (its kept row) was measured before the first day counts that snapshot on every day (summed per
 * platform once, `settled`). Only a post
 * measured since is read from the snapshots: its counted snapshot before the first day (one probe of
 * content_metric_snapshots_counted_idx) and its counted snapshots inside the window. Per post and day the best of
 * these so far (API first, then the latest, then the highest id: a key compared as an array) is its figure; the
 * series sums each post's changes per day and carries them forward.
 */
export async function dailySeries(
  db: DatabaseOrTransaction,
  scope: PostScope,
  fromDate: string,
  toDate: string,
): Promise<Array<{ platform: Platform; date: string; views: number; interactions: number }>> {
  const result = await readWithoutJit(
    db,
    sql`with posts as (
      select f.submission_id, f.post_url, f.platform, f.snapshot_id, f.source, f.measured_at,
        coalesce(f.views, 0) as views, ${interactionsOf(sql`f`)} as interactions
      from content_post_figures f where ${postFilter(scope)}
    ),
    bounds as (
      select (${fromDate}::date::timestamp at time zone 'UTC') as start_at,
        ((${toDate}::date + 1)::timestamp at time zone 'UTC') as end_at
    ),
    days as (
      select d::date as day from generate_series(${fromDate}::date, ${toDate}::date, interval '1 day') d
    ),
    settled as (
      select p.platform, sum(p.views) as views, sum(p.interactions) as interactions
      from posts p cross join bounds b
      where p.measured_at < b.start_at
      group by p.platform
    ),
    candidates as (
      select p.submission_id, p.post_url, p.platform, ${fromDate}::date as day, l.is_api, l.measured_at, l.id, l.views,
        l.interactions
      from posts p cross join bounds b
      cross join lateral (
        select s.source = 'api' as is_api, s.measured_at, s.id, coalesce(s.views, 0) as views,
          ${interactionsOf(sql`s`)} as interactions
        from content_metric_snapshots s
        where s.submission_id = p.submission_id and s.post_url = p.post_url and ${COUNTED}
          and s.measured_at < b.start_at
        order by ${SNAPSHOT_ORDER}
        limit 1
      ) l
      where p.measured_at >= b.start_at
      union all
      select p.submission_id, p.post_url, p.platform, (s.measured_at at time zone 'UTC')::date, s.source = 'api',
        s.measured_at, s.id, coalesce(s.views, 0), ${interactionsOf(sql`s`)}
      from posts p cross join bounds b
      join content_metric_snapshots s on s.submission_id = p.submission_id and s.post_url = p.post_url
      where p.measured_at >= b.start_at and ${COUNTED} and s.measured_at >= b.start_at and s.measured_at < b.end_at
    ),
    day_best as (
      select distinct on (submission_id, post_url, day) submission_id, post_url, platform, day, views, interactions,
        array[is_api::int, (extract(epoch from measured_at) * 1000)::bigint, id]::bigint[] as k
      from candidates
      order by submission_id, post_url, day, is_api desc, measured_at desc, id desc
    ),
    running as (
      select *, max(k) over (partition by submission_id, post_url order by day) as best_k from day_best
    ),
    changes as (
      (select platform, day,
        views - coalesce(lag(views) over w, 0) as views,
        interactions - coalesce(lag(interactions) over w, 0) as interactions
      from running where k = best_k
      window w as (partition by submission_id, post_url order by day))
      union all
      select platform, ${fromDate}::date, views, interactions from settled
    ),
    per_day as (
      select platform, day, sum(views) as views, sum(interactions) as interactions from changes group by platform, day
    ),
    platforms as (select distinct platform from posts)
    select pl.platform, to_char(days.day, 'YYYY-MM-DD') as date,
      (sum(coalesce(pd.views, 0)) over (partition by pl.platform order by days.day))::float8 as views,
      (sum(coalesce(pd.interactions, 0)) over (partition by pl.platform order by days.day))::float8 as interactions
    from days cross join platforms pl
    left join per_day pd on pd.day = days.day and pd.platform = pl.platform
    order by pl.platform, days.day`,
  );
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => ({
    platform: row.platform as Platform,
    date: String(row.date),
    views: Number(row.views),
    interactions: Number(row.interactions),
  }));
}
