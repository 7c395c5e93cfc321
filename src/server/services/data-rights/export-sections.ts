import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { reliabilityOf } from '../../../db/queries/reliability';
import { taxFormsOf } from '../../../db/queries/tax';
import { applications, submissions } from '../../../db/schema/applications';
import { accounts, sessions, users } from '../../../db/schema/auth';
import { contentMetricSnapshots, instagramConnections } from '../../../db/schema/content-metrics';
import { conversationMessages, conversations } from '../../../db/schema/conversations';
import { followerChanges } from '../../../db/schema/creator-management';
import { influencers, tiktokAuth } from '../../../db/schema/influencers';
import { ledgerEntries, mintBalances, transactions } from '../../../db/schema/ledger';
import { notifications } from '../../../db/schema/notifications';
import { influencerProfiles, socialAccounts } from '../../../db/schema/onboarding';
import { payouts } from '../../../db/schema/payouts';
import { deliveryProblems } from '../../../db/schema/shipping';
import { uploads } from '../../../db/schema/uploads';
import { taxFormView } from '../tax/view';
import { applicationIdsOf, submissionIdsOf } from './owned-rows';

/** Whose data a section reads: the creator record and its sign-in account. */
export interface ExportSubject {
  influencerId: number;
  userId: string;
}

/**
 * One part of "Download my data": a name (the key in the file) and the read of the creator's own rows. A new table
 * that holds something about a creator adds one line here. Secrets never go in: no password hash, no tokens, no
 * session tokens, no two-factor secrets.
 */
