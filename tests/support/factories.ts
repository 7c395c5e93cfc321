import { eq } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../src/db/client';
import { invalidateCampaignCounts } from '../../src/db/queries/campaign-count-cache';
import { type ApplicationRow, applications, type SubmissionRow } from '../../src/db/schema/applications';
import { type CampaignRow, campaigns, type NewCampaignRow } from '../../src/db/schema/campaigns';
import { type CreatorRow, creators } from '../../src/db/schema/creators';
import { completeProfile } from '../../src/server/services/profiles';
import type { ApplicationStatus } from '../../src/shared/lifecycle/statuses';
import { profileSchema } from '../../src/shared/schemas/profile';
import { walkApplication } from './application-walk';
import { READY_PROFILE } from './creators';
import { testServices } from './services';

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

/**
 * A creator row of its own (no sign-in account): enough to own applications in query and service tests. Unless
 * `profileCompleted: false` is asked for, the profile is completed through the profile service, as onboarding does
 * (so the creator may apply).
 */
export async function insertCreator(
  db: DatabaseOrTransaction,
  overrides: Partial<typeof creators.$inferInsert> = {},
): Promise<CreatorRow> {
  creatorSequence += 1;
  const { profileCompleted = true, ...rest } = overrides;
  const [row] = await db
    .insert(creators)
    .values({
      username: `creator${creatorSequence}`,
      name: `Creator ${creatorSequence}`,
      email: `creator${creatorSequence}@factory.test`,
      emailVerified: true,
      profileCompleted: false,
      ...rest,
    })
    .returning();
  if (!profileCompleted) return row!;
  const [firstName = 'Factory', ...others] = row!.name.split(' ');
  const profile = profileSchema.parse({
    ...READY_PROFILE,
    firstName,
    lastName: others.join(' ') || 'Creator',
    fullName: row!.name,
    email: row!.email,
  });
  const at = new Date('2026-01-01T00:00:00Z');
  await completeProfile(testServices({ db: db as Database, now: () => at }), row!, profile);
  const [completed] = await db.select().from(creators).where(eq(creators.id, row!.id));
  return completed!;
}

/**
 * An application at `status`, reached the way users reach it: walked through the services the routes call and the
 * table of moves (tests/support/application-walk.ts), so it carries what those steps leave behind (decided, shipped
 * with a tracking number, delivered, a submission in review, sent back or approved with its reward in the ledger).
 * The campaign and the creator are made when not given; a given campaign must take applications at `at`.
 */
export async function insertApplication(
  db: DatabaseOrTransaction,
  {
    status,
    campaign,
    creator,
    choices,
    at = new Date('2026-06-01T12:00:00Z'),
  }: {
    status: ApplicationStatus;
    campaign?: CampaignRow;
    creator?: CreatorRow;
    /** The variant of each product the creator picks when applying (required where the campaign offers products). */
    choices?: ReadonlyArray<{ productId: number; variantId: number }>;
    at?: Date;
  },
): Promise<{
  application: ApplicationRow;
  campaign: CampaignRow;
  creator: CreatorRow;
  submission: SubmissionRow | null;
}> {
  const theCampaign = campaign ?? (await insertCampaign(db));
  const theCreator = creator ?? (await insertCreator(db));
  const walked = await walkApplication(db, {
    status,
    campaign: theCampaign,
    creator: theCreator,
    choices,
    at,
  });
  return { ...walked, campaign: theCampaign, creator: theCreator };
}

/**
 * Writes `status` on an application directly, past `transition()`. Only for a state no legal move reaches (a box
 * status on a campaign that sends none, a row left by an older release for a migration test): the caller says which
 * in a comment beside the call. Everything else goes through insertApplication.
 */
export async function writeUnreachableStatus(
  db: DatabaseOrTransaction,
  applicationId: number,
  status: ApplicationStatus,
): Promise<ApplicationRow> {
  const [row] = await db
    .update(applications)
    .set({ status })
    .where(eq(applications.id, applicationId))
    .returning();
  return row!;
}
