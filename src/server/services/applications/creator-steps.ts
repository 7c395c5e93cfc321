import { eq, sql } from 'drizzle-orm';
import { findPublicCampaign, lockOwnApplication } from '../../../db/queries/application-lifecycle-reads';
import { findMyApplicationFor } from '../../../db/queries/applications';
import { creatorNameOf } from '../../../db/queries/notifications';
import { fairUploadsOpen } from '../../../db/queries/posting-clock';
import { writeChoices } from '../../../db/queries/products';
import { type ApplicationRow, applications, submissions } from '../../../db/schema/applications';
import { campaigns } from '../../../db/schema/campaigns';
import type { CreatorRow } from '../../../db/schema/creators';
import { PLATFORM_LABELS } from '../../../shared/constants';
import type { DeliveryProblem } from '../../../shared/lifecycle/delivery-problems';
import { isPlatformPostUrl } from '../../../shared/lifecycle/post-links';
import { withArticle } from '../../../shared/wording';
import { AppError } from '../../http/errors';
import { applyRestriction } from '../creator-moderation';
import { closeProblemOnDelivery, openDeliveryProblem } from '../delivery-problems';
import { adminNotice, notifyAdmins } from '../notifications';
import { checkChoices } from '../products/choices';
import { atInstant, type ServiceContext } from '../service-context';
import { found, outOfOrder } from './context';
import { checkEligibility, INELIGIBILITY_MESSAGES } from './eligibility';
import { checkTransition, transition } from './transition';

/** The campaign page's question: can this creator apply, and if not, why (with their application, if any). */
export async function eligibilityFor(services: ServiceContext, creator: CreatorRow, campaignId: number) {
  const ctx = atInstant(services);
  const campaign = found(await findPublicCampaign(ctx.db, campaignId), 'Campaign Not Found');
  const reason = await checkEligibility(ctx.db, campaign, creator, ctx.now);
  // A suspended or banned creator cannot apply; an application they already have is shown as usual.
  const restriction = reason === 'already_applied' ? null : applyRestriction(creator.standing);
  return {
    canApply: reason === null && restriction === null,
    reason: restriction ? creator.standing : reason,
    message: restriction ?? (reason ? INELIGIBILITY_MESSAGES[reason](campaign) : null),
    application: await findMyApplicationFor(ctx.db, creator.id, campaignId),
  };
}

