import { and, desc, eq, inArray } from 'drizzle-orm';
import { uploadDeadline } from '../../shared/dates';
import {
  APPLICATION_STATUS_LABELS,
  applicationProgress,
  canSubmitContentFrom,
  nextStep,
  shipsBox,
} from '../../shared/lifecycle';
import type { Applicant, MyApplication } from '../../shared/schemas/application';
import { trackingUrl } from '../../shared/tracking';
import type { DatabaseOrTransaction } from '../client';
import { applications, type SubmissionRow, submissions } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { influencers } from '../schema/influencers';
import { influencerProfiles, socialAccounts } from '../schema/onboarding';
import { postingClocksFor } from './posting-clock';

function submissionView(s: SubmissionRow | undefined) {
  return s
    ? {
        id: s.id,
        urls: s.urls,
        note: s.note,
        status: s.status,
        reviewMessage: s.reviewMessage,
        createdAt: s.createdAt.toISOString(),
      }
    : null;
}

async function latestSubmissions(db: DatabaseOrTransaction, applicationIds: number[]) {
  if (applicationIds.length === 0) return new Map<number, SubmissionRow>();
  const rows = await db
    .select()
    .from(submissions)
    .where(inArray(submissions.applicationId, applicationIds))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  const latest = new Map<number, SubmissionRow>();
  for (const row of rows) if (!latest.has(row.applicationId)) latest.set(row.applicationId, row);
  return latest;
}

/** The creator's applications, newest first, with what to do next. */
export async function listMyApplications(
  db: DatabaseOrTransaction,
  influencerId: number,
  now: Date,
): Promise<MyApplication[]> {
  const rows = await db
    .select({ application: applications, campaign: campaigns })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .where(eq(applications.influencerId, influencerId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  const latest = await latestSubmissions(
    db,
    rows.map((r) => r.application.id),
  );
  const today = now.toISOString().slice(0, 10);
  const clocks = await postingClocksFor(db, rows, now); // issue 13 hook: each creator's own (fair) deadline
  return rows.map(({ application: a, campaign: c }) => {
    const clock = clocks.get(a.id);
    const upload = clock?.deadline ?? uploadDeadline(c.deadline);
    return {
      id: a.id,
      status: a.status,
      statusLabel: APPLICATION_STATUS_LABELS[a.status],
      progress: applicationProgress(a.status, c.type),
      nextStep: nextStep(a.status, c.type),
      adminMessage: a.adminMessage,
      carrier: a.carrier,
      trackingNumber: a.trackingNumber,
      trackingUrl: trackingUrl(a.carrier, a.trackingNumber),
      deliveryProblem: a.deliveryProblem,
      uploadDeadline: upload,
      canWithdraw: a.status === 'applied',
      canConfirmDelivery: shipsBox(c.type) && a.status === 'shipped',
      canSubmitContent: canSubmitContentFrom(a.status, c.type) && (today <= upload || Boolean(clock?.paused)),
      postingClock: clock ?? null,
      createdAt: a.createdAt.toISOString(),
      campaign: {
        id: c.id,
        name: c.name,
        brand: c.brand,
        platform: c.platform,
        type: c.type,
        reward: c.reward,
        deadline: c.deadline,
        imageUrl: c.imageUrl,
        status: c.status,
      },
      latestSubmission: submissionView(latest.get(a.id)),
    };
  });
}

/** The creator's application to one campaign, if any (for the campaign page). */
export async function findMyApplicationFor(
  db: DatabaseOrTransaction,
  influencerId: number,
  campaignId: number,
) {
  const [row] = await db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(and(eq(applications.influencerId, influencerId), eq(applications.campaignId, campaignId)))
    .limit(1);
  return row ?? null;
}

/** Everyone who applied to a campaign, for the admin's review. */
export async function listApplicants(db: DatabaseOrTransaction, campaignId: number): Promise<Applicant[]> {
  const rows = await db
    .select({ application: applications, influencer: influencers, profile: influencerProfiles })
    .from(applications)
    .innerJoin(influencers, eq(influencers.id, applications.influencerId))
    .leftJoin(influencerProfiles, eq(influencerProfiles.influencerId, influencers.id))
    .where(eq(applications.campaignId, campaignId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  const influencerIds = rows.map((r) => r.influencer.id);
  const social = influencerIds.length
    ? await db.select().from(socialAccounts).where(inArray(socialAccounts.influencerId, influencerIds))
    : [];
  const latest = await latestSubmissions(
    db,
    rows.map((r) => r.application.id),
  );
  return rows.map(({ application: a, influencer: i, profile: p }) => ({
    id: a.id,
    status: a.status,
    pitch: a.pitch,
    adminMessage: a.adminMessage,
    carrier: a.carrier,
    trackingNumber: a.trackingNumber,
    shippedAt: a.shippedAt?.toISOString() ?? null,
    deliveredAt: a.deliveredAt?.toISOString() ?? null,
    deliveryProblem: a.deliveryProblem,
    deliveryProblemNote: a.deliveryProblemNote,
    createdAt: a.createdAt.toISOString(),
    influencer: {
      id: i.id,
      name: i.name,
      username: i.username,
      email: i.email,
      tier: p?.influencerTier ?? 'Micro',
      totalFollowers: p?.totalFollowers ?? 0,
      followers: Object.fromEntries(
        social.filter((s) => s.influencerId === i.id).map((s) => [s.platform, s.followers]),
      ),
      primaryCategory: p?.primaryCategory ?? null,
      secondaryCategory: p?.secondaryCategory ?? null,
      state: p?.state ?? null,
    },
    latestSubmission: submissionView(latest.get(a.id)),
  }));
}
