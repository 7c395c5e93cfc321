import { eq } from 'drizzle-orm';
import {
  findPublicCampaign,
  lockApplication,
  lockSubmission,
} from '../../../db/queries/application-lifecycle-reads';
import { acceptedCount } from '../../../db/queries/applications';
import { submissions } from '../../../db/schema/applications';
import { type AuditActor, recordAdminAction, recordAdminUpdate } from '../audit-log';
import { refuseClosedAccount } from '../data-rights/closures';
import { creatorNotice, notifyCreator } from '../notifications';
import { creditReward } from '../payouts/ledger';
import { atInstant, type ServiceContext } from '../service-context';
import { found, notify, outOfOrder } from './context';
import { checkTransition, refuseTransition, transition } from './transition';

/** Accepts or rejects applications (one or many) that are still under review. Accepting respects the box count. */
export async function decideApplications(
  services: ServiceContext,
  { ids, decision, message }: { ids: number[]; decision: 'accept' | 'reject'; message?: string | undefined },
  actor: AuditActor,
) {
  const ctx = atInstant(services);
  const decided = await ctx.db.transaction(async (tx) => {
    const results: Array<{ id: number; email: string; campaign: string }> = [];
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const locked = found(await lockApplication(tx, id), 'Application not found');
      const { application, creator } = locked;
      checkTransition(locked, decision, 'admin');
      const campaign = found(
        await findPublicCampaign(tx, application.campaignId, { lock: true }),
        'Campaign Not Found',
      );
      if (decision === 'accept' && campaign.maxAccepted !== null) {
        if ((await acceptedCount(tx, campaign.id)) >= campaign.maxAccepted) {
          outOfOrder(
            `${campaign.name} already has ${campaign.maxAccepted} accepted creators (its box count).`,
          );
        }
      }
      const { status } = await transition(tx, locked, decision, 'admin', {
        adminMessage: message ?? null,
        decidedAt: ctx.now,
        updatedAt: ctx.now,
      });
      // One entry per application, even when several are decided at once.
      await recordAdminUpdate(tx, actor, {
        action: decision === 'accept' ? 'application.accept' : 'application.reject',
        entityType: 'application',
        entityId: id,
        before: application,
        after: { status, adminMessage: message ?? null },
        at: ctx.now,
      });
      await notifyCreator(
        tx,
        creator.id,
        decision === 'accept'
          ? creatorNotice.accepted(campaign.name, message)
          : creatorNotice.rejected(campaign.name, message),
        ctx.now,
      );
      results.push({ id, email: creator.email, campaign: campaign.name });
    }
    return results;
  });
  for (const d of decided) {
    await notify(ctx, d.email, {
      kind: decision === 'accept' ? 'accepted' : 'rejected',
      campaign: d.campaign,
      message,
    });
  }
  return decided.map((d) => d.id);
}

/** The admin marks a shipped box delivered. */
export async function markDelivered(services: ServiceContext, applicationId: number, actor: AuditActor) {
  const ctx = atInstant(services);
  return ctx.db.transaction(async (tx) => {
    const locked = found(await lockApplication(tx, applicationId), 'Application not found');
    const { application, campaign, creator } = locked;
    checkTransition(locked, 'mark_delivered', 'admin');
    await notifyCreator(tx, creator.id, creatorNotice.delivered(campaign.name), ctx.now);
    const row = await transition(tx, locked, 'mark_delivered', 'admin', {
      deliveredAt: ctx.now,
      deliveredBy: 'person',
      updatedAt: ctx.now,
    });
    await recordAdminUpdate(tx, actor, {
      action: 'application.deliver',
      entityType: 'application',
      entityId: applicationId,
      before: application,
      after: { status: row.status },
      at: ctx.now,
    });
    return row;
  });
}

/** A submission still waiting for review, locked with its application; 404, or the 409 of a refused `action`. */
async function reviewableSubmission(
  tx: Parameters<typeof lockSubmission>[0],
  submissionId: number,
  action: 'approve' | 'request_changes',
) {
  const locked = found(await lockSubmission(tx, submissionId), 'Submission not found');
  // A closed account's applications ended with it; say why rather than "already reviewed".
  await refuseClosedAccount(tx, locked.creator, 'review');
  checkTransition(locked, action, 'admin');
  // An older submission of an application in review again was reviewed already.
  if (locked.submission.status !== 'submitted') refuseTransition(locked, action, 'admin');
  return locked;
}

/** Approves content: the reward is credited once (a unique ledger reference), in the same transaction. */
export async function approveSubmission(services: ServiceContext, submissionId: number, actor: AuditActor) {
  const ctx = atInstant(services);
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await reviewableSubmission(tx, submissionId, 'approve');
    const { application, campaign, creator, submission } = locked;
    await tx
      .update(submissions)
      .set({ status: 'approved', reviewedAt: ctx.now })
      .where(eq(submissions.id, submissionId));
    await transition(tx, locked, 'approve', 'admin', { approvedAt: ctx.now, updatedAt: ctx.now });
    const credited = await creditReward(tx, {
      creatorId: creator.id,
      amount: campaign.reward,
      reference: `reward:application:${application.id}`,
      description: `Reward for ${campaign.name}`,
      campaignId: campaign.id,
      at: ctx.now,
    });
    await recordAdminAction(tx, actor, {
      action: 'submission.approve',
      entityType: 'submission',
      entityId: submissionId,
      before: { status: submission.status, mintCredited: 0 },
      after: { status: 'approved', mintCredited: credited ? campaign.reward : 0 },
      at: ctx.now,
    });
    await notifyCreator(
      tx,
      creator.id,
      creatorNotice.approved(campaign.name, credited ? campaign.reward : 0),
      ctx.now,
    );
    return { email: creator.email, campaign: campaign.name, reward: credited ? campaign.reward : 0 };
  });
  await notify(ctx, result.email, { kind: 'approved', campaign: result.campaign, reward: result.reward });
  return result;
}

/** Sends content back to the creator with a message. */
export async function requestChanges(
  services: ServiceContext,
  submissionId: number,
  message: string,
  actor: AuditActor,
) {
  const ctx = atInstant(services);
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await reviewableSubmission(tx, submissionId, 'request_changes');
    const { campaign, creator, submission } = locked;
    await tx
      .update(submissions)
      .set({ status: 'changes_requested', reviewMessage: message, reviewedAt: ctx.now })
      .where(eq(submissions.id, submissionId));
    await transition(tx, locked, 'request_changes', 'admin', { adminMessage: message, updatedAt: ctx.now });
    await recordAdminUpdate(tx, actor, {
      action: 'submission.request_changes',
      entityType: 'submission',
      entityId: submissionId,
      before: submission,
      after: { status: 'changes_requested', reviewMessage: message },
      at: ctx.now,
    });
    await notifyCreator(tx, creator.id, creatorNotice.changesRequested(campaign.name, message), ctx.now);
    return { email: creator.email, campaign: campaign.name };
  });
  await notify(ctx, result.email, { kind: 'changes_requested', campaign: result.campaign, message });
  return result;
}