/** A creator applies. One application per creator and campaign (the database enforces it too). */
export async function applyToCampaign(
  services: ServiceContext,
  {
    creator,
    campaignId,
    pitch,
    choices,
  }: {
    creator: CreatorRow;
    campaignId: number;
    pitch?: string | undefined;
    choices?: ReadonlyArray<{ productId: number; variantId: number }> | undefined;
  },
): Promise<ApplicationRow> {
  const ctx = atInstant(services);
  const restriction = applyRestriction(creator.standing);
  if (restriction) throw new AppError('FORBIDDEN', restriction);
  try {
    return await ctx.db.transaction(async (tx) => {
      const campaign = found(await findPublicCampaign(tx, campaignId, { lock: true }), 'Campaign Not Found');
      const reason = await checkEligibility(tx, campaign, creator, ctx.now);
      if (reason) {
        const code =
          reason === 'profile_incomplete' || reason === 'email_unverified' ? 'FORBIDDEN' : 'CONFLICT';
        throw new AppError(code, INELIGIBILITY_MESSAGES[reason](campaign));
      }
      // One variant of each product the campaign offers (issue 37); nothing is reserved before acceptance.
      const chosen = await checkChoices(tx, campaignId, choices);
      const [row] = await tx
        .insert(applications)
        .values({
          campaignId,
          creatorId: creator.id,
          pitch: pitch ?? null,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      await writeChoices(tx, row!.id, chosen);
      await tx
        .update(campaigns)
        .set({ applicationsCount: sql`${campaigns.applicationsCount} + 1` })
        .where(eq(campaigns.id, campaignId));
      await notifyAdmins(tx, adminNotice.newApplication(campaign.id, campaign.name, creator.name), ctx.now);
      return row!;
    });
  } catch (error) {
    if (
      (error as { code?: string; cause?: { code?: string } }).cause?.code === '23505' ||
      (error as { code?: string }).code === '23505'
    ) {
      throw new AppError('CONFLICT', 'You have already applied to this campaign.');
    }
    throw error;
  }
}

/** A pending application can be withdrawn by its creator. */
export async function withdrawApplication(
  services: ServiceContext,
  creatorId: number,
  applicationId: number,
) {
  const ctx = atInstant(services);
  return ctx.db.transaction(async (tx) => {
    const locked = found(await lockOwnApplication(tx, applicationId, creatorId), 'Application not found');
    const { application } = locked;
    const row = await transition(tx, locked, 'withdraw', 'creator', { updatedAt: ctx.now });
    await tx
      .update(campaigns)
      .set({ applicationsCount: sql`greatest(${campaigns.applicationsCount} - 1, 0)` })
      .where(eq(campaigns.id, application.campaignId));
    return row;
  });
}

/** The creator confirms the PR box arrived, or reports a problem with it. */
export async function recordDelivery(
  services: ServiceContext,
  creatorId: number,
  applicationId: number,
  input: { action: 'confirm' } | { action: 'report'; problem: DeliveryProblem; note?: string | undefined },
) {
  const ctx = atInstant(services);
  return ctx.db.transaction(async (tx) => {
    const locked = found(await lockOwnApplication(tx, applicationId, creatorId), 'Application not found');
    const { application, campaign } = locked;
    if (input.action === 'confirm') {
      const row = await transition(tx, locked, 'confirm_delivery', 'creator', {
        deliveredAt: application.deliveredAt ?? ctx.now,
        deliveredBy: application.deliveredBy ?? 'person',
        deliveryConfirmedAt: ctx.now,
        deliveryProblem: null,
        deliveryProblemNote: null,
        deliveryProblemAt: null,
        updatedAt: ctx.now,
      });
      await closeProblemOnDelivery(tx, applicationId, ctx.now);
      return row;
    }
    const row = await transition(tx, locked, 'report_problem', 'creator', {
      deliveryProblem: input.problem,
      deliveryProblemNote: input.note ?? null,
      deliveryProblemAt: ctx.now,
      updatedAt: ctx.now,
    });
    // Opens the problem the admins see in their queue (and tells them when it is a new one).
    const opened = await openDeliveryProblem(tx, {
      applicationId,
      kind: input.problem,
      note: input.note ?? null,
      now: ctx.now,
    });
    if (opened.created) {
      await notifyAdmins(
        tx,
        adminNotice.newProblem(campaign.name, await creatorNameOf(tx, creatorId), input.problem),
        ctx.now,
      );
    }
    return row;
  });
}

/** The creator submits post link(s) on the campaign's platform, before the upload deadline. */
export async function submitContent(
  services: ServiceContext,
  creatorId: number,
  applicationId: number,
  input: { urls: string[]; note?: string | undefined },
) {
  const ctx = atInstant(services);
  return ctx.db.transaction(async (tx) => {
    const locked = found(await lockOwnApplication(tx, applicationId, creatorId), 'Application not found');
    const { application, campaign } = locked;
    checkTransition(locked, 'submit_content', 'creator');
    // The creator's own (fair) deadline: src/shared/posting-clock.ts.
    if (!(await fairUploadsOpen(tx, { application, campaign }, ctx.now)))
      outOfOrder('The upload deadline for this campaign has passed.');
    const bad = input.urls.find((url) => !isPlatformPostUrl(url, campaign.platform));
    if (bad) {
      throw new AppError(
        'BAD_REQUEST',
        `urls: ${bad} is not a link to ${withArticle(PLATFORM_LABELS[campaign.platform])} post`,
      );
    }
    const [submission] = await tx
      .insert(submissions)
      .values({ applicationId, urls: input.urls, note: input.note ?? null, createdAt: ctx.now })
      .returning();
    await transition(tx, locked, 'submit_content', 'creator', { updatedAt: ctx.now });
    await notifyAdmins(
      tx,
      adminNotice.contentSubmitted(
        campaign.id,
        campaign.name,
        await creatorNameOf(tx, creatorId),
        application.status === 'changes_requested',
      ),
      ctx.now,
    );
    return submission!;
  });
}
