import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { shipsBox } from '../../shared/constants';
import { applicationProgress, nextStep } from '../../shared/lifecycle/creator-progress';
import { uploadDeadline } from '../../shared/lifecycle/deadlines';
import { offeredActions } from '../../shared/lifecycle/moves';
import { ACCEPTED_STATUSES, APPLICATION_STATUS_LABELS } from '../../shared/lifecycle/statuses';
import type { Applicant, MyApplication } from '../../shared/schemas/application';
import { tierFromAccounts } from '../../shared/schemas/profile';
import { trackingUrl } from '../../shared/tracking';
import type { DatabaseOrTransaction } from '../client';
import { applications, type SubmissionRow, submissions } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { creators } from '../schema/creators';
import { accountClosures } from '../schema/data-rights';
import { creatorProfiles, socialAccounts } from '../schema/onboarding';
import {
  describesPost,
  lookView,
  previewKey,
  previewsOfSubmissions,
  type StoredPostPreview,
} from './post-previews';
import { postingClocksFor } from './posting-clock';
import { carrierTrackingOf } from './tracking';

/**
 * How many creators each campaign has accepted (every status from 'accepted' on, see ACCEPTED_STATUSES): the one count
 * behind the box-count cap, the admin's 'Influencers' column and the review page's 'Accepted / boxes'.
 */
export async function acceptedCounts(
  db: DatabaseOrTransaction,
  campaignIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>(campaignIds.map((id) => [id, 0]));
  if (campaignIds.length === 0) return counts;
  const rows = await db
    .select({ campaignId: applications.campaignId, n: sql<number>`count(*)::int` })
    .from(applications)
    .where(
      and(
        inArray(applications.campaignId, [...campaignIds]),
        inArray(applications.status, [...ACCEPTED_STATUSES]),
      ),
    )
    .groupBy(applications.campaignId);
  for (const row of rows) counts.set(row.campaignId, row.n);
  return counts;
}

/** The accepted count of one campaign (see acceptedCounts). */
export async function acceptedCount(db: DatabaseOrTransaction, campaignId: number): Promise<number> {
  return (await acceptedCounts(db, [campaignId])).get(campaignId) ?? 0;
}

function submissionView(s: SubmissionRow | undefined, previews: Map<string, StoredPostPreview>) {
  return s
    ? {
        id: s.id,
        urls: s.urls,
        note: s.note,
        status: s.status,
        reviewMessage: s.reviewMessage,
        createdAt: s.createdAt.toISOString(),
        previews: s.urls.flatMap((url) => {
          const preview = previews.get(previewKey(s.id, url));
          return preview && describesPost(preview) ? [{ postUrl: url, ...lookView(preview) }] : [];
        }),
      }
    : null;
}

/** The previews of the posts of these latest submissions. */
async function previewsOfLatest(db: DatabaseOrTransaction, latest: Map<number, SubmissionRow>) {
  return previewsOfSubmissions(
    db,
    [...latest.values()].map((s) => s.id),
  );
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
  creatorId: number,
  now: Date,
): Promise<Array<Omit<MyApplication, 'choices' | 'canChangeChoice'>>> {
  const rows = await db
    .select({ application: applications, campaign: campaigns })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .where(eq(applications.creatorId, creatorId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  const latest = await latestSubmissions(
    db,
    rows.map((r) => r.application.id),
  );
  const previews = await previewsOfLatest(db, latest);
  const today = now.toISOString().slice(0, 10);
  const clocks = await postingClocksFor(db, rows, now); // issue 13 hook: each creator's own (fair) deadline
  return rows.map(({ application: a, campaign: c }) => {
    const clock = clocks.get(a.id);
    const upload = clock?.deadline ?? uploadDeadline(c.deadline);
    // What the table of moves offers the creator at this status (src/shared/lifecycle/moves.ts).
    const offers = offeredActions(a.status, 'creator', shipsBox(c.type));
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
      canWithdraw: offers.has('withdraw'),
      canConfirmDelivery: offers.has('confirm_delivery'),
      canSubmitContent: offers.has('submit_content') && (today <= upload || Boolean(clock?.paused)),
      postingClock: clock ?? null,
      tracking: carrierTrackingOf(a),
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
      latestSubmission: submissionView(latest.get(a.id), previews),
    };
  });
}

/** The creator's application to one campaign, if any (for the campaign page). */
export async function findMyApplicationFor(db: DatabaseOrTransaction, creatorId: number, campaignId: number) {
  const [row] = await db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(and(eq(applications.creatorId, creatorId), eq(applications.campaignId, campaignId)))
    .limit(1);
  return row ?? null;
}

/** These applicants of a campaign (one page of the admin's review, src/db/queries/reliability.ts), in the given order. */
export async function listApplicants(
  db: DatabaseOrTransaction,
  campaignId: number,
  applicationIds: readonly number[],
): Promise<Applicant[]> {
  if (applicationIds.length === 0) return [];
  const found = await db
    .select({
      application: applications,
      creator: creators,
      profile: creatorProfiles,
      closedAt: accountClosures.closedAt,
    })
    .from(applications)
    .innerJoin(creators, eq(creators.id, applications.creatorId))
    .leftJoin(creatorProfiles, eq(creatorProfiles.creatorId, creators.id))
    .leftJoin(accountClosures, eq(accountClosures.creatorId, creators.id))
    .where(and(eq(applications.campaignId, campaignId), inArray(applications.id, [...applicationIds])));
  const place = new Map(applicationIds.map((id, index) => [id, index]));
  const rows = found.sort((a, b) => place.get(a.application.id)! - place.get(b.application.id)!);
  const creatorIds = rows.map((r) => r.creator.id);
  const social = creatorIds.length
    ? await db.select().from(socialAccounts).where(inArray(socialAccounts.creatorId, creatorIds))
    : [];
  const latest = await latestSubmissions(
    db,
    rows.map((r) => r.application.id),
  );
  const previews = await previewsOfLatest(db, latest);
  return rows.map(({ application: a, creator: i, profile: p, closedAt }) => ({
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
    tracking: carrierTrackingOf(a),
    createdAt: a.createdAt.toISOString(),
    creator: {
      id: i.id,
      name: i.name,
      username: i.username,
      email: i.email,
      tier: p?.creatorTier ?? 'Micro',
      totalFollowers: p?.totalFollowers ?? 0,
      followers: Object.fromEntries(
        social
          .filter((s) => s.creatorId === i.id && (s.handle || s.followers !== null))
          .map((s) => [s.platform, s.followers]),
      ),
      verifiedFollowers: Object.fromEntries(
        social
          .filter((s) => s.creatorId === i.id && s.verifiedFollowers !== null && s.verifiedAt !== null)
          .map((s) => [s.platform, { followers: s.verifiedFollowers!, at: s.verifiedAt!.toISOString() }]),
      ),
      tierBasis: tierFromAccounts(social.filter((s) => s.creatorId === i.id)).basisLabel,
      primaryCategory: p?.primaryCategory ?? null,
      secondaryCategory: p?.secondaryCategory ?? null,
      state: p?.state ?? null,
      accountClosedAt: closedAt?.toISOString() ?? null,
    },
    latestSubmission: submissionView(latest.get(a.id), previews),
  }));
}
