import { eq } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../src/db/client';
import { lockApplication } from '../../src/db/queries/application-lifecycle-reads';
import { type ApplicationRow, type SubmissionRow, submissions } from '../../src/db/schema/applications';
import type { CampaignRow } from '../../src/db/schema/campaigns';
import type { CreatorRow } from '../../src/db/schema/creators';
import { silentLogger } from '../../src/server/process/logger';
import {
  approveSubmission,
  decideApplications,
  markDelivered,
  requestChanges,
} from '../../src/server/services/applications/admin-review';
import {
  applyToCampaign,
  submitContent,
  withdrawApplication,
} from '../../src/server/services/applications/creator-steps';
import { recordShipment } from '../../src/server/services/applications/shipments';
import { transition } from '../../src/server/services/applications/transition';
import type { AuditActor } from '../../src/server/services/audit-log';
import { shipsBox } from '../../src/shared/constants';
import type { ApplicationStatus } from '../../src/shared/lifecycle/statuses';
import { testServices } from './services';

/** The admin the factory's admin steps are recorded under in the audit log. */
export const FACTORY_ADMIN: AuditActor = { userId: null, name: 'Factory admin', ipAddress: null };

/** The message of the factory's "request changes" (what the creator then reads). */
export const FACTORY_CHANGES_MESSAGE = 'Please show the product label.';

/** A link to a post on each platform, as the creator would submit it. */
const POST_URLS: Record<string, string> = {
  instagram: 'https://www.instagram.com/p/factory',
  tiktok: 'https://www.tiktok.com/@factory/video/1',
  youtube: 'https://www.youtube.com/watch?v=factory',
  facebook: 'https://www.facebook.com/factory/posts/1',
};

export interface Walked {
  application: ApplicationRow;
  submission: SubmissionRow | null;
}

/**
 * Takes an application to `status` the way users do, each step through the service its route calls (so through
 * `transition()` and the table of moves): the creator applies, the admin accepts, ships, marks delivered, the creator
 * submits, the admin approves or asks for changes. A status no sequence of legal moves reaches for this campaign (a
 * box status on a campaign without a box) is refused with the table's 409, as the route would refuse it. Every step
 * runs at `at` and leaves what the route leaves behind: notices, audit entries, the reward in the ledger.
 */
export async function walkApplication(
  db: DatabaseOrTransaction,
  {
    status,
    campaign,
    creator,
    choices,
    at,
  }: {
    status: ApplicationStatus;
    campaign: CampaignRow;
    creator: CreatorRow;
    choices?: ReadonlyArray<{ productId: number; variantId: number }> | undefined;
    at: Date;
  },
): Promise<Walked> {
  // A transaction handle opens savepoints where a service opens a transaction: the walk rolls back with it.
  const services = testServices({
    db: db as Database,
    mailer: { send: async () => {} },
    now: () => at,
    logger: silentLogger(),
  });
  const applied = await applyToCampaign(services, { creator, campaignId: campaign.id, choices });
  const id = applied.id;
  const reread = async () => (await lockApplication(db, id))!.application;
  if (status === 'applied') return { application: applied, submission: null };
  if (status === 'withdrawn') {
    return { application: await withdrawApplication(services, creator.id, id), submission: null };
  }
  if (status === 'rejected') {
    await decideApplications(services, { ids: [id], decision: 'reject' }, FACTORY_ADMIN);
    return { application: await reread(), submission: null };
  }
  await decideApplications(services, { ids: [id], decision: 'accept' }, FACTORY_ADMIN);
  if (status === 'accepted') return { application: await reread(), submission: null };
  if (status === 'missed') return { application: await missDeadline(db, id, at), submission: null };
  const box = shipsBox(campaign.type) || status === 'shipped' || status === 'delivered';
  if (box) {
    const trackingNumber = `1Z${campaign.id}X${creator.id}`;
    await recordShipment(services, id, { carrier: 'UPS', trackingNumber }, FACTORY_ADMIN);
    if (status !== 'shipped') await markDelivered(services, id, FACTORY_ADMIN);
  }
  if (status === 'shipped' || status === 'delivered') {
    return { application: await reread(), submission: null };
  }
  const url = POST_URLS[campaign.platform] ?? POST_URLS.instagram!;
  const submitted = await submitContent(services, creator.id, id, { urls: [url] });
  if (status === 'approved') await approveSubmission(services, submitted.id, FACTORY_ADMIN);
  if (status === 'changes_requested') {
    await requestChanges(services, submitted.id, FACTORY_CHANGES_MESSAGE, FACTORY_ADMIN);
  }
  const submission = await latestSubmission(db, submitted.id);
  return { application: await reread(), submission };
}

/**
 * The deadline sweep's move for one application (services/applications/deadline-sweep.ts takes it for every
 * application past its own deadline at once, which would move the other applications of the test too): the same
 * `transition()` with the same changes.
 */
async function missDeadline(db: DatabaseOrTransaction, id: number, at: Date): Promise<ApplicationRow> {
  const locked = (await lockApplication(db, id))!;
  return transition(db, locked, 'miss_deadline', 'system', { updatedAt: at });
}

async function latestSubmission(db: DatabaseOrTransaction, submissionId: number): Promise<SubmissionRow> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, submissionId));
  return row!;
}