export interface ExportSection {
  name: string;
  read(db: DatabaseOrTransaction, who: ExportSubject): Promise<unknown>;
}

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    name: 'account',
    read: (db, { userId }) =>
      db
        .select({
          name: users.name,
          email: users.email,
          // Verified by the sign-in provider, or by the code the creator entered for this same address (the
          // creator record keeps that one; issue 41: a verified email read `emailVerified: false`).
          emailVerified: sql<boolean>`(${users.emailVerified} or coalesce(${influencers.emailVerified} and lower(${influencers.email}) = lower(${users.email}), false))`,
          image: users.image,
          username: users.username,
          twoFactorEnabled: users.twoFactorEnabled,
          createdAt: users.createdAt,
        })
        .from(users)
        .leftJoin(influencers, eq(influencers.authUserId, users.id))
        .where(eq(users.id, userId)),
  },
  {
    name: 'creator',
    read: (db, { influencerId }) =>
      db
        .select({
          id: influencers.id,
          username: influencers.username,
          name: influencers.name,
          email: influencers.email,
          emailVerified: influencers.emailVerified,
          verificationEmail: influencers.verificationEmail,
          platform: influencers.platform,
          followers: influencers.followers,
          niche: influencers.niche,
          provider: influencers.provider,
          profileImage: influencers.profileImage,
          standing: influencers.standing,
          mailOptOuts: influencers.mailOptOuts,
          createdAt: influencers.createdAt,
        })
        .from(influencers)
        .where(eq(influencers.id, influencerId)),
  },
  {
    name: 'profile',
    read: (db, { influencerId }) =>
      db.select().from(influencerProfiles).where(eq(influencerProfiles.influencerId, influencerId)),
  },
  {
    name: 'socialAccounts',
    read: (db, { influencerId }) =>
      db.select().from(socialAccounts).where(eq(socialAccounts.influencerId, influencerId)),
  },
  {
    name: 'connectedAccounts',
    read: async (db, { influencerId, userId }) => ({
      signIn: await db
        .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
        .from(accounts)
        .where(eq(accounts.userId, userId)),
      instagram: await db
        .select({
          username: instagramConnections.username,
          connectedAt: instagramConnections.connectedAt,
          ageDemographics: instagramConnections.ageDemographics,
        })
        .from(instagramConnections)
        .where(eq(instagramConnections.influencerId, influencerId)),
      tiktok: await db
        .select({ openId: tiktokAuth.openId, updatedAt: tiktokAuth.updatedAt })
        .from(tiktokAuth)
        .where(eq(tiktokAuth.influencerId, influencerId)),
    }),
  },
  {
    name: 'followerChanges',
    read: (db, { influencerId }) =>
      db.select().from(followerChanges).where(eq(followerChanges.influencerId, influencerId)),
  },
  {
    name: 'applications',
    read: (db, { influencerId }) =>
      db
        .select()
        .from(applications)
        .where(eq(applications.influencerId, influencerId))
        .orderBy(applications.id),
  },
  {
    name: 'submissions',
    read: async (db, { influencerId }) => {
      const ids = await applicationIdsOf(db, influencerId);
      return ids.length === 0
        ? []
        : db
            .select()
            .from(submissions)
            .where(inArray(submissions.applicationId, ids))
            .orderBy(submissions.id);
    },
  },
  {
    name: 'deliveryProblems',
    read: async (db, { influencerId }) => {
      const ids = await applicationIdsOf(db, influencerId);
      return ids.length === 0
        ? []
        : db.select().from(deliveryProblems).where(inArray(deliveryProblems.applicationId, ids));
    },
  },
  {
    name: 'contentMetrics',
    read: async (db, { influencerId }) => {
      const ids = await submissionIdsOf(db, influencerId);
      return ids.length === 0
        ? []
        : db
            .select({
              submissionId: contentMetricSnapshots.submissionId,
              postUrl: contentMetricSnapshots.postUrl,
              source: contentMetricSnapshots.source,
              views: contentMetricSnapshots.views,
              likes: contentMetricSnapshots.likes,
              comments: contentMetricSnapshots.comments,
              shares: contentMetricSnapshots.shares,
              saves: contentMetricSnapshots.saves,
              reach: contentMetricSnapshots.reach,
              measuredAt: contentMetricSnapshots.measuredAt,
            })
            .from(contentMetricSnapshots)
            .where(inArray(contentMetricSnapshots.submissionId, ids))
            .orderBy(contentMetricSnapshots.id);
    },
  },
  {
    name: 'messages',
    read: (db, { influencerId }) =>
      db
        .select({
          conversationId: conversationMessages.conversationId,
          applicationId: conversations.applicationId,
          from: conversationMessages.authorRole,
          authorName: conversationMessages.authorName,
          body: conversationMessages.body,
          createdAt: conversationMessages.createdAt,
          editedAt: conversationMessages.editedAt,
        })
        .from(conversationMessages)
        .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
        .where(eq(conversations.influencerId, influencerId))
        .orderBy(conversationMessages.id),
  },
  {
    name: 'mintBalance',
    read: (db, { influencerId }) =>
      db
        .select({ balance: mintBalances.balance })
        .from(mintBalances)
        .where(eq(mintBalances.influencerId, influencerId)),
  },
  {
    name: 'ledger',
    read: (db, { influencerId }) =>
      db
        .select({
          amount: ledgerEntries.amount,
          kind: ledgerEntries.kind,
          reference: ledgerEntries.reference,
          description: ledgerEntries.description,
          campaignId: ledgerEntries.campaignId,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.influencerId, influencerId))
        .orderBy(ledgerEntries.id),
  },
  {
    name: 'transactions',
    read: (db, { influencerId }) =>
      db
        .select()
        .from(transactions)
        .where(eq(transactions.influencerId, influencerId))
        .orderBy(transactions.id),
  },
  {
    name: 'payouts',
    read: (db, { influencerId }) =>
      db
        .select({
          id: payouts.id,
          amount: payouts.amount,
          paypalEmail: payouts.paypalEmail,
          status: payouts.status,
          expectedBy: payouts.expectedBy,
          reference: payouts.reference,
          failureReason: payouts.failureReason,
          createdAt: payouts.createdAt,
          completedAt: payouts.completedAt,
          failedAt: payouts.failedAt,
          cancelledAt: payouts.cancelledAt,
        })
        .from(payouts)
        .where(eq(payouts.influencerId, influencerId))
        .orderBy(payouts.id),
  },
  {
    name: 'notifications',
    read: (db, { userId }) =>
      db
        .select({
          kind: notifications.kind,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.id)),
  },
  {
    name: 'signInHistory',
    read: (db, { userId }) =>
      db
        .select({
          startedAt: sessions.createdAt,
          lastActiveAt: sessions.lastActiveAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt)),
  },
  {
    name: 'uploads',
    read: (db, { userId }) =>
      db
        .select({
          name: uploads.name,
          visibility: uploads.visibility,
          contentType: uploads.contentType,
          size: uploads.size,
          createdAt: uploads.createdAt,
        })
        .from(uploads)
        .where(eq(uploads.ownerUserId, userId)),
  },
  {
    // As the creator reads them on /profile: the TIN masked, the date of birth never.
    name: 'taxForms',
    read: async (db, { influencerId }) => (await taxFormsOf(db, influencerId)).map(taxFormView),
  },
  {
    name: 'reliability',
    read: async (db, { influencerId }) => [(await reliabilityOf(db, [influencerId])).get(influencerId)],
  },
];
