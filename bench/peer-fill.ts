/**
 * `npx tsx bench/peer-fill.ts`: fills the peer's `campaigns` table (issue 44, item 3: the open peer run as an
 * instrument beside Mintbox, see bench/README.md "Peer comparison") with the bench's campaigns, so both apps answer
 * the same rows by the same id.
 *
 * PEER_DATABASE_URL names the peer's database (its tables already created by its own `drizzle-kit push`). The bench's
 * seed (bench/seed.ts, BENCH_ROWS, 100,000 by default) runs in a `bench_…` schema of that database, migrated as
 * Mintbox's own; its rows are copied into the peer's `public.campaigns` (id as text, each column mapped to the
 * nearest one), then the schema is dropped. Nothing of the peer is read or written here but that table.
 */
import pg from 'pg';
import { createBenchDatabase } from './database';
import { numberEnv } from './env';
import { seedCampaigns } from './seed';

const ROWS = numberEnv('BENCH_ROWS', 100_000);

/** Mintbox's campaign columns mapped onto the peer's (statuses: ended -> closed, pending -> draft). */
const COPY_SQL = (schema: string) => `
INSERT INTO public.campaigns (
  id, name, brand_name, product_name, campaign_type, category, inventory, approved_count, image_url, image_urls,
  content_overview, guidelines_summary, required_hashtags, application_deadline, deadline, status, created_at
)
SELECT
  c.id::text, c.name, c.brand, c.tags[1], 'basic', coalesce(c.tags[1], 'lifestyle'), coalesce(c.max_accepted, 50),
  c.applications_count, c.image_url, c.gallery, c.description, array_to_string(c.requirements, E'\\n'), c.tags,
  c.deadline::timestamp, c.deadline::timestamp + interval '30 days',
  CASE c.status WHEN 'active' THEN 'active' WHEN 'ended' THEN 'closed' ELSE 'draft' END,
  c.created_at
FROM "${schema}".campaigns AS c
ORDER BY c.id`;

async function main() {
  const url = process.env.PEER_DATABASE_URL?.trim();
  if (!url) throw new Error('PEER_DATABASE_URL is not set (the peer database, e.g. …/collaboom_bench)');
  const bench = await createBenchDatabase({ url, poolSize: 2, isolation: 'schema' });
  const client = new pg.Client({ connectionString: url });
  try {
    const stats = await seedCampaigns(bench.handle, ROWS);
    console.log(`seeded ${stats.rows} campaigns in ${stats.seconds.toFixed(1)} s (${bench.label})`);
    await client.connect();
    const schema = bench.postgres?.searchPath;
    if (!schema) throw new Error(`no bench schema (${bench.label})`);
    await client.query('BEGIN');
    await client.query('TRUNCATE public.campaigns');
    const copied = await client.query(COPY_SQL(schema));
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE public.campaigns');
    console.log(`copied ${copied.rowCount} campaigns into the peer's public.campaigns`);
  } finally {
    await client.end().catch(() => undefined);
    await bench.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
