import type { DatabaseHandle } from '../../src/db/client';

/**
 * The box bench's data (issue 37): one active gifting campaign offering one product in `variants` variants, and
 * `applicants` creators who applied, each with a profile (shipping address), a social account and one chosen
 * variant. Statuses: 40 % applied, 20 % accepted (box to pack), 20 % shipped, 10 % delivered, 5 % rejected,
 * 5 % withdrawn; the accepted, shipped and delivered ones hold their box (`reserved`), as acceptance leaves it.
 * The database's own triggers keep the review's keys and counts (applicant_keys, creator_reliability, …).
 */
export function boxSeedSql(applicants: number, variants: number): string[] {
  const N = Math.max(1, Math.floor(applicants));
  const V = Math.max(1, Math.floor(variants));
  const stock = Math.ceil(N / V) + 10;
  const status = `case when n % 10 < 4 then 'applied' when n % 10 < 6 then 'accepted'
    when n % 10 < 8 then 'shipped' when n % 10 = 8 then 'delivered'
    when n % 20 = 9 then 'rejected' else 'withdrawn' end`;
  return [
    `insert into campaigns (name, brand, platform, type, description, requirements, deadline, reward,
       applications_count, followers_required, status, budget, reach, image_url, gallery, tags, created_at, updated_at)
     values ('Serum Shades Bench', 'Lumiere', 'instagram', 'gifting', 'Show your morning routine with the serum.',
       array['One Reel'], current_date + 30, 0, ${N}, 0, 'active', '5000', 100000,
       '/images/campaigns/serum.svg', array[]::text[], array['Beauty'], now() - interval '20 days', now())`,
    `insert into campaign_products (campaign_id, name, position)
     select max(id), 'Serum', 0 from campaigns`,
    `insert into product_variants (product_id, name, sku, retail_value, stock, position)
     select p.id, 'Shade ' || lpad(v::text, 2, '0'), 'SER-' || lpad(v::text, 2, '0'), 32 + v, ${stock}, v
     from campaign_products p cross join generate_series(1, ${V}) v
     where p.campaign_id = (select max(id) from campaigns)`,
    `insert into influencers (username, name, email, platform, followers, engagement_rate, niche, email_verified,
       provider, profile_completed, standing, created_at, updated_at)
     select 'boxcreator' || n, 'Box Creator ' || n, 'boxcreator' || n || '@bench.mintbox.test', 'instagram',
            1000 + (n * 37) % 90000, '3.5', 'Beauty', true, 'email', true, 'active',
            now() - interval '200 days', now() - interval '200 days'
     from generate_series(1, ${N}) n`,
    `insert into influencer_profiles (influencer_id, first_name, last_name, paypal_email, phone_number,
       primary_category, secondary_category, full_name, address_line1, city, state, zip_code, shipping_phone,
       influencer_tier, total_followers, created_at, updated_at)
     select i.id, 'Box', i.id::text, 'paypal' || i.id || '@bench.mintbox.test', '4155550134', 'Beauty', 'Lifestyle',
            'Box Creator ' || i.id, i.id || ' Main St', 'Austin', 'TX', '73301', '4155550134', 'Mid-Tier',
            i.followers, i.created_at, i.created_at
     from influencers i where i.email like 'boxcreator%'`,
    `insert into social_accounts (influencer_id, platform, handle, followers, updated_at)
     select i.id, 'instagram', '@boxcreator' || i.id, i.followers, i.created_at
     from influencers i where i.email like 'boxcreator%'`,
    `insert into applications (campaign_id, influencer_id, status, pitch, decided_at, carrier, tracking_number,
       shipped_at, delivered_at, created_at, updated_at)
     select c.id, i.id, s.status, 'I would love to feature this.',
            case when s.status in ('applied', 'withdrawn') then null else now() - interval '5 days' end,
            case when s.status in ('shipped', 'delivered') then 'UPS' end,
            case when s.status in ('shipped', 'delivered') then '1ZBOX' || lpad(i.id::text, 12, '0') end,
            case when s.status in ('shipped', 'delivered') then now() - interval '3 days' end,
            case when s.status = 'delivered' then now() - interval '1 day' end,
            now() - interval '10 days' + (i.id % ${N}) * interval '1 minute', now()
     from (select max(id) as id from campaigns) c
     join influencers i on i.email like 'boxcreator%'
     cross join lateral (select ${status.replaceAll('n %', 'i.id %')} as status) s`,
    `insert into application_choices (application_id, product_id, variant_id, reserved)
     select a.id, v.product_id, v.id, a.status in ('accepted', 'shipped', 'delivered')
     from applications a
     join campaign_products p on p.campaign_id = a.campaign_id
     join product_variants v on v.product_id = p.id and v.position = 1 + (a.id * 7) % ${V}
     where a.campaign_id = (select max(id) from campaigns)`,
    `update product_variants v set reserved = held.n
     from (select variant_id, count(*)::int as n from application_choices where reserved group by variant_id) held
     where held.variant_id = v.id`,
    'vacuum analyze',
  ];
}

/** The signed-in Manager the box bench reads as (no second factor needed to read, issue 39). */
export const BOX_MANAGER = {
  email: 'packer@bench.mintbox.test',
  username: 'packer',
  password: 'bench password of the box set',
};

/** What the box bench loads: the review page, the shipping list and the packing summary. */
export const BOX_CASES = [
  { name: 'review page', path: (id: number) => `/api/admin/campaigns/${id}/applications` },
  { name: 'shipping list', path: (id: number) => `/api/admin/campaigns/${id}/applications?group=progress` },
  { name: 'packing summary', path: (id: number) => `/api/admin/campaigns/${id}/packing` },
] as const;

/** Seeds the box set (BOX_APPLICANTS, BOX_VARIANTS) and returns its campaign's id. */
export async function seedBoxCampaign(
  handle: DatabaseHandle,
  applicants = Math.round(Number(process.env.BOX_APPLICANTS ?? 10_000)),
  variants = Math.round(Number(process.env.BOX_VARIANTS ?? 20)),
): Promise<number> {
  const started = performance.now();
  for (const statement of boxSeedSql(applicants, variants)) await handle.exec(statement);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `[box] seeded ${applicants.toLocaleString('en-US')} applicants over ${variants} variants in ${seconds} s`,
  );
  const rows = (await handle.db.execute(`select id from campaigns order by id desc limit 1`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  return Number(rows.rows[0]?.id);
}
