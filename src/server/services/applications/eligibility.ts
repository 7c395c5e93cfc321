import type { DatabaseOrTransaction } from '../../../db/client';
import { acceptedCount, acceptedCounts, findMyApplicationFor } from '../../../db/queries/applications';
import { toCampaign } from '../../../db/queries/campaigns';
import { listMatchCandidates } from '../../../db/queries/matched-campaigns';
import { findProfile, findSocialAccounts } from '../../../db/queries/onboarding';
import type { CampaignRow } from '../../../db/schema/campaigns';
import type { CreatorRow } from '../../../db/schema/creators';
import { PLATFORM_LABELS, type Platform } from '../../../shared/constants';
import { applicationsOpen } from '../../../shared/lifecycle/deadlines';
import { type MatchedCampaign, matchReason } from '../../../shared/schemas/matched-campaign';
import { countedFollowers } from '../../../shared/schemas/profile';

export type Ineligibility =
  | 'not_active'
  | 'deadline_passed'
  | 'profile_incomplete'
  | 'email_unverified'
  | 'already_applied'
  | 'followers_below'
  | 'full';

export const INELIGIBILITY_MESSAGES: Record<Ineligibility, (campaign: CampaignRow) => string> = {
  not_active: () => 'This campaign is not taking applications.',
  deadline_passed: () => 'The application deadline for this campaign has passed.',
  profile_incomplete: () => 'Complete your profile before applying.',
  email_unverified: () => 'Verify your email address before applying.',
  already_applied: () => 'You have already applied to this campaign.',
  followers_below: (c) =>
    `This campaign needs at least ${c.followersRequired.toLocaleString('en-US')} followers on ${PLATFORM_LABELS[c.platform]}.`,
  full: () => 'This campaign has all the creators it needs.',
};

/** What the rule needs to know about one creator and one campaign. */
export interface EligibilityFacts {
  alreadyApplied: boolean;
  emailVerified: boolean;
  profileComplete: boolean;
  /** Followers on the campaign's platform: read from the platform where there is such a count, else the typed one. */
  followersOnPlatform: number;
  /** Creators the campaign has accepted so far (see acceptedCounts). */
  acceptedCount: number;
}

/** The one eligibility rule: why this creator cannot apply to this campaign now, or null when they can. */
export function ineligibility(
  campaign: Pick<CampaignRow, 'status' | 'deadline' | 'followersRequired' | 'maxAccepted'>,
  facts: EligibilityFacts,
  now: Date,
): Ineligibility | null {
  if (facts.alreadyApplied) return 'already_applied';
  if (campaign.status !== 'active') return 'not_active';
  if (!applicationsOpen(campaign.deadline, now)) return 'deadline_passed';
  if (!facts.emailVerified) return 'email_unverified';
  if (!facts.profileComplete) return 'profile_incomplete';
  if (campaign.followersRequired > 0 && facts.followersOnPlatform < campaign.followersRequired) {
    return 'followers_below';
  }
  if (campaign.maxAccepted !== null && facts.acceptedCount >= campaign.maxAccepted) return 'full';
  return null;
}

/** The creator's side of the facts, read once: verified, profile, categories and followers per platform. */
async function creatorFacts(db: DatabaseOrTransaction, creator: CreatorRow) {
  const profile = await findProfile(db, creator.id);
  const accounts = await findSocialAccounts(db, creator.id);
  return {
    emailVerified: creator.emailVerified,
    profileComplete: creator.profileCompleted && profile !== null,
    categories: profile ? [profile.primaryCategory, profile.secondaryCategory] : [],
    // A platform counts once the creator gave a handle or a follower count on it.
    platforms: accounts
      .filter((a) => a.handle || a.followers !== null || a.verifiedFollowers !== null)
      .map((a) => a.platform as Platform),
    // The count read from the platform where there is one (verified), else the one the creator typed (stated).
    followersOn: (platform: string) => {
      const account = accounts.find((a) => a.platform === platform);
      return account ? countedFollowers(account) : 0;
    },
  };
}

/** Why this creator cannot apply to this campaign now, or null when they can. */
export async function checkEligibility(
  db: DatabaseOrTransaction,
  campaign: CampaignRow,
  creator: CreatorRow,
  now: Date,
): Promise<Ineligibility | null> {
  // One query after another: `db` may be a transaction (one connection).
  const existing = await findMyApplicationFor(db, creator.id, campaign.id);
  const facts = await creatorFacts(db, creator);
  const accepted = campaign.maxAccepted === null ? 0 : await acceptedCount(db, campaign.id);
  return ineligibility(
    campaign,
    {
      alreadyApplied: existing !== null,
      emailVerified: facts.emailVerified,
      profileComplete: facts.profileComplete,
      followersOnPlatform: facts.followersOn(campaign.platform),
      acceptedCount: accepted,
    },
    now,
  );
}

/**
 * "Matched for you" on /main: campaigns in one of the creator's categories and on one of their platforms that the
 * creator can apply to now by the same rule as Apply (so no full campaign, none below the follower requirement, none
 * while suspended or banned), each with why it fits ("Beauty · you post on Instagram"). Primary category first, then
 * newest.
 */
export async function listMatchedCampaigns(
  db: DatabaseOrTransaction,
  creator: CreatorRow,
  { now, limit }: { now: Date; limit: number },
): Promise<MatchedCampaign[]> {
  if (creator.standing !== 'active') return [];
  const facts = await creatorFacts(db, creator);
  if (!facts.profileComplete || !facts.emailVerified) return [];
  const candidates = await listMatchCandidates(db, creator.id, {
    today: now.toISOString().slice(0, 10),
    categories: facts.categories,
    platforms: facts.platforms,
  });
  const accepted = await acceptedCounts(
    db,
    candidates.filter((c) => c.maxAccepted !== null).map((c) => c.id),
  );
  return candidates
    .filter(
      (campaign) =>
        ineligibility(
          campaign,
          {
            alreadyApplied: false,
            emailVerified: facts.emailVerified,
            profileComplete: facts.profileComplete,
            followersOnPlatform: facts.followersOn(campaign.platform),
            acceptedCount: accepted.get(campaign.id) ?? 0,
          },
          now,
        ) === null,
    )
    .slice(0, limit)
    .map((campaign) => {
      const category = facts.categories.find((c) => campaign.tags.includes(c)) ?? '';
      return {
        ...toCampaign(campaign, accepted.get(campaign.id) ?? 0),
        match: { category, platform: campaign.platform, reason: matchReason(category, campaign.platform) },
      };
    });
}
