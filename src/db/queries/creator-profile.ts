import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CreatorDetail } from '../../shared/schemas/creator-admin';
import { tierFromAccounts } from '../../shared/schemas/profile';
import { normalizeHandle, profileUrl } from '../../shared/social-links';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { creatorModerationEvents, creatorNotes, followerChanges } from '../schema/creator-management';
import { creators } from '../schema/creators';
import { measuredPostCount } from './content-metrics-writes';
import { readRow } from './first-row';
import { findProfile, findSocialAccounts } from './onboarding';
import { listMyPayouts } from './payout-records';
import { reliabilityOf } from './reliability';
import { walletFigures } from './wallet-figures';

/** How many Mint entries the creator page shows (newest first). */
export const CREATOR_PAGE_LEDGER_ENTRIES = 50;

export async function findCreatorById(db: DatabaseOrTransaction, id: number) {
  return readRow(db, creators, eq(creators.id, id));
}

/** A creator locked for a change to the record (or to what hangs on it), or null. */
export async function lockCreator(tx: DatabaseOrTransaction, id: number) {
  const [row] = await tx.select().from(creators).where(eq(creators.id, id)).limit(1).for('update');
  return row ?? null;
}

/** Everything an admin sees about one creator on /admin/influencers/:id, or null when there is no such creator. */
export async function findCreatorDetail(
  db: DatabaseOrTransaction,
  id: number,
): Promise<CreatorDetail | null> {
  const creator = await findCreatorById(db, id);
  if (!creator) return null;
  const [profile, socials, apps, wallet, payoutList, notes, audit, changes, measuredPosts, records] =
    await Promise.all([
      findProfile(db, id),
      findSocialAccounts(db, id),
      db
        .select({ application: applications, campaign: campaigns.name })
        .from(applications)
        .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
        .where(eq(applications.creatorId, id))
        .orderBy(desc(applications.createdAt), desc(applications.id)),
      walletFigures(db, id, { limit: CREATOR_PAGE_LEDGER_ENTRIES }),
      listMyPayouts(db, id),
      db
        .select()
        .from(creatorNotes)
        .where(eq(creatorNotes.creatorId, id))
        .orderBy(desc(creatorNotes.createdAt), desc(creatorNotes.id)),
      db
        .select()
        .from(creatorModerationEvents)
        .where(eq(creatorModerationEvents.creatorId, id))
        .orderBy(desc(creatorModerationEvents.createdAt), desc(creatorModerationEvents.id)),
      followerChangesOf(db, [id]),
      measuredPostCount(db, id),
      reliabilityOf(db, [id]),
    ]);
  return {
    id: creator.id,
    username: creator.username,
    name: creator.name,
    email: creator.email,
    emailVerified: creator.emailVerified,
    profileCompleted: creator.profileCompleted,
    provider: creator.provider,
    createdAt: creator.createdAt.toISOString(),
    standing: creator.standing,
    engagementRate: creator.engagementRate,
    measuredPosts,
    tier: profile?.creatorTier ?? null,
    tierBasis: profile ? tierFromAccounts(socials).basisLabel : null,
    totalFollowers: profile?.totalFollowers ?? creator.followers,
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
export async function latestModerationEvent(db: DatabaseOrTransaction, creatorId: number) {
  const rows = await db
    .select({
      action: creatorModerationEvents.action,
      reason: creatorModerationEvents.reason,
      createdAt: creatorModerationEvents.createdAt,
    })
    .from(creatorModerationEvents)
    .where(eq(creatorModerationEvents.creatorId, creatorId))
    .orderBy(desc(creatorModerationEvents.createdAt), desc(creatorModerationEvents.id))
    .limit(1);
  return rows[0] ?? null;
}

/** A creator's standing, by their sign-in account (null when the account has no creator record). */
export async function standingOfUser(db: DatabaseOrTransaction, authUserId: string) {
  const rows = await db
    .select({ standing: creators.standing })
    .from(creators)
    .where(and(eq(creators.authUserId, authUserId), isNotNull(creators.authUserId)))
    .limit(1);
  return rows[0]?.standing ?? null;
}

/** Every recorded follower change of these creators, oldest first. */
export async function followerChangesOf(db: DatabaseOrTransaction, creatorIds: number[]) {
  if (creatorIds.length === 0) return [];
  return db
    .select()
    .from(followerChanges)
    .where(inArray(followerChanges.creatorId, [...new Set(creatorIds)]))
    .orderBy(asc(followerChanges.changedAt), asc(followerChanges.id));
}

/** When each of these creators' applications was decided (accepted or rejected), for "since the last review". */
export async function decisionsOf(db: DatabaseOrTransaction, creatorIds: number[]) {
  if (creatorIds.length === 0) return [];
  return db
    .select({
      id: applications.id,
      creatorId: applications.creatorId,
      decidedAt: applications.decidedAt,
    })
    .from(applications)
    .where(and(inArray(applications.creatorId, [...new Set(creatorIds)]), isNotNull(applications.decidedAt)));
}
