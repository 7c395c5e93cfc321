import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';

/**
 * Catalogue vocabulary. Each product belongs to a category; a campaign is about one product, which shows up in its
 * name, its description and its first tag, so a product keyword hits about 1/PRODUCTS.length of the catalogue
 * (e.g. `serum` ≈ 1.6%). No other word contains another product's name.
 */
const PRODUCTS: ReadonlyArray<readonly [product: string, category: string]> = [
  ['serum', 'Beauty'],
  ['lipstick', 'Beauty'],
  ['mascara', 'Beauty'],
  ['face mask', 'Beauty'],
  ['moisturizer', 'Beauty'],
  ['sunscreen', 'Beauty'],
  ['perfume', 'Beauty'],
  ['nail polish', 'Beauty'],
  ['sneakers', 'Fashion'],
  ['hoodie', 'Fashion'],
  ['denim jacket', 'Fashion'],
  ['sunglasses', 'Fashion'],
  ['tote bag', 'Fashion'],
  ['wristwatch', 'Fashion'],
  ['scarf', 'Fashion'],
  ['ankle boots', 'Fashion'],
  ['cold brew', 'Food'],
  ['granola', 'Food'],
  ['hot sauce', 'Food'],
  ['olive oil', 'Food'],
  ['matcha', 'Food'],
  ['dark chocolate', 'Food'],
  ['pasta kit', 'Food'],
  ['snack box', 'Food'],
  ['yoga mat', 'Fitness'],
  ['protein bar', 'Fitness'],
  ['resistance bands', 'Fitness'],
  ['water bottle', 'Fitness'],
  ['running shoes', 'Fitness'],
  ['foam roller', 'Fitness'],
  ['headphones', 'Tech'],
  ['phone case', 'Tech'],
  ['bluetooth speaker', 'Tech'],
  ['keyboard', 'Tech'],
  ['webcam', 'Tech'],
  ['power bank', 'Tech'],
  ['tablet stand', 'Tech'],
  ['mini drone', 'Tech'],
  ['candle', 'Home Decor'],
  ['throw pillow', 'Home Decor'],
  ['ceramic vase', 'Home Decor'],
  ['desk lamp', 'Home Decor'],
  ['woven rug', 'Home Decor'],
  ['planter', 'Home Decor'],
  ['dog treats', 'Pets'],
  ['cat tower', 'Pets'],
  ['pet bed', 'Pets'],
  ['leash', 'Pets'],
  ['backpack', 'Travel'],
  ['carry-on', 'Travel'],
  ['neck pillow', 'Travel'],
  ['packing cubes', 'Travel'],
  ['controller', 'Gaming'],
  ['gaming chair', 'Gaming'],
  ['headset', 'Gaming'],
  ['multivitamin', 'Health'],
  ['sleep spray', 'Health'],
  ['herbal tea', 'Health'],
  ['baby carrier', 'Parenting'],
  ['stroller', 'Parenting'],
  ['art markers', 'Art'],
  ['sketchbook', 'Art'],
];

const ADJECTIVES = [
  'Glow',
  'Fresh',
  'Bold',
  'Pure',
  'Urban',
  'Cozy',
  'Vivid',
  'Daily',
  'Summer',
  'Winter',
  'Radiant',
  'Classic',
  'Wild',
  'Golden',
  'Velvet',
  'Smart',
  'Zen',
  'Epic',
  'Sunny',
  'Midnight',
  'Crisp',
  'Bright',
  'Calm',
  'Lucky',
  'Swift',
  'Happy',
  'Modern',
  'Retro',
  'Mellow',
  'Prime',
];

const HOOKS = [
  'Launch',
  'Drop',
  'Challenge',
  'Collab',
  'Giveaway',
  'Review',
  'Unboxing',
  'Tour',
  'Week',
  'Edit',
  'Festival',
  'Takeover',
];

const BRAND_FIRST = [
  'Lumière',
  'Nova',
  'Peak',
  'Atlas',
  'Bloom',
  'Echo',
  'Terra',
  'Kindred',
  'Maple',
  'Orbit',
  'Harbor',
  'Juniper',
  'Copper',
  'Lark',
  'Willow',
  'Sable',
];
const BRAND_SECOND = [
  'Skin',
  'Labs',
  'Co.',
  'Studio',
  'Goods',
  'Outfitters',
  'Kitchen',
  'Wear',
  'Audio',
  'Works',
];

