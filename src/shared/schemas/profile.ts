import { z } from 'zod';
import { CATEGORIES, PLATFORM_LABELS, type Platform, US_STATES } from '../constants';
import { HANDLE_MESSAGES, normalizeHandle } from '../social-links';
import { filledText } from './text-field';

/** US phone: optional +, optional 1, area code and exchange starting 2-9, 10 digits (separators allowed). */
export const US_PHONE_PATTERN = /^\+?1?[-.\s]?\(?[2-9]\d{2}\)?[-.\s]?[2-9]\d{2}[-.\s]?\d{4}$/;
export const ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

const PHONE_MESSAGE = 'Please enter a valid US phone number';

const optionalText = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
  z.string().max(100).optional(),
);

/**
 * A handle field (issue 24): optional (empty becomes undefined); otherwise it must pass the platform's rule
 * (src/shared/social-links.ts), and what is kept is the handle alone (a leading '@' or a pasted profile link is
 * reduced to it). The platform's message names what is allowed.
 */
export function handleField(platform: Platform) {
  const message = HANDLE_MESSAGES[platform];
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
    z
      .string({ error: message })
      .max(300, { error: message })
      .transform((value, ctx) => {
        const handle = normalizeHandle(platform, value);
        if (handle === null) {
          ctx.addIssue({ code: 'custom', message, input: value });
          return z.NEVER;
        }
        return handle;
      })
      .optional(),
  );
}

/** Follower inputs: parsed as whole numbers; empty becomes undefined. */
const optionalCount = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const digits = v.replace(/[,\s_]/g, '');
    return /^\d+$/.test(digits) ? Number.parseInt(digits, 10) : Number.NaN;
  }
  return v;
}, z
  .number({ error: 'Please enter a whole number' })
  .int({ error: 'Please enter a whole number' })
  .min(0, { error: 'Please enter a whole number' })
  .max(2_000_000_000, { error: 'That number is too large' })
  .optional());

const required = (message: string) => filledText({ missing: message, max: 200 });

/** Spec §3/§5 profile-setup form, word-for-word messages. The same schema validates on the server. */
export const profileFields = {
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  email: z
    .string({ error: 'Invalid email format' })
    .trim()
    .pipe(z.email({ error: 'Invalid email format' })),
  paypalEmail: z
    .string({ error: 'Invalid PayPal email format' })
    .trim()
    .pipe(z.email({ error: 'Invalid PayPal email format' })),
  phoneNumber: z.string({ error: PHONE_MESSAGE }).trim().regex(US_PHONE_PATTERN, { error: PHONE_MESSAGE }),
  primaryCategory: z.enum(CATEGORIES, { error: 'Primary category is required' }),
  secondaryCategory: z.enum(CATEGORIES, { error: 'Secondary category is required' }),
  tiktokHandle: handleField('tiktok'),
  tiktokFollowers: optionalCount,
  instagramHandle: handleField('instagram'),
  instagramFollowers: optionalCount,
  youtubeHandle: handleField('youtube'),
  youtubeSubscribers: optionalCount,
  fullName: required('Full name is required'),
  addressLine1: required('Address line 1 is required'),
  addressLine2: optionalText,
  city: required('City is required'),
  state: z.enum(US_STATES, { error: 'State is required' }),
  zipCode: z.string({ error: 'Please enter a valid ZIP code' }).trim().regex(ZIP_CODE_PATTERN, {
    error: 'Please enter a valid ZIP code',
  }),
  shippingPhone: z.string({ error: PHONE_MESSAGE }).trim().regex(US_PHONE_PATTERN, { error: PHONE_MESSAGE }),
};

export const SAME_CATEGORIES_MESSAGE = 'Choose a secondary category different from the primary one';

/**
 * The secondary category must differ from the primary one (an issue on secondaryCategory). It is checked even when
 * other fields fail, so the form shows it together with them.
 */
export function withDistinctCategories<T extends z.ZodType<object>>(schema: T) {
  type Categories = { primaryCategory?: unknown; secondaryCategory?: unknown };
  return schema.refine(
    (value) => {
      // The OpenAPI generator probes schemas with null, so the value is not always an object here.
      const { primaryCategory, secondaryCategory } = (value ?? {}) as Categories;
      return primaryCategory === undefined || primaryCategory !== secondaryCategory;
    },
    {
      path: ['secondaryCategory'],
      message: SAME_CATEGORIES_MESSAGE,
      // Issues without a path (the OpenAPI generator's probes) are skipped too.
      when: ({ issues }) =>
        !issues.some(
          (issue) => issue.path?.[0] === 'primaryCategory' || issue.path?.[0] === 'secondaryCategory',
        ),
    },
  );
}

/** The profile fields without the cross-field rule, for picking and extending (refined objects cannot be). */
export const profileBaseSchema = z.object(profileFields);
export const profileSchema = withDistinctCategories(profileBaseSchema);
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

/**
 * Which fields each wizard step validates (spec §5 Step-wise), with the optional fields it asks too: a bad follower
 * count stops Next Step on its own step instead of failing, unseen, at Complete Profile (issue 13).
 */
export const PROFILE_STEP_FIELDS = [
  ['firstName', 'lastName', 'email', 'paypalEmail', 'phoneNumber'],
  [
    'primaryCategory',
    'secondaryCategory',
    'tiktokHandle',
    'tiktokFollowers',
    'instagramHandle',
    'instagramFollowers',
    'youtubeHandle',
    'youtubeSubscribers',
  ],
  ['fullName', 'addressLine1', 'addressLine2', 'city', 'state', 'zipCode', 'shippingPhone'],
] as const satisfies ReadonlyArray<ReadonlyArray<keyof typeof profileFields>>;

