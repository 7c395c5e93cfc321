import { and, eq, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import type { Transaction } from '../../../db/client';
import { applications, submissions } from '../../../db/schema/applications';
import { users } from '../../../db/schema/auth';
import { contentMetricSnapshots, instagramConnections } from '../../../db/schema/content-metrics';
import { conversationMessages } from '../../../db/schema/conversations';
import { creators, tiktokAuth } from '../../../db/schema/creators';
import { type AccountClosureRow, accountClosures, dataExports } from '../../../db/schema/data-rights';
import { creatorProfiles, emailVerificationCodes, socialAccounts } from '../../../db/schema/onboarding';
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
    const files = await ctx.db.transaction((tx) => anonymiseAccount(tx, closure, ctx.now));
    if (!files) continue;
    anonymised += 1;
    // After the commit, best effort: a file left behind has no row any more, so nobody is shown it.
    for (const name of files.uploadNames) await ctx.files.remove('uploads', name).catch(() => undefined);
    for (const name of files.exportFiles) await ctx.files.remove('exports', name).catch(() => undefined);
  }
  return { anonymised };
}

/** The files an anonymised account leaves, removed after the commit. */
interface LeftFiles {
  uploadNames: string[];
  exportFiles: string[];
}

/** One closed account anonymised in `tx`, once: null when another run claimed it first. */
async function anonymiseAccount(
  tx: Transaction,
  closure: AccountClosureRow,
  now: Date,
): Promise<LeftFiles | null> {
  const [claimed] = await tx
    .update(accountClosures)
    .set({ anonymisedAt: now })
    .where(and(eq(accountClosures.creatorId, closure.creatorId), isNull(accountClosures.anonymisedAt)))
    .returning();
  if (!claimed) return null;
  const id = closure.creatorId;
  const anonymousEmail = `${closure.anonymousId}@closed.invalid`;
  const [before] = await tx.select({ email: creators.email }).from(creators).where(eq(creators.id, id));
  await renameCreator(tx, closure, anonymousEmail, now);
  await tx.delete(socialAccounts).where(eq(socialAccounts.creatorId, id));
  await tx.delete(tiktokAuth).where(eq(tiktokAuth.creatorId, id));
  await tx.delete(instagramConnections).where(eq(instagramConnections.creatorId, id));
  await tx.delete(emailVerificationCodes).where(eq(emailVerificationCodes.creatorId, id));
  await eraseApplicationDetails(tx, id);
  // Finished payouts keep amount, dates and reference; the PayPal address they went to goes.
  await tx
    .update(payouts)
    .set({ paypalEmail: anonymousEmail })
    .where(and(eq(payouts.creatorId, id), notInArray(payouts.status, [...OPEN_PAYOUT_STATUSES])));
  const files = closure.userId ? await removeSignInAccount(tx, closure.userId) : null;
  if (before)
    await tx.delete(passwordAttempts).where(eq(passwordAttempts.subject, passwordSubject(before.email)));
  return files ?? { uploadNames: [], exportFiles: [] };
}

/** The creator record and profile keep their id and lose every name, address and contact. */
async function renameCreator(tx: Transaction, closure: AccountClosureRow, anonymousEmail: string, now: Date) {
  await tx
    .update(creators)
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
      updatedAt: now,
    })
    .where(eq(creators.id, closure.creatorId));
  await tx
    .update(creatorProfiles)
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
      updatedAt: now,
    })
    .where(eq(creatorProfiles.creatorId, closure.creatorId));
}

/** The applications keep their steps; their shipping addresses and the submissions' screenshots go. */
async function eraseApplicationDetails(tx: Transaction, creatorId: number) {
  const applicationIds = (
    await tx.select({ id: applications.id }).from(applications).where(eq(applications.creatorId, creatorId))
  ).map((row) => row.id);
  if (applicationIds.length === 0) return;
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

/**
 * The sign-in account goes with its sessions, provider links and tokens, two-factor secret, notifications and data
 * download rows (all cascade from it); its messages keep the anonymous name. Answers the files it leaves.
 */
async function removeSignInAccount(tx: Transaction, userId: string): Promise<LeftFiles> {
  await tx
    .update(conversationMessages)
    .set({ authorName: ANONYMOUS_NAME })
    .where(eq(conversationMessages.authorUserId, userId));
  const removed = await tx
    .delete(uploads)
    .where(eq(uploads.ownerUserId, userId))
    .returning({ name: uploads.name });
  const exportsLeft = await tx
    .select({ fileName: dataExports.fileName })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
  return {
    uploadNames: removed.map((row) => row.name),
    exportFiles: exportsLeft.flatMap((row) => (row.fileName ? [row.fileName] : [])),
  };
}
