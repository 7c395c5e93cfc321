import { and, eq, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import { applications, submissions } from '../../../db/schema/applications';
import { users } from '../../../db/schema/auth';
import { contentMetricSnapshots, instagramConnections } from '../../../db/schema/content-metrics';
import { conversationMessages } from '../../../db/schema/conversations';
import { accountClosures, dataExports } from '../../../db/schema/data-rights';
import { influencers, tiktokAuth } from '../../../db/schema/influencers';
import { emailVerificationCodes, influencerProfiles, socialAccounts } from '../../../db/schema/onboarding';
import { payouts } from '../../../db/schema/payouts';
import { passwordAttempts } from '../../../db/schema/security';
import { applicationShippingAddresses } from '../../../db/schema/shipping';
import { uploads } from '../../../db/schema/uploads';
import { OPEN_PAYOUT_STATUSES } from '../../../shared/payouts';
import { passwordSubject } from '../password-attempts';
import { atInstant, type ServiceContext } from '../service-context';

/** The name an anonymised creator carries everywhere a name is still needed. */
export const ANONYMOUS_NAME = 'Closed account';

/**
 * The anonymisation job (issue 27): each account closed 90 days ago loses everything that names the person — name,
 * email, handles, address, phone, PayPal email, sign-in account and tokens, uploaded files, pending data files —
 * while the ledger, transactions, payouts and tax records stay on the same influencer id (so every total and report
 * still adds up), named only by the closure's anonymous id. One transaction per account; a closure is claimed by
 * setting `anonymised_at` where it is still empty, so running twice does nothing more. Files go after the commit.
 */
export async function anonymiseClosedAccounts(services: ServiceContext) {
  const ctx = atInstant(services);
  const due = await ctx.db
    .select()
    .from(accountClosures)
    .where(and(isNull(accountClosures.anonymisedAt), lte(accountClosures.anonymiseAfter, ctx.now)))
    .orderBy(accountClosures.anonymiseAfter)
    .limit(50);
  let anonymised = 0;
  for (const closure of due) {
    const files = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(accountClosures)
        .set({ anonymisedAt: ctx.now })
        .where(
          and(eq(accountClosures.influencerId, closure.influencerId), isNull(accountClosures.anonymisedAt)),
        )
        .returning();
      if (!claimed) return null;
      const id = closure.influencerId;
      const anonymousEmail = `${closure.anonymousId}@closed.invalid`;
      const [before] = await tx
        .select({ email: influencers.email })
        .from(influencers)
        .where(eq(influencers.id, id));
      await tx
        .update(influencers)
        .set({
          authUserId: null,
          username: closure.anonymousId,
          name: ANONYMOUS_NAME,
          email: anonymousEmail,
          emailVerified: false,
          platform: null,
          provider: null,
          providerId: null,
          profileImage: null,
          verificationEmail: null,
          mailOptOuts: [],
          updatedAt: ctx.now,
        })
        .where(eq(influencers.id, id));
      await tx
        .update(influencerProfiles)
        .set({
          firstName: ANONYMOUS_NAME,
          lastName: '',
          paypalEmail: anonymousEmail,
          phoneNumber: '',
          fullName: ANONYMOUS_NAME,
          addressLine1: '',
          addressLine2: null,
          city: '',
          state: '',
          zipCode: '',
          shippingPhone: '',
          updatedAt: ctx.now,
        })
        .where(eq(influencerProfiles.influencerId, id));
      await tx.delete(socialAccounts).where(eq(socialAccounts.influencerId, id));
      await tx.delete(tiktokAuth).where(eq(tiktokAuth.influencerId, id));
      await tx.delete(instagramConnections).where(eq(instagramConnections.influencerId, id));
      await tx.delete(emailVerificationCodes).where(eq(emailVerificationCodes.influencerId, id));
      const applicationIds = (
        await tx.select({ id: applications.id }).from(applications).where(eq(applications.influencerId, id))
      ).map((row) => row.id);
      if (applicationIds.length > 0) {
        await tx
          .delete(applicationShippingAddresses)
          .where(inArray(applicationShippingAddresses.applicationId, applicationIds));
        const submissionIds = tx
          .select({ id: submissions.id })
          .from(submissions)
          .where(inArray(submissions.applicationId, applicationIds));
        await tx
          .update(contentMetricSnapshots)
          .set({ screenshotUrl: null })
          .where(inArray(contentMetricSnapshots.submissionId, submissionIds));
      }
      // Finished payouts keep amount, dates and reference; the PayPal address they went to goes.
      await tx
        .update(payouts)
        .set({ paypalEmail: anonymousEmail })
        .where(and(eq(payouts.influencerId, id), notInArray(payouts.status, [...OPEN_PAYOUT_STATUSES])));
      const uploadNames: string[] = [];
      const exportFiles: string[] = [];
      if (closure.userId) {
        await tx
          .update(conversationMessages)
          .set({ authorName: ANONYMOUS_NAME })
          .where(eq(conversationMessages.authorUserId, closure.userId));
        const removed = await tx
          .delete(uploads)
          .where(eq(uploads.ownerUserId, closure.userId))
          .returning({ name: uploads.name });
        uploadNames.push(...removed.map((row) => row.name));
        const exportsLeft = await tx
          .select({ fileName: dataExports.fileName })
          .from(dataExports)
          .where(eq(dataExports.userId, closure.userId));
        exportFiles.push(...exportsLeft.flatMap((row) => (row.fileName ? [row.fileName] : [])));
        // The sign-in account goes with its sessions, provider links and tokens, two-factor secret,
        // notifications and data download rows (all cascade from it).
        await tx.delete(users).where(eq(users.id, closure.userId));
      }
      if (before)
        await tx.delete(passwordAttempts).where(eq(passwordAttempts.subject, passwordSubject(before.email)));
      return { uploadNames, exportFiles };
    });
    if (!files) continue;
    anonymised += 1;
    // After the commit, best effort: a file left behind has no row any more, so nobody is shown it.
    for (const name of files.uploadNames) await ctx.files.remove('uploads', name).catch(() => undefined);
    for (const name of files.exportFiles) await ctx.files.remove('exports', name).catch(() => undefined);
  }
  return { anonymised };
}
