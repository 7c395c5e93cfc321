/**
 * `npx tsx bench/content-metrics.ts`: how long the analytics queries take at BENCH_POSTS posts (10,000) with
 * BENCH_SNAPSHOTS snapshots each (30), spread over BENCH_CAMPAIGNS campaigns (100). PostgreSQL when
 * TEST_DATABASE_URL is set (a throwaway schema), in-memory PGlite otherwise. Prints the median of 5 runs of each.
 */
import { sql } from 'drizzle-orm';
import {
  analyticsOverview,
  campaignAnalytics,
  myAnalytics,
} from '../src/server/services/content-metrics/analytics';
import { testServices } from '../tests/support/services';
import { createTestDatabase } from '../tests/support/test-database';
import { numberEnv } from './env';

const POSTS = numberEnv('BENCH_POSTS', 10_000);
const SNAPSHOTS = numberEnv('BENCH_SNAPSHOTS', 30);
const CAMPAIGNS = numberEnv('BENCH_CAMPAIGNS', 100);
const NOW = new Date('2026-06-30T12:00:00Z');

const database = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
const { db } = database;
const services = testServices({ db, now: () => NOW });
const started = performance.now();
// One creator per post (applications are unique per campaign and creator), posts spread over the campaigns,
// each read once a day for the last SNAPSHOTS days, views growing.
await db.execute(sql`insert into influencers (username, name, email)
  select 'c' || i, 'Creator ' || i, 'c' || i || '@example.com' from generate_series(1, ${POSTS}) i`);
await db.execute(sql`insert into social_accounts (influencer_id, platform, followers)
  select id, 'youtube', 1000 + id from influencers`);
await db.execute(sql`insert into campaigns (name, brand, platform, type, description, deadline, status, budget, image_url)
  select 'Campaign ' || i, 'Brand', 'youtube', 'gifting', 'Bench', '2030-01-01', 'active', 1000, '/x.svg'
  from generate_series(1, ${CAMPAIGNS}) i`);
await db.execute(sql`insert into applications (campaign_id, influencer_id, status, approved_at)
  select (select min(id) from campaigns) + (i.id % ${CAMPAIGNS}), i.id, 'approved', ${NOW.toISOString()}::timestamptz - interval '31 days'
  from influencers i`);
await db.execute(sql`insert into submissions (application_id, urls, status, reviewed_at, created_at)
  select a.id, array['https://youtu.be/v' || lpad(a.id::text, 10, '0')], 'approved', a.approved_at, a.approved_at - interval '1 day'
  from applications a`);
await db.execute(sql`insert into content_metric_snapshots (submission_id, post_url, source, views, likes, comments, measured_at)
  select s.id, s.urls[1], 'api', d * 100 + s.id % 1000, d * 10, d, ${NOW.toISOString()}::timestamptz - (d || ' days')::interval
  from submissions s cross join generate_series(0, ${SNAPSHOTS - 1}) d`);
await db.execute(sql`analyze`);
const seeded = (performance.now() - started) / 1000;

async function time(label: string, run: () => Promise<unknown>) {
  await run();
  const runs: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const t = performance.now();
    await run();
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} ${runs[2]!.toFixed(0).padStart(6)} ms (min ${runs[0]!.toFixed(0)}, max ${runs[4]!.toFixed(0)})`,
  );
}

const firstCampaign = Number(
  ((await db.execute(sql`select min(id) as id from campaigns`)) as unknown as { rows: Array<{ id: number }> })
    .rows[0]!.id,
);
const firstCreator = Number(
  (
    (await db.execute(sql`select min(id) as id from influencers`)) as unknown as {
      rows: Array<{ id: number }>;
    }
  ).rows[0]!.id,
);
console.log(
  `${database.driver}: ${POSTS} posts × ${SNAPSHOTS} snapshots (${POSTS * SNAPSHOTS} rows) over ${CAMPAIGNS} campaigns, seeded in ${seeded.toFixed(1)} s`,
);
await time(`campaign analytics (one campaign, ${POSTS / CAMPAIGNS} posts)`, () =>
  campaignAnalytics(services, firstCampaign),
);
await time(`overview (all ${POSTS} posts, 90 days)`, () => analyticsOverview(services, {}));
await time('creator analytics (one creator)', () => myAnalytics(services, firstCreator));
if (process.env.BENCH_PARTS) {
  const q = await import('../src/db/queries/content-metrics-totals');
  const posts = await import('../src/db/queries/content-metrics-posts');
  const series = await import('../src/db/queries/content-metrics-series');
  const scope = { campaignId: firstCampaign };
  await time('  totals by platform', () => q.totalsByPlatform(db, scope, NOW));
  await time('  daily series (30 days)', () => series.dailySeries(db, scope, '2026-06-01', '2026-06-30'));
  await time('  posts', () => posts.listPostMetrics(db, scope, NOW));
  await time('  creators', () => q.totalsByCreator(db, scope, NOW));
  await time('  mint spent', () => q.campaignMintSpent(db, firstCampaign));
}
await database.destroy();
