import { z } from 'zod';
import { CREATOR_MAIL_CATEGORIES, type CreatorMailCategory } from '../mail-preferences';
import { CREATOR_STANDINGS } from '../moderation';

/** The saved profile inside GET /api/me, under the form's names (follower counts as numbers or null). */
export const savedProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  paypalEmail: z.string(),
  phoneNumber: z.string(),
  primaryCategory: z.string(),
  secondaryCategory: z.string(),
  tiktokHandle: z.string(),
  tiktokFollowers: z.number().int().nullable(),
  instagramHandle: z.string(),
  instagramFollowers: z.number().int().nullable(),
  youtubeHandle: z.string(),
  youtubeSubscribers: z.number().int().nullable(),
  fullName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  shippingPhone: z.string(),
});
export type SavedProfile = z.infer<typeof savedProfileSchema>;

/**
 * GET /api/me (and the answer of PATCH /api/me/profile): the signed-in creator's record under the spec's §3 names,
 * the saved profile, the social accounts with their stated and verified counts, and the creator's standing.
 */
export const creatorRecordSchema = z.object({
  id: z.number().int(),
  auth_user_id: z.string().nullable(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  platform: z.string().nullable(),
  followers: z.number().int(),
  engagement_rate: z.string(),
  niche: z.string(),
  user_type: z.string(),
  email_verified: z.boolean(),
  provider: z.string().nullable(),
  profile_image: z.string().nullable(),
  verification_email: z.string().nullable(),
  profile_completed: z.boolean(),
  influencer_tier: z.string(),
  total_followers: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  standing: z.enum(CREATOR_STANDINGS),
  /** The reason the admin gave for the current suspension or ban, and when (null while active). */
  standing_reason: z.string().nullable(),
  standing_since: z.string().nullable(),
  profile: savedProfileSchema.nullable(),
  social_accounts: z.array(
    z.object({
      platform: z.string(),
      handle: z.string().nullable(),
      followers: z.number().int().nullable(),
      verified_followers: z.number().int().nullable(),
      verified_at: z.string().nullable(),
    }),
  ),
  /** Which count decided the tier ("Tier from verified Instagram followers" / "Tier from stated followers"). */
  tier_basis: z.string(),
  /** Whether the account signs in with a password (which then confirms PayPal and email changes). */
  has_password: z.boolean(),
});
export type CreatorRecord = z.infer<typeof creatorRecordSchema>;

/** GET/PUT /api/me/mail-preferences: each category the creator may switch off, true = sent. */
export const mailPreferencesSchema = z.object(
  Object.fromEntries(
    CREATOR_MAIL_CATEGORIES.map((category) => [
      category,
      z.boolean({ error: `${category} must be true or false` }),
    ]),
  ) as Record<CreatorMailCategory, z.ZodBoolean>,
);

/** GET/PUT /api/admin/me/digest: whether this admin gets the mail digest; `interval` 0 means the server sends none. */
export const adminDigestSettingSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export const adminDigestStateSchema = adminDigestSettingSchema.extend({
  intervalMinutes: z.number().int(),
  /** Whether the server has a mail server (SMTP_URL); without one, mail is only written to the server's log. */
  mailServer: z.boolean(),
});
export type AdminDigestState = z.infer<typeof adminDigestStateSchema>;

/**
 * Why this server sends no digest, and what to set (issue 41: the switch read on beside "no digests are sent"), or
 * null when digests go out.
 */
export function digestNotSentReason(
  state: Pick<AdminDigestState, 'intervalMinutes' | 'mailServer'>,
): string | null {
  if (!state.mailServer && state.intervalMinutes <= 0)
    return 'No digest is sent: this server has no mail server configured and no digest interval. Set SMTP_URL (like smtp://user:pass@host:587) and ADMIN_DIGEST_INTERVAL_MINUTES (for example 60), then restart.';
  if (!state.mailServer)
    return 'No digest is sent: this server has no mail server configured (mail only goes to its log). Set SMTP_URL, like smtp://user:pass@host:587, then restart.';
  if (state.intervalMinutes <= 0)
    return 'No digest is sent: ADMIN_DIGEST_INTERVAL_MINUTES is 0 on this server. Set it (for example to 60), then restart.';
  return null;
}

/** Every step of the creator's Recent Activity (issue 13), read from the records. */
export const ACTIVITY_KINDS = [
  'applied',
  'accepted',
  'rejected',
  'withdrawn',
  'shipped',
  'delivered',
  'submitted',
  'resubmitted',
  'changes_requested',
  'approved',
  'missed',
  'mint_credited',
  'payout_requested',
  'payout_paid',
  'payout_failed',
  'payout_returned',
  'payout_cancelled',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityItemSchema = z.object({
  /** Unique within the list (kind and record id). */
  key: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** When it happened (ISO 8601). */
  at: z.string(),
  campaign: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Mint: credited (positive) or paid out (the payout's amount); null for application steps. */
  amount: z.number().int().nullable(),
  /** The ledger entry's own words (Mint credited), else null. */
  detail: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityListSchema = z.object({ items: z.array(activityItemSchema) });

/** The line shown for one step. */
export function activityText(item: Pick<ActivityItem, 'kind' | 'campaign' | 'amount' | 'detail'>): string {
  const name = item.campaign?.name ?? 'a campaign';
  switch (item.kind) {
    case 'applied':
      return `Applied to ${name}`;
    case 'accepted':
      return `Accepted for ${name}`;
    case 'rejected':
      return `Not selected for ${name}`;
    case 'withdrawn':
      return `Withdrew the application to ${name}`;
    case 'shipped':
      return `PR box for ${name} shipped`;
    case 'delivered':
      return `PR box for ${name} delivered`;
    case 'submitted':
      return `Submitted content for ${name}`;
    case 'resubmitted':
      return `Resubmitted content for ${name}`;
    case 'changes_requested':
      return `Changes requested for ${name}`;
    case 'approved':
      return `Content for ${name} approved`;
    case 'missed':
      return `Upload deadline for ${name} passed`;
    case 'mint_credited':
      return item.detail ?? `Mint credited for ${name}`;
    case 'payout_requested':
      return `Payout of ${item.amount ?? 0} Mint requested`;
    case 'payout_paid':
      return `Payout of ${item.amount ?? 0} Mint paid`;
    case 'payout_failed':
      return `Payout of ${item.amount ?? 0} Mint failed, the Mint is back`;
    case 'payout_returned':
      return `Payout of ${item.amount ?? 0} Mint returned, the Mint is back`;
    case 'payout_cancelled':
      return `Payout of ${item.amount ?? 0} Mint cancelled`;
  }
}

/** Where a step links to: the campaign page for campaign steps, the wallet for money. */
export function activityLink(item: Pick<ActivityItem, 'kind' | 'campaign'>): string {
  if (item.kind.startsWith('payout_') || (item.kind === 'mint_credited' && !item.campaign)) {
    return '/dashboard?tab=wallet';
  }
  return item.campaign ? `/campaign/${item.campaign.id}` : '/dashboard?tab=campaigns';
}
