import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CREATOR_STANDINGS, type CreatorStanding } from '../../shared/moderation';
import { userRefOrNull } from './auth';
import { createdAndUpdated, foreignId, identityId, isOneOf, newestFirst, ts } from './columns';

/** The creator record of spec §3, linked to the sign-in account (`auth_user_id`). */
export const creators = pgTable(
  'influencers',
  {
    id: identityId(),
    authUserId: userRefOrNull('auth_user_id'),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    platform: text('platform'),
    followers: integer('followers').notNull().default(0),
    engagementRate: text('engagement_rate').notNull().default('0'),
    niche: text('niche').notNull().default('General'),
    userType: text('user_type').notNull().default('influencer'),
    /** True once the creator proved they own `email` with a code (our own verification, not the provider's word). */
    emailVerified: boolean('email_verified').notNull().default(false),
    provider: text('provider'),
    providerId: text('provider_id'),
    profileImage: text('profile_image'),
    /** The address a code was last sent to (it becomes `email` once verified). */
    verificationEmail: text('verification_email'),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    /** Set by admins (issue 13): active, suspended or banned; see src/shared/moderation.ts. */
    standing: text('standing').$type<CreatorStanding>().notNull().default('active'),
    /** Mail categories the creator switched off (src/shared/mail-preferences.ts); account and money mails always go. */
    mailOptOuts: text('mail_opt_outs').array().notNull().default(sql`'{}'::text[]`),
    ...createdAndUpdated(),
  },
  (t) => [
    uniqueIndex('influencers_auth_user_idx').on(t.authUserId),
    index('influencers_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('influencers_verified_email_idx').on(sql`lower(${t.email})`).where(sql`${t.emailVerified}`),
    // The admin's creators list, newest first (issue 28): its page from the top of this index, no sort.
    index('influencers_newest_idx').on(...newestFirst(t.createdAt, t.id)),
    // Its search (`ilike '%q%'` on name, username or email): one trigram index per column, combined by OR.
    index('influencers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('influencers_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('influencers_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('influencers_standing_check', isOneOf(t.standing, CREATOR_STANDINGS)),
  ],
);

/**
 * A row's creator: `influencer_id`, not null, a foreign key to influencers; `onDelete` says what the row does when the
 * creator's row goes. A table of one row per creator makes it its primary key: `creatorIdRef('cascade').primaryKey()`.
 */
export const creatorIdRef = (onDelete: 'cascade' | 'restrict') =>
  foreignId('influencer_id', () => creators.id, onDelete);

/** TikTok sign-in tokens of an influencer (spec §3 tiktok_auth). */
export const tiktokAuth = pgTable(
  'tiktok_auth',
  {
    creatorId: creatorIdRef('cascade').primaryKey(),
    openId: text('open_id').notNull(),
    unionId: text('union_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: ts('token_expires_at'),
    /**
     * When the metrics job last asked TikTok for the creator's follower count (user.info.stats), whatever the answer:
     * asked again a day later, and at once after a new sign-in (which clears it).
     */
    followersReadAt: ts('followers_read_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tiktok_auth_open_id_idx').on(t.openId)],
);

export type CreatorRow = typeof creators.$inferSelect;

/**
 * How many creators there are, kept exact by statement triggers on `influencers` in the transaction of every insert
 * and delete (issue 28; as `transaction_counts`: shards by writing connection, the total is their sum). The admin's
 * creators list reads its total here when there is no search.
 */
export const creatorCounts = pgTable('influencer_counts', {
  shard: smallint('shard').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});