const MOMENTS = [
  'morning',
  'evening',
  'weekend',
  'workout',
  'commute',
  'self-care',
  'holiday',
  'back-to-school',
];
const FORMATS = ['Reel', 'short video', 'Story set', 'livestream', 'photo carousel', 'long-form video'];
const EXTRA_TAGS = [
  'Sustainable',
  'Vegan',
  'Budget',
  'Luxury',
  'New',
  'Trending',
  'Local',
  'Limited Edition',
];
const FILLERS = [
  'Products ship within 3 business days of approval.',
  'Open to creators across the US.',
  'Authentic, unscripted content performs best with our audience.',
  'Please keep captions in English and disclose the partnership.',
  'Top posts may be featured on our brand page.',
  'We love behind-the-scenes moments and honest first impressions.',
  'Content must stay live for at least 30 days.',
  'Creators with an engaged community are preferred over raw follower counts.',
];
const REQUIREMENTS = [
  '1 Reel of at least 30 seconds',
  '3 Stories with a link sticker',
  'Tag the brand account',
  'Use the campaign hashtag',
  'Post within 7 days of delivery',
  'Share raw footage for reuse',
  'Mention the discount code',
  'No competing brands for 30 days',
];

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map(sqlText).join(', ')}]::text[]`;
/** 1-based random index into an array of `length` items. */
const pick = (length: number) => `(1 + floor(random() * ${length}))::int`;

/**
 * Builds one INSERT … SELECT over generate_series. Deterministic for a given row count (setseed).
 * created_at: spread evenly over the 730 days before now, jittered, strictly increasing with id (as rows
 * inserted over time would be), millisecond precision, all distinct.
 */
export function seedSql(rows: number): string {
  const spanMs = 730 * 24 * 3_600_000;
  const stepMs = Math.floor(spanMs / rows);
  const jitterMs = Math.floor(stepMs * 0.9);
  const slugs = PRODUCTS.map(([product, category]) =>
    `${category}-${product}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  );
  return `
SELECT setseed(0.4242);
INSERT INTO campaigns (
  name, brand, platform, type, description, requirements, deadline, reward, applications_count,
  followers_required, status, budget, reach, image_url, gallery, tags, created_at, updated_at
)
SELECT
  w.adjective[r.adj] || ' ' || initcap(w.product[r.prod]) || ' ' || w.hook[r.hook],
  w.brand_first[r.bf] || ' ' || w.brand_second[r.bs],
  CASE WHEN r.rp < 0.40 THEN 'instagram' WHEN r.rp < 0.70 THEN 'tiktok' WHEN r.rp < 0.90 THEN 'youtube' ELSE 'facebook' END,
  CASE WHEN r.rt < 0.40 THEN 'gifting' WHEN r.rt < 0.65 THEN 'paid' ELSE 'gifting_paid' END,
  CASE r.tpl
    WHEN 1 THEN 'Share your ' || w.moment[r.mom] || ' routine with our new ' || lower(w.adjective[r.adj]) || ' ' || w.product[r.prod] || '. '
    WHEN 2 THEN 'Unbox the ' || w.product[r.prod] || ' from ' || w.brand_first[r.bf] || ' and tell your followers what you honestly think. '
    WHEN 3 THEN 'Create a ' || w.format[r.fmt] || ' showing how the ' || w.product[r.prod] || ' fits into your ' || w.moment[r.mom] || '. '
    WHEN 4 THEN 'We are looking for ' || lower(w.category[r.prod]) || ' creators to try our ' || w.product[r.prod] || ' and share a genuine first impression. '
    ELSE 'Join the ' || lower(w.hook[r.hook]) || ' and feature the ' || w.product[r.prod] || ' in a ' || w.format[r.fmt] || ' for your audience. '
  END || w.filler[r.f1] || ' ' || w.filler[r.f2],
  ARRAY[w.requirement[r.q1], w.requirement[r.q2]]
    || CASE WHEN r.rq < 0.5 THEN ARRAY[w.requirement[r.q3]] ELSE '{}'::text[] END,
  ((r.created_at AT TIME ZONE 'UTC')::date + 14 + floor(r.rd * 60)::int),
  CASE WHEN r.rt < 0.40 THEN 0 ELSE 20 + floor(r.rr * 481)::int END,
  floor(r.ra * r.ra * 400)::int,
  (ARRAY[0, 0, 1000, 5000, 10000, 25000, 50000])[${pick(7)}],
  CASE WHEN r.rs < 0.70 THEN 'active' WHEN r.rs < 0.88 THEN 'ended' WHEN r.rs < 0.97 THEN 'pending' ELSE 'draft' END,
  round((500 + r.rb * 49500)::numeric, 2),
  (10000 + floor(r.rh * r.rh * 2000000))::int,
  '/images/campaigns/' || w.slug[r.prod] || '.svg',
  ARRAY['/images/campaigns/' || w.slug[r.prod] || '.svg']
    || CASE WHEN r.rg < 0.6 THEN ARRAY['/images/campaigns/' || w.slug[r.prod] || '-2.svg'] ELSE '{}'::text[] END,
  ARRAY[w.category[r.prod]] || CASE WHEN r.rx < 0.5 THEN ARRAY[w.extra_tag[r.xt]] ELSE '{}'::text[] END,
  r.created_at,
  r.created_at + floor(r.ru * 72) * interval '1 hour'
FROM (
  SELECT
    g,
    date_trunc('second', now()) - interval '730 days'
      + (g::bigint * ${stepMs} + floor(random() * ${jitterMs})::bigint) * interval '1 millisecond' AS created_at,
    ${pick(ADJECTIVES.length)} AS adj, ${pick(PRODUCTS.length)} AS prod, ${pick(HOOKS.length)} AS hook,
    ${pick(BRAND_FIRST.length)} AS bf, ${pick(BRAND_SECOND.length)} AS bs, ${pick(MOMENTS.length)} AS mom,
    ${pick(FORMATS.length)} AS fmt, ${pick(5)} AS tpl, ${pick(FILLERS.length)} AS f1, ${pick(FILLERS.length)} AS f2,
    ${pick(REQUIREMENTS.length)} AS q1, ${pick(REQUIREMENTS.length)} AS q2, ${pick(REQUIREMENTS.length)} AS q3,
    ${pick(EXTRA_TAGS.length)} AS xt,
    random() AS rp, random() AS rt, random() AS rs, random() AS rd, random() AS rr, random() AS ra,
    random() AS rb, random() AS rh, random() AS rg, random() AS rx, random() AS rq, random() AS ru
  FROM generate_series(1, ${rows}) AS g
) AS r
CROSS JOIN (
  SELECT
    ${sqlArray(ADJECTIVES)} AS adjective,
    ${sqlArray(PRODUCTS.map(([product]) => product))} AS product,
    ${sqlArray(PRODUCTS.map(([, category]) => category))} AS category,
    ${sqlArray(slugs)} AS slug,
    ${sqlArray(HOOKS)} AS hook,
    ${sqlArray(BRAND_FIRST)} AS brand_first,
    ${sqlArray(BRAND_SECOND)} AS brand_second,
    ${sqlArray(MOMENTS)} AS moment,
    ${sqlArray(FORMATS)} AS format,
    ${sqlArray(EXTRA_TAGS)} AS extra_tag,
    ${sqlArray(FILLERS)} AS filler,
    ${sqlArray(REQUIREMENTS)} AS requirement
) AS w
ORDER BY r.g;
`;
}

