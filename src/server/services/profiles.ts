import { eq } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import { findProfile, findSocialAccounts } from '../../db/queries/onboarding';
import { type InfluencerRow, influencers } from '../../db/schema/influencers';
import { influencerProfiles, socialAccounts } from '../../db/schema/onboarding';
import type { Platform } from '../../shared/constants';
import { influencerTier, type Profile, totalFollowers } from '../../shared/schemas/profile';

/** The creator's accounts on each platform, as the profile form names them. */
function socialRows(influencerId: number, profile: Profile, now: Date) {
  const rows: Array<{
    influencerId: number;
    platform: Platform;
    handle: string | null;
    followers: number | null;
    updatedAt: Date;
  }> = [];
  const add = (platform: Platform, handle: string | undefined, followers: number | undefined) => {
    if (handle === undefined && followers === undefined) return;
    rows.push({
      influencerId,
      platform,
      handle: handle ?? null,
      followers: followers ?? null,
      updatedAt: now,
    });
  };
  add('tiktok', profile.tiktokHandle, profile.tiktokFollowers);
  add('instagram', profile.instagramHandle, profile.instagramFollowers);
  add('youtube', profile.youtubeHandle, profile.youtubeSubscribers);
  return rows;
}

/** The platform with the most followers, for the influencer record's platform/followers columns. */
function mainPlatform(profile: Profile): { platform: Platform | null; followers: number } {
  const candidates: Array<[Platform, number]> = [
    ['instagram', profile.instagramFollowers ?? 0],
    ['tiktok', profile.tiktokFollowers ?? 0],
    ['youtube', profile.youtubeSubscribers ?? 0],
  ];
  const [platform, followers] = candidates.reduce((best, next) => (next[1] > best[1] ? next : best));
  return followers > 0 ? { platform, followers } : { platform: null, followers: 0 };
}

/**
 * Saves the whole profile in one transaction: names, PayPal email, phone, categories, social accounts and the
 * shipping address; the server computes the tier and the follower total (client values are ignored).
 */
export async function saveProfile(db: Database, influencer: InfluencerRow, profile: Profile, now: Date) {
  const tier = influencerTier([
    profile.tiktokFollowers,
    profile.instagramFollowers,
    profile.youtubeSubscribers,
  ]);
  const total = totalFollowers(profile);
  const main = mainPlatform(profile);
  const values = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    paypalEmail: profile.paypalEmail.toLowerCase(),
    phoneNumber: profile.phoneNumber,
    primaryCategory: profile.primaryCategory,
    secondaryCategory: profile.secondaryCategory,
    fullName: profile.fullName,
    addressLine1: profile.addressLine1,
    addressLine2: profile.addressLine2 ?? null,
    city: profile.city,
    state: profile.state,
    zipCode: profile.zipCode,
    shippingPhone: profile.shippingPhone,
    influencerTier: tier,
    totalFollowers: total,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(influencerProfiles)
      .values({ influencerId: influencer.id, ...values, createdAt: now })
      .onConflictDoUpdate({ target: influencerProfiles.influencerId, set: values });
    await tx.delete(socialAccounts).where(eq(socialAccounts.influencerId, influencer.id));
    const social = socialRows(influencer.id, profile, now);
    if (social.length > 0) await tx.insert(socialAccounts).values(social);
    await tx
      .update(influencers)
      .set({
        name: `${profile.firstName} ${profile.lastName}`,
        niche: profile.primaryCategory,
        platform: main.platform ?? influencer.platform,
        followers: main.followers,
        profileCompleted: true,
        updatedAt: now,
      })
      .where(eq(influencers.id, influencer.id));
  });
  return { influencerTier: tier, totalFollowers: total };
}

/** GET /api/me: the creator record (spec §3 names) with the profile and social accounts. */
export async function describeCreator(db: Database, influencerId: number) {
  const [row] = await db.select().from(influencers).where(eq(influencers.id, influencerId)).limit(1);
  if (!row) return null;
  const [profile, social] = await Promise.all([
    findProfile(db, influencerId),
    findSocialAccounts(db, influencerId),
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
    influencer_tier: profile?.influencerTier ?? 'Micro',
    total_followers: profile?.totalFollowers ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
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
    social_accounts: social.map((s) => ({ platform: s.platform, handle: s.handle, followers: s.followers })),
  };
}

export type CreatorDescription = NonNullable<Awaited<ReturnType<typeof describeCreator>>>;

/**
 * The PayPal email change a profile update would make (READINGS "Mint": payouts go to the profile's PayPal email, so
 * a change needs proof and tells both addresses), or null when the update keeps the address or is the first profile.
 */
export async function paypalChangeOf(
  db: DatabaseOrTransaction,
  influencerId: number,
  paypalEmail: string,
): Promise<{ previous: string; next: string } | null> {
  const current = await findProfile(db, influencerId);
  const next = paypalEmail.toLowerCase();
  return current && current.paypalEmail !== next ? { previous: current.paypalEmail, next } : null;
}
