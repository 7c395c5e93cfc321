import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CreatorDetail } from '../../shared/schemas/creator-admin';
import { tierFromAccounts } from '../../shared/schemas/profile';
import { normalizeHandle, profileUrl } from '../../shared/social-links';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { creatorModerationEvents, creatorNotes, followerChanges } from '../schema/creator-management';
import { influencers } from '../schema/influencers';
import { measuredPostCount } from './content-metrics-writes';
import { findProfile, findSocialAccounts } from './onboarding';
import { listMyPayouts } from './payout-records';
import { reliabilityOf } from './reliability';
import { walletFigures } from './wallet-figures';

/** How many Mint entries the creator page shows (newest first). */
export const CREATOR_PAGE_LEDGER_ENTRIES = 50;

export async function findInfluencerById(db: DatabaseOrTransaction, id: number) {
  const rows = await db.select().from(influencers).where(eq(influencers.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Everything an admin sees about one creator on /admin/influencers/:id, or null when there is no such creator. */
export async function findCreatorDetail(
  db: DatabaseOrTransaction,
  id: number,
): Promise<CreatorDetail | null> {
  const influencer = await findInfluencerById(db, id);
  if (!influencer) return null;
  const [profile, socials, apps, wallet, payoutList, notes, audit, changes, measuredPosts, records] =
    await Promise.all([
      findProfile(db, id),
      findSocialAccounts(db, id),
      db
        .select({ application: applications, campaign: campaigns.name })
        .from(applications)
        .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
        .where(eq(applications.influencerId, id))
        .orderBy(desc(applications.createdAt), desc(applications.id)),
      walletFigures(db, id, { limit: CREATOR_PAGE_LEDGER_ENTRIES }),
      listMyPayouts(db, id),
      db
        .select()
        .from(creatorNotes)
        .where(eq(creatorNotes.influencerId, id))
        .orderBy(desc(creatorNotes.createdAt), desc(creatorNotes.id)),
      db
        .select()
        .from(creatorModerationEvents)
        .where(eq(creatorModerationEvents.influencerId, id))
        .orderBy(desc(creatorModerationEvents.createdAt), desc(creatorModerationEvents.id)),
      followerChangesOf(db, [id]),
      measuredPostCount(db, id),
      reliabilityOf(db, [id]),
    ]);
  return {
    id: influencer.id,
    username: influencer.username,
    name: influencer.name,
    email: influencer.email,
    emailVerified: influencer.emailVerified,
    profileCompleted: influencer.profileCompleted,
    provider: influencer.provider,
    createdAt: influencer.createdAt.toISOString(),
    standing: influencer.standing,
    engagementRate: influencer.engagementRate,
    measuredPosts,
    tier: profile?.influencerTier ?? null,
    tierBasis: profile ? tierFromAccounts(socials).basisLabel : null,
    totalFollowers: profile?.totalFollowers ?? influencer.followers,
    profile: profile
      ? {
          firstName: profile.firstName,
          lastName: profile.lastName,
          phoneNumber: profile.phoneNumber,
          paypalEmail: profile.paypalEmail,
          primaryCategory: profile.primaryCategory,
          secondaryCategory: profile.secondaryCategory,
          shipping: {
            fullName: profile.fullName,
            addressLine1: profile.addressLine1,
            addressLine2: profile.addressLine2,
            city: profile.city,
            state: profile.state,
            zipCode: profile.zipCode,
            phone: profile.shippingPhone,
          },
        }
      : null,
    socials: socials
      .filter((s) => s.handle || s.followers !== null || s.verifiedFollowers !== null)
      .sort((a, b) => a.platform.localeCompare(b.platform))
      .map((s) => ({
        platform: s.platform,
        handle: s.handle ? (normalizeHandle(s.platform, s.handle) ?? s.handle) : null,
        url: profileUrl(s.platform, s.handle),
        followers: s.followers,
        verifiedFollowers: s.verifiedFollowers,
        verifiedAt: s.verifiedAt?.toISOString() ?? null,
        updatedAt: s.updatedAt.toISOString(),
      })),
    followerChanges: changes
      .map((c) => ({
        platform: c.platform,
        oldFollowers: c.oldFollowers,
        newFollowers: c.newFollowers,
        changedAt: c.changedAt.toISOString(),
      }))
      .reverse(),
    applications: apps.map(({ application: a, campaign }) => ({
      id: a.id,
      campaignId: a.campaignId,
      campaign,
      status: a.status,
      appliedAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
      deliveryProblem: a.deliveryProblem,
    })),
    wallet: {
      balance: wallet.balance,
      inPayout: wallet.inPayout,
      totalEarned: wallet.totalEarned,
      entries: wallet.entries,
    },
    payouts: payoutList,
    problems: apps
      .filter(({ application: a }) => a.deliveryProblem !== null && a.deliveryProblemAt !== null)
      .map(({ application: a, campaign }) => ({
        applicationId: a.id,
        campaign,
        problem: a.deliveryProblem!,
        note: a.deliveryProblemNote,
        reportedAt: a.deliveryProblemAt!.toISOString(),
      })),
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      author: n.authorName,
      createdAt: n.createdAt.toISOString(),
    })),
    audit: audit.map((e) => ({
      id: e.id,
      action: e.action,
      reason: e.reason,
      actor: e.actorName,
      createdAt: e.createdAt.toISOString(),
    })),
    reliability: records.get(id)!,
  };
}

/**
 * The admin action that set the creator's current standing (its reason and time), or null when none did (never
 * moderated). A creator reads it on /dashboard (GET /api/me): only what they were told by mail, never who did it.
 */
export async function latestModerationEvent(db: DatabaseOrTransaction, influencerId: number) {
  const rows = await db
    .select({
      action: creatorModerationEvents.action,
      reason: creatorModerationEvents.reason,
      createdAt: creatorModerationEvents.createdAt,
    })
    .from(creatorModerationEvents)
    .where(eq(creatorModerationEvents.influencerId, influencerId))
    .orderBy(desc(creatorModerationEvents.createdAt), desc(creatorModerationEvents.id))
    .limit(1);
  return rows[0] ?? null;
}

/** A creator's standing, by their sign-in account (null when the account has no creator record). */
export async function standingOfUser(db: DatabaseOrTransaction, authUserId: string) {
  const rows = await db
    .select({ standing: influencers.standing })
    .from(influencers)
    .where(and(eq(influencers.authUserId, authUserId), isNotNull(influencers.authUserId)))
    .limit(1);
  return rows[0]?.standing ?? null;
}

/** Every recorded follower change of these creators, oldest first. */
export async function followerChangesOf(db: DatabaseOrTransaction, influencerIds: number[]) {
  if (influencerIds.length === 0) return [];
  return db
    .select()
    .from(followerChanges)
    .where(inArray(followerChanges.influencerId, [...new Set(influencerIds)]))
    .orderBy(asc(followerChanges.changedAt), asc(followerChanges.id));
}

/** When each of these creators' applications was decided (accepted or rejected), for "since the last review". */
export async function decisionsOf(db: DatabaseOrTransaction, influencerIds: number[]) {
  if (influencerIds.length === 0) return [];
  return db
    .select({
      id: applications.id,
      influencerId: applications.influencerId,
      decidedAt: applications.decidedAt,
    })
    .from(applications)
    .where(
      and(inArray(applications.influencerId, [...new Set(influencerIds)]), isNotNull(applications.decidedAt)),
    );
}