export interface SeedStats {
  rows: number;
  seconds: number;
  publicRows: number;
  byPlatform: Record<string, number>;
  byStatus: Record<string, number>;
  /** Public rows matching `serum` (the keyword case). */
  serumHits: number;
}

/** Inserts `rows` campaigns, then VACUUM ANALYZE (fresh statistics and visibility map, as autovacuum would leave). */
export async function seedCampaigns(handle: DatabaseHandle, rows: number): Promise<SeedStats> {
  const started = performance.now();
  await handle.exec(seedSql(rows));
  await handle.exec('VACUUM ANALYZE campaigns');
  const seconds = (performance.now() - started) / 1000;

  const grouped = async (column: 'platform' | 'status') => {
    const result = await handle.db.execute(
      sql.raw(`select ${column} as key, count(*)::int as n from campaigns group by 1 order by 1`),
    );
    const rows = resultRows<{ key: string; n: number }>(result);
    return Object.fromEntries(rows.map((row) => [row.key, Number(row.n)])) as Record<string, number>;
  };
  const byPlatform = await grouped('platform');
  const byStatus = await grouped('status');
  const serum = resultRows<{ n: number }>(
    await handle.db.execute(
      sql`select count(*)::int as n from campaigns where status <> 'draft' and search_text like '%serum%'`,
    ),
  );
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return {
    rows: total,
    seconds,
    publicRows: total - (byStatus.draft ?? 0),
    byPlatform,
    byStatus,
    serumHits: Number(serum[0]?.n ?? 0),
  };
}

/** drizzle's execute returns `{ rows }` on both drivers. */
function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
