import type { Database } from '../../db/client';
import { findCreatorById, latestModerationEvent } from '../../db/queries/creator-profile';
import { findProfile, findSocialAccounts } from '../../db/queries/onboarding';
import type { CreatorRow } from '../../db/schema/creators';
import { tierFromAccounts } from '../../shared/schemas/profile';
import { AppError } from '../http/errors';
import { hasPassword } from './identity-proof';
import type { ServiceContext } from './service-context';

/**
 * GET /api/me: the creator record (spec §3 names) with the profile and social accounts, and the creator's standing
 * (issue 24: a suspended creator reads on /dashboard that they are, why, and since when).
 */
export async function describeCreator(db: Database, creator: number | CreatorRow) {
  // The record the request already read (GET /api/me) is not read again (issue 28); an id is read now.
  const row = typeof creator === 'number' ? await findCreatorById(db, creator) : creator;
  if (!row) return null;
  const creatorId = row.id;
  const [profile, social, moderation] = await Promise.all([
    findProfile(db, creatorId),
    findSocialAccounts(db, creatorId),
    row.standing === 'active' ? null : latestModerationEvent(db, creatorId),
  ]);
  const account = (platform: string) => social.find((s) => s.platform === platform);
  return {
    id: row.id,
    auth_user_id: row.authUserId,
    username: row.username,
    name: row.name,
    email: row.email,
    platform: row.platform,
    followers: row.followers,
    engagement_rate: row.engagementRate,
    niche: row.niche,
    user_type: row.userType,
    email_verified: row.emailVerified,
    provider: row.provider,
    profile_image: row.profileImage,
    verification_email: row.verificationEmail,
    profile_completed: row.profileCompleted,
    influencer_tier: profile?.creatorTier ?? 'Micro',
    total_followers: profile?.totalFollowers ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    standing: row.standing,
    /** The reason the admin gave for the current suspension or ban, and when (null while active). */
    standing_reason: moderation?.reason ?? null,
    standing_since: moderation?.createdAt.toISOString() ?? null,
    profile: profile
      ? {
          firstName: profile.firstName,
          lastName: profile.lastName,
          email: row.email,
          paypalEmail: profile.paypalEmail,
          phoneNumber: profile.phoneNumber,
          primaryCategory: profile.primaryCategory,
          secondaryCategory: profile.secondaryCategory,
          tiktokHandle: account('tiktok')?.handle ?? '',
          tiktokFollowers: account('tiktok')?.followers ?? null,
          instagramHandle: account('instagram')?.handle ?? '',
          instagramFollowers: account('instagram')?.followers ?? null,
          youtubeHandle: account('youtube')?.handle ?? '',
          youtubeSubscribers: account('youtube')?.followers ?? null,
          fullName: profile.fullName,
          addressLine1: profile.addressLine1,
          addressLine2: profile.addressLine2 ?? '',
          city: profile.city,
          state: profile.state,
          zipCode: profile.zipCode,
          shippingPhone: profile.shippingPhone,
        }
      : null,
    social_accounts: social.map((s) => ({
      platform: s.platform,
      handle: s.handle,
      followers: s.followers,
      verified_followers: s.verifiedFollowers,
      verified_at: s.verifiedAt?.toISOString() ?? null,
    })),
    /** Which count decided the tier ("Tier from verified Instagram followers" / "Tier from stated followers"). */
    tier_basis: tierFromAccounts(social).basisLabel,
  };
}

export type CreatorDescription = NonNullable<Awaited<ReturnType<typeof describeCreator>>>;

/** The creator's record as GET /api/me and a profile edit answer it: the description and whether there is a password. */
export async function creatorRecord(services: ServiceContext, creator: number | CreatorRow, userId: string) {
  const [described, password] = await Promise.all([
    describeCreator(services.db, creator),
    hasPassword(services.db, userId),
  ]);
  if (!described) throw new AppError('NOT_FOUND', 'Failed to create influencer profile');
  return { ...described, has_password: password };
}
