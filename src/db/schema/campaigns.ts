import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { CampaignStatus, CampaignType, Platform } from '../../shared/constants';
import { createdAndUpdated, foreignId, identityId, newestFirst } from './columns';

export const campaigns = pgTable(
  'campaigns',
  {
    id: identityId(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    platform: text('platform').$type<Platform>().notNull(),
    type: text('type').$type<CampaignType>().notNull(),
    description: text('description').notNull(),
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    /** Application deadline (a calendar date). */
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /** Reward in whole Mint (1 Mint = 1 USD). */
    reward: integer('reward').notNull().default(0),
    applicationsCount: integer('applications_count').notNull().default(0),
    /** 0 means any follower count. */
    followersRequired: integer('followers_required').notNull().default(0),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    /** Budget in US dollars. */
    budget: numeric('budget', { precision: 12, scale: 2 }).notNull().default('0'),
    /** The retail value of one PR box in US dollars, when the brand states it (null: not stated). */
    productValue: numeric('product_value', { precision: 12, scale: 2 }),
    reach: integer('reach').notNull().default(0),
    /** How many creators can be accepted (the number of PR boxes); null means no cap. */
    maxAccepted: integer('max_accepted'),
    imageUrl: text('image_url').notNull(),
    gallery: text('gallery').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Lower-cased name, brand, description and tags, kept by the database for keyword search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`campaign_search_text(name, brand, description, tags)`),
    ...createdAndUpdated(),
  },
  (t) => [
    index('campaigns_newest_idx').on(...newestFirst(t.createdAt, t.id)),
    // Public listings filtered by platform (drafts are never listed, so they are left out of the index).
    index('campaigns_public_platform_newest_idx')
      .on(t.platform, ...newestFirst(t.createdAt, t.id))
      .where(sql`${t.status} in ('active', 'pending', 'ended')`),
    index('campaigns_status_newest_idx').on(t.status, ...newestFirst(t.createdAt, t.id)),
    // Status and platform together: the capped count of a platform filter reads only this index (decision 0019).
    index('campaigns_status_platform_newest_idx').on(t.status, t.platform, ...newestFirst(t.createdAt, t.id)),
    index('campaigns_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The brand's campaigns, for the badges on the campaign page (src/shared/campaign-badges.ts).
    index('campaigns_brand_idx').on(t.brand),
    check('campaigns_platform_check', sql`${t.platform} in ('instagram', 'tiktok', 'youtube', 'facebook')`),
    check('campaigns_type_check', sql`${t.type} in ('gifting', 'paid', 'gifting_paid')`),
    check('campaigns_status_check', sql`${t.status} in ('draft', 'active', 'pending', 'ended')`),
    check('campaigns_reward_check', sql`${t.reward} >= 0`),
    check(
      'campaigns_counts_check',
      sql`${t.applicationsCount} >= 0 and ${t.followersRequired} >= 0 and ${t.reach} >= 0`,
    ),
    check('campaigns_budget_check', sql`${t.budget} >= 0`),
    check('campaigns_product_value_check', sql`${t.productValue} is null or ${t.productValue} >= 0`),
  ],
);

/** A row's campaign: `campaign_id`, not null, a foreign key to campaigns (`onDelete` as for creatorIdRef). */
export const campaignIdRef = (onDelete: 'cascade' | 'restrict') =>
  foreignId('campaign_id', () => campaigns.id, onDelete);

/**
 * How many campaigns there are per status and platform, kept exact by statement triggers on `campaigns` in the
 * same transaction as every insert, status or platform change and delete (migration 0015, decision 0020). The
 * catalogue's totals without a keyword read these few rows instead of counting campaigns.
 */
export const campaignCounts = pgTable(
  'campaign_counts',
  {
    status: text('status').$type<CampaignStatus>().notNull(),
    platform: text('platform').$type<Platform>().notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.platform] })],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
