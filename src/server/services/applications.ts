import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import { findProfile, findSocialAccounts } from '../../db/queries/onboarding';
import {
  applicationIdsPastFairDeadline,
  fairUploadsOpen,
  postingClockOf,
} from '../../db/queries/posting-clock';
import { type ApplicationRow, applications, submissions } from '../../db/schema/applications';
import { type CampaignRow, campaigns } from '../../db/schema/campaigns';
import { type InfluencerRow, influencers } from '../../db/schema/influencers';
import { PLATFORM_LABELS } from '../../shared/constants';
import { uploadDeadline } from '../../shared/dates';
import {
  ACCEPTED_STATUSES,
  type ApplicationStatus,
  canSubmitContentFrom,
  type DeliveryProblem,
  isPlatformPostUrl,
  shipsBox,
} from '../../shared/lifecycle';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { type LifecycleNotice, lifecycleMail } from '../mail/templates';
import { closeProblemOnDelivery, openDeliveryProblem } from './delivery-problems';
import { creditReward } from './ledger';

export interface LifecycleContext {
  db: Database;
  now: Date;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
}

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Applications close at the end of the deadline day (UTC). */
export function applicationsOpen(campaign: Pick<CampaignRow, 'deadline'>, now: Date): boolean {
  return todayOf(now) <= campaign.deadline;
}

/** Content can be submitted until the end of the upload deadline day (deadline + 7 days, UTC). */
export function uploadsOpen(campaign: Pick<CampaignRow, 'deadline'>, now: Date): boolean {
  return todayOf(now) <= uploadDeadline(campaign.deadline);
}

/** Sends a lifecycle mail after the change is committed; a mail failure is logged, never undoes the change. */
export async function notify(ctx: LifecycleContext, to: string, notice: LifecycleNotice) {
  try {
    await ctx.mailer.send(lifecycleMail(ctx.appUrl, to, notice));
  } catch (error) {
    ctx.logger.error({ err: error, to, kind: notice.kind }, 'could not send a lifecycle mail');
  }
}

/** Followers the creator reported on a platform (0 when unknown). */
export async function followersOn(
  db: DatabaseOrTransaction,
  influencerId: number,
  platform: string,
): Promise<number> {
  const accounts = await findSocialAccounts(db, influencerId);
  return accounts.find((a) => a.platform === platform)?.followers ?? 0;
}

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

async function acceptedCount(db: DatabaseOrTransaction, campaignId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(
      and(eq(applications.campaignId, campaignId), inArray(applications.status, [...ACCEPTED_STATUSES])),
    );
  return rows[0]?.n ?? 0;
}

/** Why this creator cannot apply to this campaign now, or null when they can. */
export async function checkEligibility(
  db: DatabaseOrTransaction,
  campaign: CampaignRow,
  influencer: InfluencerRow,
  now: Date,
): Promise<Ineligibility | null> {
  const [existing] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.campaignId, campaign.id), eq(applications.influencerId, influencer.id)))
    .limit(1);
  if (existing) return 'already_applied';
  if (campaign.status !== 'active') return 'not_active';
  if (!applicationsOpen(campaign, now)) return 'deadline_passed';
  if (!influencer.emailVerified) return 'email_unverified';
  if (!influencer.profileCompleted || !(await findProfile(db, influencer.id))) return 'profile_incomplete';
  if (
    campaign.followersRequired > 0 &&
    (await followersOn(db, influencer.id, campaign.platform)) < campaign.followersRequired
  ) {
    return 'followers_below';
  }
  if (campaign.maxAccepted !== null && (await acceptedCount(db, campaign.id)) >= campaign.maxAccepted)
    return 'full';
  return null;
}

async function publicCampaign(db: DatabaseOrTransaction, campaignId: number, lock = false) {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), sql`${campaigns.status} <> 'draft'`))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'Campaign Not Found');
  return row;
}

