import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { snapshotFigureColumns } from '../../../db/queries/content-metrics-writes';
import { reliabilityOf } from '../../../db/queries/reliability';
import { taxFormsOf } from '../../../db/queries/tax';
import { applications, submissions } from '../../../db/schema/applications';
import { accounts, sessions, users } from '../../../db/schema/auth';
import { contentMetricSnapshots, instagramConnections } from '../../../db/schema/content-metrics';
import { conversationMessages, conversations } from '../../../db/schema/conversations';
import { followerChanges } from '../../../db/schema/creator-management';
import { creators, tiktokAuth } from '../../../db/schema/creators';
import { ledgerEntries, mintBalances, transactions } from '../../../db/schema/ledger';
import { notifications } from '../../../db/schema/notifications';
import { creatorProfiles, socialAccounts } from '../../../db/schema/onboarding';
import { payouts } from '../../../db/schema/payouts';
import { deliveryProblems } from '../../../db/schema/shipping';
import { uploads } from '../../../db/schema/uploads';
import { taxFormView } from '../tax/view';
import { applicationIdsOf, submissionIdsOf } from './owned-rows';

/** Whose data a section reads: the creator record and its sign-in account. */
export interface ExportSubject {
  creatorId: number;
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
          emailVerified: sql<boolean>`(${users.emailVerified} or coalesce(${creators.emailVerified} and lower(${creators.email}) = lower(${users.email}), false))`,
          image: users.image,
          username: users.username,
          twoFactorEnabled: users.twoFactorEnabled,
          createdAt: users.createdAt,
        })
        .from(users)
        .leftJoin(creators, eq(creators.authUserId, users.id))
        .where(eq(users.id, userId)),
  },
  {
    name: 'creator',
    read: (db, { creatorId }) =>
      db
        .select({
          id: creators.id,
          username: creators.username,
          name: creators.name,
          email: creators.email,
          emailVerified: creators.emailVerified,
          verificationEmail: creators.verificationEmail,
          platform: creators.platform,
          followers: creators.followers,
          niche: creators.niche,
          provider: creators.provider,
          profileImage: creators.profileImage,
          standing: creators.standing,
          mailOptOuts: creators.mailOptOuts,
          createdAt: creators.createdAt,
        })
        .from(creators)
        .where(eq(creators.id, creatorId)),
  },
  {
    name: 'profile',
    read: (db, { creatorId }) =>
      db.select().from(creatorProfiles).where(eq(creatorProfiles.creatorId, creatorId)),
  },
  {
    name: 'socialAccounts',
    read: (db, { creatorId }) =>
      db.select().from(socialAccounts).where(eq(socialAccounts.creatorId, creatorId)),
  },
  {
    name: 'connectedAccounts',
    read: async (db, { creatorId, userId }) => ({
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
        .where(eq(instagramConnections.creatorId, creatorId)),
      tiktok: await db
        .select({ openId: tiktokAuth.openId, updatedAt: tiktokAuth.updatedAt })
        .from(tiktokAuth)
        .where(eq(tiktokAuth.creatorId, creatorId)),
    }),
  },
  {
    name: 'followerChanges',
    read: (db, { creatorId }) =>
      db.select().from(followerChanges).where(eq(followerChanges.creatorId, creatorId)),
  },
  {
    name: 'applications',
    read: (db, { creatorId }) =>
      db.select().from(applications).where(eq(applications.creatorId, creatorId)).orderBy(applications.id),
  },
  {
    name: 'submissions',
    read: async (db, { creatorId }) => {
      const ids = await applicationIdsOf(db, creatorId);
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
    read: async (db, { creatorId }) => {
      const ids = await applicationIdsOf(db, creatorId);
      return ids.length === 0
        ? []
        : db.select().from(deliveryProblems).where(inArray(deliveryProblems.applicationId, ids));
    },
  },
  {
    name: 'contentMetrics',
    read: async (db, { creatorId }) => {
      const ids = await submissionIdsOf(db, creatorId);
      return ids.length === 0
        ? []
        : db
            .select({
              submissionId: contentMetricSnapshots.submissionId,
              postUrl: contentMetricSnapshots.postUrl,
              source: contentMetricSnapshots.source,
              ...snapshotFigureColumns,
              measuredAt: contentMetricSnapshots.measuredAt,
            })
            .from(contentMetricSnapshots)
            .where(inArray(contentMetricSnapshots.submissionId, ids))
            .orderBy(contentMetricSnapshots.id);
    },
  },
  {
    name: 'messages',
    read: (db, { creatorId }) =>
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
        .where(eq(conversations.creatorId, creatorId))
        .orderBy(conversationMessages.id),
  },
  {
    name: 'mintBalance',
    read: (db, { creatorId }) =>
      db
        .select({ balance: mintBalances.balance })
        .from(mintBalances)
        .where(eq(mintBalances.creatorId, creatorId)),
  },
  {
    name: 'ledger',
    read: (db, { creatorId }) =>
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
        .where(eq(ledgerEntries.creatorId, creatorId))
        .orderBy(ledgerEntries.id),
  },
  {
    name: 'transactions',
    read: (db, { creatorId }) =>
      db.select().from(transactions).where(eq(transactions.creatorId, creatorId)).orderBy(transactions.id),
  },
  {
    name: 'payouts',
    read: (db, { creatorId }) =>
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
        .where(eq(payouts.creatorId, creatorId))
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
    read: async (db, { creatorId }) => (await taxFormsOf(db, creatorId)).map(taxFormView),
  },
  {
    name: 'reliability',
    read: async (db, { creatorId }) => [(await reliabilityOf(db, [creatorId])).get(creatorId)],
  },
];
