import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../src/db/client';
import { invalidateCampaignCounts } from '../../src/db/queries/campaign-count-cache';
import {
  type ApplicationRow,
  applications,
  type SubmissionRow,
  submissions,
} from '../../src/db/schema/applications';
import { type CampaignRow, campaigns, type NewCampaignRow } from '../../src/db/schema/campaigns';
import { type InfluencerRow, influencers } from '../../src/db/schema/influencers';
import { type ApplicationStatus, isIn } from '../../src/shared/lifecycle';

let sequence = 0;

/** A valid campaign row; every field can be overridden. */
export function campaignFixture(overrides: Partial<NewCampaignRow> = {}): NewCampaignRow {
  sequence += 1;
  return {
    name: `Test Campaign ${sequence}`,
    brand: 'Test Brand',
    platform: 'instagram',
    type: 'gifting',
    description: 'A campaign made by the tests.',
    requirements: ['Post one photo'],
    deadline: '2030-01-31',
    reward: 25,
    followersRequired: 0,
    status: 'active',
    budget: '1000.00',
    reach: 10000,
    imageUrl: '/images/campaigns/test.svg',
    gallery: [],
    tags: ['Lifestyle'],
    ...overrides,
  };
}

export async function insertCampaign(
  db: DatabaseOrTransaction,
  overrides: Partial<NewCampaignRow> = {},
): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(campaignFixture(overrides)).returning();
  await forgetKeptCampaigns(db);
  return row!;
}

/**
 * What an admin's campaign write does after it commits (services/campaign-admin.ts): the instance forgets its kept
 * totals and public answers (decision 0039), so a campaign inserted here shows on the next read like one created
 * through the admin API. A transaction has no bus of its own: its caller's handle is told when it is the handle.
 */
async function forgetKeptCampaigns(db: DatabaseOrTransaction): Promise<void> {
  await invalidateCampaignCounts(db as Database);
}

/** Inserts `count` campaigns, one millisecond apart, oldest first (so the newest-first order is known). */
export async function insertCampaigns(
  db: DatabaseOrTransaction,
  count: number,
  overrides: (index: number) => Partial<NewCampaignRow> = () => ({}),
): Promise<CampaignRow[]> {
  const base = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: count }, (_, i) =>
    campaignFixture({ createdAt: new Date(base + i * 1000), ...overrides(i) }),
  );
  const inserted = await db.insert(campaigns).values(rows).returning();
  await forgetKeptCampaigns(db);
  return inserted;
}

let creatorSequence = 0;

/** A creator row of its own (no sign-in account): enough to own applications in query and service tests. */
export async function insertInfluencer(
  db: DatabaseOrTransaction,
  overrides: Partial<typeof influencers.$inferInsert> = {},
): Promise<InfluencerRow> {
  creatorSequence += 1;
  const [row] = await db
    .insert(influencers)
    .values({
      username: `creator${creatorSequence}`,
      name: `Creator ${creatorSequence}`,
      email: `creator${creatorSequence}@factory.test`,
      emailVerified: true,
      profileCompleted: true,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * An application already at `status`, with what the steps before it leave behind: decided, shipped with a tracking
 * number, delivered, a submission (content in review, changes requested, approved). The campaign and the creator are
 * made when not given. One call instead of walking the lifecycle through the API.
 */
export async function insertApplication(
  db: DatabaseOrTransaction,
  {
    status,
    campaign,
    influencer,
    at = new Date('2026-06-01T12:00:00Z'),
  }: {
    status: ApplicationStatus;
    campaign?: CampaignRow;
    influencer?: InfluencerRow;
    at?: Date;
  },
): Promise<{
  application: ApplicationRow;
  campaign: CampaignRow;
  influencer: InfluencerRow;
  submission: SubmissionRow | null;
}> {
  const theCampaign = campaign ?? (await insertCampaign(db));
  const theInfluencer = influencer ?? (await insertInfluencer(db));
  const reached = (step: ApplicationStatus) => isIn(STEPS_AFTER[step] ?? [], status);
  const [application] = await db
    .insert(applications)
    .values({
      campaignId: theCampaign.id,
      influencerId: theInfluencer.id,
      status,
      decidedAt: status === 'applied' || status === 'withdrawn' ? null : at,
      adminMessage: status === 'changes_requested' ? 'Please show the product label.' : null,
      carrier: reached('shipped') ? 'UPS' : null,
      trackingNumber: reached('shipped') ? `1Z${theCampaign.id}X${theInfluencer.id}` : null,
      shippedAt: reached('shipped') ? at : null,
      deliveredAt: reached('delivered') ? at : null,
      approvedAt: status === 'approved' ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const submissionStatus = SUBMISSION_STATUS[status];
  const [submission] = submissionStatus
    ? await db
        .insert(submissions)
        .values({
          applicationId: application!.id,
          urls: ['https://www.instagram.com/p/factory'],
          status: submissionStatus,
          reviewMessage: submissionStatus === 'changes_requested' ? 'Please show the product label.' : null,
          reviewedAt: submissionStatus === 'submitted' ? null : at,
          createdAt: at,
        })
        .returning()
    : [];
  await db
    .update(campaigns)
    .set({ applicationsCount: sql`${campaigns.applicationsCount} + 1` })
    .where(eq(campaigns.id, theCampaign.id));
  return {
    application: application!,
    campaign: theCampaign,
    influencer: theInfluencer,
    submission: submission ?? null,
  };
}

/** The statuses at or after each step (for what an application at some status has been through). */
const STEPS_AFTER: Partial<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  shipped: ['shipped', 'delivered', 'content_submitted', 'changes_requested', 'approved'],
  delivered: ['delivered', 'content_submitted', 'changes_requested', 'approved'],
};

const SUBMISSION_STATUS: Partial<Record<ApplicationStatus, SubmissionRow['status']>> = {
  content_submitted: 'submitted',
  changes_requested: 'changes_requested',
  approved: 'approved',
};