/** A creator applies. One application per creator and campaign (the database enforces it too). */
export async function applyToCampaign(
  ctx: LifecycleContext,
  {
    influencer,
    campaignId,
    pitch,
  }: { influencer: InfluencerRow; campaignId: number; pitch?: string | undefined },
): Promise<ApplicationRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const campaign = await publicCampaign(tx, campaignId, true);
      const reason = await checkEligibility(tx, campaign, influencer, ctx.now);
      if (reason) {
        const code =
          reason === 'profile_incomplete' || reason === 'email_unverified' ? 'FORBIDDEN' : 'CONFLICT';
        throw new AppError(code, INELIGIBILITY_MESSAGES[reason](campaign));
      }
      const [row] = await tx
        .insert(applications)
        .values({
          campaignId,
          influencerId: influencer.id,
          pitch: pitch ?? null,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      await tx
        .update(campaigns)
        .set({ applicationsCount: sql`${campaigns.applicationsCount} + 1` })
        .where(eq(campaigns.id, campaignId));
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

/** The creator's own application, locked for a change; someone else's answers 404. */
async function ownApplication(tx: DatabaseOrTransaction, applicationId: number, influencerId: number) {
  const [row] = await tx
    .select({ application: applications, campaign: campaigns })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .where(and(eq(applications.id, applicationId), eq(applications.influencerId, influencerId)))
    .limit(1)
    .for('update', { of: applications });
  if (!row) throw new AppError('NOT_FOUND', 'Application not found');
  return row;
}

function outOfOrder(message: string): never {
  throw new AppError('CONFLICT', message);
}

/** A pending application can be withdrawn by its creator. */
export async function withdrawApplication(
  ctx: LifecycleContext,
  influencerId: number,
  applicationId: number,
) {
  return ctx.db.transaction(async (tx) => {
    const { application } = await ownApplication(tx, applicationId, influencerId);
    if (application.status !== 'applied')
      outOfOrder('Only an application that is still under review can be withdrawn.');
    const [row] = await tx
      .update(applications)
      .set({ status: 'withdrawn', updatedAt: ctx.now })
      .where(eq(applications.id, applicationId))
      .returning();
    await tx
      .update(campaigns)
      .set({ applicationsCount: sql`greatest(${campaigns.applicationsCount} - 1, 0)` })
      .where(eq(campaigns.id, application.campaignId));
    return row!;
  });
}

/** The creator confirms the PR box arrived, or reports a problem with it. */
export async function recordDelivery(
  ctx: LifecycleContext,
  influencerId: number,
  applicationId: number,
  input: { action: 'confirm' } | { action: 'report'; problem: DeliveryProblem; note?: string | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const { application, campaign } = await ownApplication(tx, applicationId, influencerId);
    if (!shipsBox(campaign.type)) outOfOrder('This campaign does not send a PR box.');
    if (input.action === 'confirm') {
      if (application.status !== 'shipped' && application.status !== 'delivered') {
        outOfOrder('Your PR box has not been shipped yet.');
      }
      const [row] = await tx
        .update(applications)
        .set({
          status: 'delivered',
          deliveredAt: application.deliveredAt ?? ctx.now,
          deliveryConfirmedAt: ctx.now,
          deliveryProblem: null,
          deliveryProblemNote: null,
          deliveryProblemAt: null,
          updatedAt: ctx.now,
        })
        .where(eq(applications.id, applicationId))
        .returning();
      await closeProblemOnDelivery(tx, applicationId, ctx.now); // issue 13 hook: delivery-problems.ts
      return row!;
    }
    if (!['shipped', 'delivered'].includes(application.status))
      outOfOrder('Your PR box has not been shipped yet.');
    const [row] = await tx
      .update(applications)
      .set({
        deliveryProblem: input.problem,
        deliveryProblemNote: input.note ?? null,
        deliveryProblemAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(eq(applications.id, applicationId))
      .returning();
    // issue 13 hook: opens the problem the admins see in their queue (delivery-problems.ts).
    await openDeliveryProblem(tx, {
      applicationId,
      kind: input.problem,
      note: input.note ?? null,
      now: ctx.now,
    });
    return row!;
  });
}

/** The creator submits post link(s) on the campaign's platform, before the upload deadline. */
export async function submitContent(
  ctx: LifecycleContext,
  influencerId: number,
  applicationId: number,
  input: { urls: string[]; note?: string | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const { application, campaign } = await ownApplication(tx, applicationId, influencerId);
    if (!canSubmitContentFrom(application.status, campaign.type)) {
      outOfOrder(
        application.status === 'content_submitted'
          ? 'Your content is already waiting for review.'
          : shipsBox(campaign.type) && ['accepted', 'shipped'].includes(application.status)
            ? 'Confirm that your PR box arrived before submitting content.'
            : 'Content cannot be submitted at this step.',
      );
    }
    // issue 13 hook: the creator's own (fair) deadline, src/shared/posting-clock.ts.
    if (!(await fairUploadsOpen(tx, { application, campaign }, ctx.now)))
      outOfOrder('The upload deadline for this campaign has passed.');
    const bad = input.urls.find((url) => !isPlatformPostUrl(url, campaign.platform));
    if (bad) {
      throw new AppError(
        'BAD_REQUEST',
        `urls: ${bad} is not a link to a ${PLATFORM_LABELS[campaign.platform]} post`,
      );
    }
    const [submission] = await tx
      .insert(submissions)
      .values({ applicationId, urls: input.urls, note: input.note ?? null, createdAt: ctx.now })
      .returning();
    await tx
      .update(applications)
      .set({ status: 'content_submitted', updatedAt: ctx.now })
      .where(eq(applications.id, applicationId));
    return submission!;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Admin side

async function lockApplication(tx: DatabaseOrTransaction, applicationId: number) {
  const [row] = await tx
    .select({ application: applications, campaign: campaigns, influencer: influencers })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(influencers, eq(influencers.id, applications.influencerId))
    .where(eq(applications.id, applicationId))
    .limit(1)
    .for('update', { of: applications });
  if (!row) throw new AppError('NOT_FOUND', 'Application not found');
  return row;
}

/** Accepts or rejects applications (one or many) that are still under review. Accepting respects the box count. */
export async function decideApplications(
  ctx: LifecycleContext,
  { ids, decision, message }: { ids: number[]; decision: 'accept' | 'reject'; message?: string | undefined },
) {
  const decided = await ctx.db.transaction(async (tx) => {
    const results: Array<{ id: number; email: string; campaign: string }> = [];
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const { application, influencer } = await lockApplication(tx, id);
      if (application.status !== 'applied') {
        outOfOrder(
          `Application ${id} was already ${application.status === 'withdrawn' ? 'withdrawn' : 'decided'}.`,
        );
      }
      const campaign = await publicCampaign(tx, application.campaignId, true);
      if (decision === 'accept' && campaign.maxAccepted !== null) {
        if ((await acceptedCount(tx, campaign.id)) >= campaign.maxAccepted) {
          outOfOrder(
            `${campaign.name} already has ${campaign.maxAccepted} accepted creators (its box count).`,
          );
        }
      }
      await tx
        .update(applications)
        .set({
          status: decision === 'accept' ? 'accepted' : 'rejected',
          adminMessage: message ?? null,
          decidedAt: ctx.now,
          updatedAt: ctx.now,
        })
        .where(eq(applications.id, id));
      results.push({ id, email: influencer.email, campaign: campaign.name });
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

/** Records (or corrects) the carrier and tracking number of an accepted creator's PR box. */
export async function recordShipment(
  ctx: LifecycleContext,
  applicationId: number,
  { carrier, trackingNumber }: { carrier: string; trackingNumber: string },
  tx?: DatabaseOrTransaction,
) {
  const run = async (db: DatabaseOrTransaction) => {
    const { application, campaign, influencer } = await lockApplication(db, applicationId);
    if (!shipsBox(campaign.type)) outOfOrder('This campaign does not send a PR box.');
    if (application.status !== 'accepted' && application.status !== 'shipped') {
      outOfOrder(
        `A PR box can be shipped only to an accepted creator (this application is ${application.status}).`,
      );
    }
    const [row] = await db
      .update(applications)
      .set({ status: 'shipped', carrier, trackingNumber, shippedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(applications.id, applicationId))
      .returning();
    return { row: row!, email: influencer.email, campaign: campaign.name };
  };
  const result = tx ? await run(tx) : await ctx.db.transaction(run);
  if (!tx) {
    await notify(ctx, result.email, { kind: 'shipped', campaign: result.campaign, carrier, trackingNumber });
  }
  return result;
}

/** The admin marks a shipped box delivered. */
export async function markDelivered(ctx: LifecycleContext, applicationId: number) {
  return ctx.db.transaction(async (tx) => {
    const { application } = await lockApplication(tx, applicationId);
    if (application.status !== 'shipped') outOfOrder('Only a shipped PR box can be marked delivered.');
    const [row] = await tx
      .update(applications)
      .set({ status: 'delivered', deliveredAt: ctx.now, updatedAt: ctx.now })
      .where(eq(applications.id, applicationId))
      .returning();
    return row!;
  });
}

async function lockSubmission(tx: DatabaseOrTransaction, submissionId: number) {
  const [found] = await tx
    .select({ applicationId: submissions.applicationId })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'Submission not found');
  // Lock the application first (the same order as every other change), then read the submission.
  const locked = await lockApplication(tx, found.applicationId);
  const [submission] = await tx.select().from(submissions).where(eq(submissions.id, submissionId)).limit(1);
  return { ...locked, submission: submission! };
}

/** Approves content: the reward is credited once (a unique ledger reference), in the same transaction. */
export async function approveSubmission(ctx: LifecycleContext, submissionId: number) {
  const result = await ctx.db.transaction(async (tx) => {
    const { application, campaign, influencer, submission } = await lockSubmission(tx, submissionId);
    if (submission.status !== 'submitted' || application.status !== 'content_submitted') {
      outOfOrder('This submission was already reviewed.');
    }
    await tx
      .update(submissions)
      .set({ status: 'approved', reviewedAt: ctx.now })
      .where(eq(submissions.id, submissionId));
    await tx
      .update(applications)
      .set({ status: 'approved', approvedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(applications.id, application.id));
    const credited = await creditReward(tx, {
      influencerId: influencer.id,
      amount: campaign.reward,
      reference: `reward:application:${application.id}`,
      description: `Reward for ${campaign.name}`,
      campaignId: campaign.id,
    });
    return { email: influencer.email, campaign: campaign.name, reward: credited ? campaign.reward : 0 };
  });
  await notify(ctx, result.email, { kind: 'approved', campaign: result.campaign, reward: result.reward });
  return result;
}

/** Sends content back to the creator with a message. */
export async function requestChanges(ctx: LifecycleContext, submissionId: number, message: string) {
  const result = await ctx.db.transaction(async (tx) => {
    const { application, campaign, influencer, submission } = await lockSubmission(tx, submissionId);
    if (submission.status !== 'submitted' || application.status !== 'content_submitted') {
      outOfOrder('This submission was already reviewed.');
    }
    await tx
      .update(submissions)
      .set({ status: 'changes_requested', reviewMessage: message, reviewedAt: ctx.now })
      .where(eq(submissions.id, submissionId));
    await tx
      .update(applications)
      .set({ status: 'changes_requested', adminMessage: message, updatedAt: ctx.now })
      .where(eq(applications.id, application.id));
    return { email: influencer.email, campaign: campaign.name };
  });
  await notify(ctx, result.email, { kind: 'changes_requested', campaign: result.campaign, message });
  return result;
}

export interface ShipmentImportReport {
  imported: number;
  errors: Array<{ line: number; error: string }>;
}

/** Splits one CSV line (quotes allowed). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(current.trim());
      current = '';
    } else current += ch;
  }
  cells.push(current.trim());
  return cells;
}

/**
 * Imports shipments from CSV (columns application_id, carrier, tracking_number; a header row is optional). Each row
 * is its own change: good rows are saved, bad rows are reported with their line number and reason.
 */
export async function importShipmentsCsv(
  ctx: LifecycleContext,
  campaignId: number,
  csv: string,
): Promise<ShipmentImportReport> {
  const report: ShipmentImportReport = { imported: 0, errors: [] };
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const notices: Array<{ email: string; campaign: string; carrier: string; trackingNumber: string }> = [];
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (!raw.trim()) continue;
    const [idText = '', carrier = '', trackingNumber = ''] = csvCells(raw);
    if (index === 0 && !/^\d+$/.test(idText)) continue; // header
    const applicationId = Number(idText);
    if (!/^\d+$/.test(idText) || !Number.isSafeInteger(applicationId)) {
      report.errors.push({ line, error: 'application_id must be a number' });
      continue;
    }
    if (!carrier) {
      report.errors.push({ line, error: 'carrier is missing' });
      continue;
    }
    if (!trackingNumber) {
      report.errors.push({ line, error: 'tracking_number is missing' });
      continue;
    }
    if (carrier.length > 60 || trackingNumber.length > 60) {
      report.errors.push({ line, error: 'carrier and tracking_number must be at most 60 characters' });
      continue;
    }
    try {
      const result = await ctx.db.transaction(async (tx) => {
        const [owner] = await tx
          .select({ campaignId: applications.campaignId })
          .from(applications)
          .where(eq(applications.id, applicationId))
          .limit(1);
        if (!owner || owner.campaignId !== campaignId)
          throw new AppError('NOT_FOUND', `application ${applicationId} is not in this campaign`);
        return recordShipment(ctx, applicationId, { carrier, trackingNumber }, tx);
      });
      report.imported += 1;
      notices.push({ email: result.email, campaign: result.campaign, carrier, trackingNumber });
    } catch (error) {
      report.errors.push({ line, error: error instanceof AppError ? error.message : 'could not be saved' });
    }
  }
  for (const n of notices) await notify(ctx, n.email, { kind: 'shipped', ...n });
  return report;
}

// ---------------------------------------------------------------------------------------------------------------
// Timed work

/**
 * Safe to run any number of times: reminds creators 48 hours before their upload deadline (once), marks
 * applications with no approved content after the upload deadline as missed, and ends campaigns whose upload
 * deadline has passed.
 */
export async function sweepDeadlines(ctx: LifecycleContext) {
  const today = todayOf(ctx.now);
  // The upload deadline ends at 24:00 UTC of deadline + 7 days; remind once inside the last 48 hours.
  const remindBefore = new Date(ctx.now.getTime() + 48 * 3_600_000);
  const due = await ctx.db
    .select({ application: applications, campaign: campaigns, email: influencers.email })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(influencers, eq(influencers.id, applications.influencerId))
    .where(
      and(
        inArray(applications.status, [
          'accepted',
          'shipped',
          'delivered',
          'changes_requested',
        ] satisfies ApplicationStatus[]),
        sql`${applications.reminderSentAt} is null`,
        sql`(${campaigns.deadline} + 7) >= ${today}::date`,
        sql`(${campaigns.deadline} + 7) <= ${remindBefore.toISOString().slice(0, 10)}::date`,
      ),
    );
  let reminded = 0;
  for (const row of due) {
    const clock = await postingClockOf(ctx.db, row, ctx.now); // issue 13 hook: remind of the own deadline
    if (clock.paused) continue;
    const deadlineEnd = new Date(`${clock.deadline}T23:59:59.999Z`);
    if (deadlineEnd.getTime() > remindBefore.getTime()) continue;
    const claimed = await ctx.db
      .update(applications)
      .set({ reminderSentAt: ctx.now })
      .where(and(eq(applications.id, row.application.id), sql`${applications.reminderSentAt} is null`))
      .returning({ id: applications.id });
    if (claimed.length === 0) continue;
    reminded += 1;
    await notify(ctx, row.email, {
      kind: 'reminder',
      campaign: row.campaign.name,
      uploadDeadline: clock.deadline,
    });
  }

  const pastDeadline = await applicationIdsPastFairDeadline(ctx.db, ctx.now); // issue 13 hook
  const missed = await ctx.db
    .update(applications)
    .set({ status: 'missed', updatedAt: ctx.now })
    .where(
      and(
        inArray(applications.status, [
          'accepted',
          'shipped',
          'delivered',
          'changes_requested',
        ] satisfies ApplicationStatus[]),
        // issue 13 hook: only those whose own (fair) deadline ran out; never while paused or extended.
        inArray(applications.id, pastDeadline.length ? pastDeadline : [-1]),
      ),
    )
    .returning({
      id: applications.id,
      influencerId: applications.influencerId,
      campaignId: applications.campaignId,
    });
  for (const m of missed) {
    const [row] = await ctx.db
      .select({ email: influencers.email, campaign: campaigns.name })
      .from(influencers)
      .innerJoin(campaigns, eq(campaigns.id, m.campaignId))
      .where(eq(influencers.id, m.influencerId));
    if (row) await notify(ctx, row.email, { kind: 'missed', campaign: row.campaign });
  }

  const ended = await ctx.db
    .update(campaigns)
    .set({ status: 'ended', updatedAt: ctx.now })
    .where(
      and(
        inArray(campaigns.status, ['active', 'pending']),
        sql`(${campaigns.deadline} + 7) < ${today}::date`,
      ),
    )
    .returning({ id: campaigns.id });
  return { reminded, missed: missed.length, ended: ended.length };
}
