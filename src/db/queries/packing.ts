import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { rowsOf } from './raw-rows';

/**
 * A campaign's boxes per variant (issue 37): to pack (accepted, box not shipped) and shipped. Only held choices are
 * read (`reserved`: acceptance took the box, shipping keeps it), through the choices' variant index, so the count
 * follows the accepted creators, not everyone who applied. Every variant is listed, with zeros, in the admin's order.
 */
export async function packingCounts(db: DatabaseOrTransaction, campaignId: number) {
  const result = await db.execute(sql`
    select p.id as "productId", p.name as product, v.id as "variantId", v.name as variant, v.sku,
      count(a.id) filter (where a.status = 'accepted')::int as "toPack",
      count(a.id) filter (where a.shipped_at is not null)::int as shipped
    from campaign_products p
    join product_variants v on v.product_id = p.id
    left join application_choices c on c.variant_id = v.id and c.reserved
    left join applications a on a.id = c.application_id
    where p.campaign_id = ${campaignId}
    group by p.id, p.name, p.position, v.id, v.name, v.sku, v.position
    order by p.position, p.id, v.position, v.id`);
  return rowsOf<{
    productId: number;
    product: string;
    variantId: number;
    variant: string;
    sku: string;
    toPack: number;
    shipped: number;
  }>(result).map((r) => ({ ...r, toPack: Number(r.toPack), shipped: Number(r.shipped) }));
}

/**
 * What a campaign's shipped boxes are worth at retail (issue 37): the retail value of every variant chosen by an
 * application whose box shipped, in cents, and how many such boxes. `variants` is false for a campaign without
 * products (the caller keeps its single product value).
 */
export async function shippedRetailValue(db: DatabaseOrTransaction, campaignId: number) {
  const result = await db.execute(sql`
    select
      exists (select 1 from campaign_products where campaign_id = ${campaignId}) as variants,
      count(distinct a.id)::int as boxes,
      coalesce(sum(round(v.retail_value * 100)), 0)::bigint as cents
    from applications a
    join application_choices c on c.application_id = a.id
    join product_variants v on v.id = c.variant_id
    where a.campaign_id = ${campaignId} and a.shipped_at is not null`);
  const [row] = rowsOf<{ variants: boolean | string; boxes: number; cents: number | string }>(result);
  return {
    variants: row?.variants === true || row?.variants === 't',
    boxes: Number(row?.boxes ?? 0),
    cents: Number(row?.cents ?? 0),
  };
}
