import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAndUpdated, identityId, isOneOf, ts, usShippingAddress } from './columns';
import { creatorIdRef } from './creators';

/**
 * What a code is for: verify (an address during onboarding), proof (sent to the verified email to confirm a PayPal
 * or email change), email_change (sent to the new address of an onboarded account, only after such a proof).
 */
export const CODE_PURPOSES = ['verify', 'proof', 'email_change'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** One-time email verification codes: only a hash is kept; 10 minutes, single use, 5 tries. */
export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: identityId(),
    creatorId: creatorIdRef('cascade'),
    email: text('email').notNull(),
    purpose: text('purpose').$type<CodePurpose>().notNull().default('verify'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    /** Set when the code was used, or cancelled (a newer code, or too many wrong tries). */
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('email_verification_codes_influencer_idx').on(t.creatorId, t.createdAt.desc()),
    check('email_verification_codes_purpose_check', isOneOf(t.purpose, CODE_PURPOSES)),
  ],
);

/** What the creator told us in the profile wizard (spec §3 Profile-setup form). */
export const creatorProfiles = pgTable(
  'influencer_profiles',
  {
    creatorId: creatorIdRef('cascade').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    paypalEmail: text('paypal_email').notNull(),
    /** When the PayPal email last changed after onboarding: redemptions wait 24 hours from then. */
    paypalEmailChangedAt: ts('paypal_email_changed_at'),
    phoneNumber: text('phone_number').notNull(),
    primaryCategory: text('primary_category').notNull(),
    secondaryCategory: text('secondary_category').notNull(),
    ...usShippingAddress(),
    shippingPhone: text('shipping_phone').notNull(),
    creatorTier: text('influencer_tier').notNull(),
    totalFollowers: integer('total_followers').notNull().default(0),
    ...createdAndUpdated(),
  },
  (t) => [check('influencer_profiles_total_followers_check', sql`${t.totalFollowers} >= 0`)],
);

/** The creator's account on each platform (handle and audience size). */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    creatorId: creatorIdRef('cascade'),
    platform: text('platform').notNull(),
    handle: text('handle'),
    /** The audience size the creator typed ("stated"). */
    followers: integer('followers'),
    /** The audience size read from the platform with the creator's connected account ("verified"), and when. */
    verifiedFollowers: integer('verified_followers'),
    verifiedAt: ts('verified_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.platform] }),
    check(
      'social_accounts_platform_check',
      sql`${t.platform} in ('instagram', 'tiktok', 'youtube', 'facebook')`,
    ),
    check('social_accounts_followers_check', sql`${t.followers} is null or ${t.followers} >= 0`),
    check(
      'social_accounts_verified_followers_check',
      sql`${t.verifiedFollowers} is null or ${t.verifiedFollowers} >= 0`,
    ),
  ],
);
