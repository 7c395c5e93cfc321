import type { BoxSummary, Campaign } from '../../shared/schemas/campaign';
import type { CampaignRow } from '../schema/campaigns';

/* A campaign row in the API's shape: the catalogue's select list as drizzle or the driver returns it (decision 0019). */

/**
 * The PR box's products and boxes (issue 37): names, stock and boxes left over all variants (a withdrawn variant has
 * none left), for the cards' "Serum · 12 of 40 left"; null for a campaign without products. A correlated read over
 * campaign_products_campaign_idx and product_variants_product_idx in the catalogue's own statement, like
 * ACCEPTED_SO_FAR_SQL in db/queries/campaigns.ts.
 */
export const BOX_SUMMARY_SQL = `(select case when count(*) = 0 then null else json_build_object('products', string_agg(distinct "campaign_products"."name", ', '), 'stock', sum("product_variants"."stock")::int, 'left', sum(case when "product_variants"."available" then "product_variants"."stock" - "product_variants"."reserved" else 0 end)::int) end from "campaign_products" inner join "product_variants" on "product_variants"."product_id" = "campaign_products"."id" where "campaign_products"."campaign_id" = "campaigns"."id")`;

export type CampaignSelection = Omit<CampaignRow, 'searchText'>;

/** Boxes still to give: the cap minus the applications accepted so far (never below 0); null without a cap. */
export function boxesLeft(maxAccepted: number | null, accepted: number | null | undefined): number | null {
  return maxAccepted === null ? null : Math.max(0, maxAccepted - (accepted ?? 0));
}

/** The box summary as the driver gives it (json parsed), checked into the API's shape. */
export function boxOf(value: unknown): BoxSummary | null {
  if (!value || typeof value !== 'object') return null;
  const { products, stock, left } = value as Record<string, unknown>;
  return {
    products: String(products ?? ''),
    stock: Number(stock ?? 0),
    left: Math.max(0, Number(left ?? 0)),
  };
}

/**
 * A campaign row in the API's shape; `accepted` is its accepted count (needed only when it caps its boxes), `box`
 * its products' summary (the catalogue's reads; other callers have none to give).
 */
export function toCampaign(row: CampaignSelection, accepted?: number | null, box: unknown = null): Campaign {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    platform: row.platform,
    type: row.type,
    description: row.description,
    requirements: row.requirements,
    deadline: row.deadline,
    reward: row.reward,
    applicationsCount: row.applicationsCount,
    followersRequired: row.followersRequired,
    status: row.status,
    budget: row.budget,
    productValue: row.productValue,
    maxAccepted: row.maxAccepted,
    boxesLeft: boxesLeft(row.maxAccepted, accepted),
    box: boxOf(box),
    reach: row.reach,
    imageUrl: row.imageUrl,
    gallery: row.gallery,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A campaign row as the driver returns it for the catalogue's select list (column names, dates as text). */
export interface DriverCampaignRow {
  id: number;
  name: string;
  brand: string;
  platform: CampaignRow['platform'];
  type: CampaignRow['type'];
  description: string;
  requirements: string[];
  deadline: string;
  reward: number;
  applications_count: number;
  followers_required: number;
  status: CampaignRow['status'];
  budget: string;
  product_value: string | null;
  max_accepted: number | null;
  accepted_count: number | null;
  box: unknown;
  reach: number;
  image_url: string;
  gallery: string[];
  tags: string[];
  created_at: Date;
  updated_at: Date;
}

/**
 * The same campaign from the driver's row (the catalogue's fast path), field by field as toCampaign writes them:
 * spreading the driver's row into a selection first made every answer of the catalogue's first page 0.25 ms
 * dearer (0.375 → 0.625 ms of CPU, `bench/cpu-compare.ts`): an object of both namings per row, then copied again.
 */
export function campaignFromDriverRow(row: DriverCampaignRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    platform: row.platform,
    type: row.type,
    description: row.description,
    requirements: row.requirements,
    deadline: row.deadline,
    reward: row.reward,
    applicationsCount: row.applications_count,
    followersRequired: row.followers_required,
    status: row.status,
    budget: row.budget,
    productValue: row.product_value,
    maxAccepted: row.max_accepted,
    boxesLeft: boxesLeft(row.max_accepted, row.accepted_count),
    box: boxOf(row.box),
    reach: row.reach,
    imageUrl: row.image_url,
    gallery: row.gallery,
    tags: row.tags,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