export const PROFILE_STEP_LABELS = ['Basic Info', 'Social Media', 'Shipping'] as const;

export const CREATOR_TIERS = ['Micro', 'Nano', 'Mid-Tier', 'Macro', 'Mega'] as const;
export type CreatorTier = (typeof CREATOR_TIERS)[number];

/** Spec §4: tier from the highest single-platform follower count. */
export function creatorTier(counts: Array<number | null | undefined>): CreatorTier {
  const highest = Math.max(0, ...counts.map((n) => n ?? 0));
  if (highest > 100_000) return 'Mega';
  if (highest > 50_000) return 'Macro';
  if (highest > 10_000) return 'Mid-Tier';
  if (highest >= 1_000) return 'Nano';
  return 'Micro';
}

/** One platform's counts: the one typed ("stated") and the one read from the platform ("verified"). */
export interface FollowerCounts {
  platform: string;
  followers: number | null;
  verifiedFollowers: number | null;
}

/**
 * Whether a platform's verified count is the one that counts: read from the platform, and never a 0 in place of a
 * stated count (a platform answers 0 before it has counted a newly connected account; issue 41).
 */
export const verifiedCounts = (account: Pick<FollowerCounts, 'followers' | 'verifiedFollowers'>) =>
  account.verifiedFollowers !== null && (account.verifiedFollowers > 0 || !account.followers);

/** The count a rule uses on one platform: the verified one where it counts (verifiedCounts), else the stated one. */
export const countedFollowers = (account: Pick<FollowerCounts, 'followers' | 'verifiedFollowers'>) =>
  verifiedCounts(account) ? (account.verifiedFollowers ?? 0) : (account.followers ?? 0);

/**
 * The tier from the highest single-platform count, each platform counted by its verified figure where there is one,
 * and which figure decided it ("Tier from verified Instagram followers" / "Tier from stated followers").
 */
export function tierFromAccounts(accounts: FollowerCounts[]): {
  tier: CreatorTier;
  basis: 'verified' | 'stated';
  basisPlatform: string | null;
  basisLabel: string;
} {
  let best: FollowerCounts | null = null;
  for (const account of accounts) {
    const count = countedFollowers(account);
    const bestCount = best ? countedFollowers(best) : -1;
    // On a tie the verified figure decides.
    if (
      count > bestCount ||
      (count === bestCount && verifiedCounts(account) && best !== null && !verifiedCounts(best))
    )
      best = account;
  }
  const tier = creatorTier(accounts.map(countedFollowers));
  if (best && verifiedCounts(best)) {
    return {
      tier,
      basis: 'verified',
      basisPlatform: best.platform,
      basisLabel: `Tier from verified ${PLATFORM_LABELS[best.platform as Platform] ?? best.platform} followers`,
    };
  }
  return {
    tier,
    basis: 'stated',
    basisPlatform: best?.platform ?? null,
    basisLabel: 'Tier from stated followers',
  };
}

/**
 * A creator's total audience as the product shows and stores it: each platform counted by its verified figure where
 * there is one (read from the platform), the typed one otherwise.
 */
export const totalCountedFollowers = (
  accounts: ReadonlyArray<Pick<FollowerCounts, 'followers' | 'verifiedFollowers'>>,
) => accounts.reduce((sum, account) => sum + countedFollowers(account), 0);

/** The sum of the three typed follower counts, missing = 0 (what the form says; the server counts verified ones). */
export function totalFollowers(
  profile: Pick<Profile, 'tiktokFollowers' | 'instagramFollowers' | 'youtubeSubscribers'>,
) {
  return (
    (profile.tiktokFollowers ?? 0) + (profile.instagramFollowers ?? 0) + (profile.youtubeSubscribers ?? 0)
  );
}

/** Complete-profile body: the form plus fields the client may send but the server computes itself. */
export const completeProfileSchema = withDistinctCategories(
  profileBaseSchema.extend({
    influencer_tier: z.unknown().optional(),
    total_followers: z.unknown().optional(),
    profile_completed: z.unknown().optional(),
    user_session: z.unknown().optional(),
  }),
);

/** Email verification (spec §5). */
const addressToVerify = z
  .string({ error: 'Please enter your email address' })
  .trim()
  .min(1, { error: 'Please enter your email address' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const sendVerificationSchema = z.object({
  email: addressToVerify,
  userSession: z.unknown().optional(),
});

/** The answer of POST /api/send-verification and POST /api/me/paypal-code: a code went out, valid until `expiresAt`. */
export const codeSentSchema = z.object({ sent: z.literal(true), expiresAt: z.string() });
export type CodeSent = z.infer<typeof codeSentSchema>;

/** The answer of POST /api/verify-email: the address is now the creator's verified email. */
export const emailVerifiedSchema = z.object({ verified: z.literal(true), email: z.string() });

/** The answer of POST /api/complete-profile: the tier and follower total the server computed. */
export const profileCompletedSchema = z.object({
  ok: z.literal(true),
  influencer_tier: z.string(),
  total_followers: z.number(),
});

export const verifyEmailSchema = z.object({
  email: addressToVerify,
  code: z
    .string({ error: 'Please enter the verification code' })
    .trim()
    .min(1, { error: 'Please enter the verification code' })
    .regex(/^\d{6}$/, { error: 'Invalid verification code' }),
  userSession: z.unknown().optional(),
});
