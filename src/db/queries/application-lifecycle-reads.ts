import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { applicationDeadlineFor } from '../../shared/lifecycle/deadlines';
import { CONTENT_DUE_STATUSES } from '../../shared/lifecycle/statuses';
import type { DatabaseOrTransaction } from '../client';
import { type ApplicationRow, applications, submissions } from '../schema/applications';
import { type CampaignRow, campaigns } from '../schema/campaigns';
import { type CreatorRow, creators } from '../schema/creators';
import { readColumn, readRow } from './first-row';

/*
 * Reads and row locks for the lifecycle services (src/server/services/applications/*). A lock takes the
 * application row first, the same order in every change, so two changes never wait on each other in a circle.
 */

/** A campaign the public may see (not a draft), optionally locked for a change; null when there is none. */
export async function findPublicCampaign(
  db: DatabaseOrTransaction,
  campaignId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<CampaignRow | null> {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), sql`${campaigns.status} <> 'draft'`))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The creator's own application with its campaign, locked for a change; null when it is not theirs. */
export async function lockOwnApplication(
  tx: DatabaseOrTransaction,
  applicationId: number,
  creatorId: number,
): Promise<{ application: ApplicationRow; campaign: CampaignRow } | null> {
  const [row] = await tx
    .select({ application: applications, campaign: campaigns })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .where(and(eq(applications.id, applicationId), eq(applications.creatorId, creatorId)))
    .limit(1)
    .for('update', { of: applications });
  return row ?? null;
}

/** Applications joined to their campaign and creator: what an admin's change (or a carrier's) reads and locks. */
export function applicationsWithParties(db: DatabaseOrTransaction) {
  return db
    .select({ application: applications, campaign: campaigns, creator: creators })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(creators, eq(creators.id, applications.creatorId));
}

/** Any application with its campaign and creator, locked for an admin's change; null when there is none. */
export async function lockApplication(
  tx: DatabaseOrTransaction,
  applicationId: number,
): Promise<{ application: ApplicationRow; campaign: CampaignRow; creator: CreatorRow } | null> {
  const [row] = await applicationsWithParties(tx)
    .where(eq(applications.id, applicationId))
    .limit(1)
    .for('update', { of: applications });
  return row ?? null;
}

/** Several applications as lockApplication reads them, locked in one statement in id order (the sweep's chunks). */
export async function lockApplications(tx: DatabaseOrTransaction, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return applicationsWithParties(tx)
    .where(inArray(applications.id, applicationIds))
    .orderBy(asc(applications.id))
    .for('update', { of: applications });
}

/** A submission with its application, campaign and creator, the application locked first; null when there is none. */
export async function lockSubmission(tx: DatabaseOrTransaction, submissionId: number) {
  const applicationId = await readColumn(tx, submissions.applicationId, eq(submissions.id, submissionId));
  if (applicationId === null) return null;
  const locked = await lockApplication(tx, applicationId);
  const submission = await readRow(tx, submissions, eq(submissions.id, submissionId));
  return locked && submission ? { ...locked, submission } : null;
}

/** The campaign an application belongs to, or null when there is no such application. */
export async function findApplicationCampaignId(
  db: DatabaseOrTransaction,
  applicationId: number,
): Promise<number | null> {
  return readColumn(db, applications.campaignId, eq(applications.id, applicationId));
}

/**
 * Applications that still owe content, not yet reminded, whose upload deadline falls between two days (ISO dates,
 * both included), with their campaign and the creator's email.
 */
export async function listContentDueUnreminded(
  db: DatabaseOrTransaction,
  { firstUploadDay, lastUploadDay }: { firstUploadDay: string; lastUploadDay: string },
) {
  return db
    .select({ application: applications, campaign: campaigns, email: creators.email })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(creators, eq(creators.id, applications.creatorId))
    .where(
      and(
        inArray(applications.status, [...CONTENT_DUE_STATUSES]),
        isNull(applications.reminderSentAt),
        gte(campaigns.deadline, applicationDeadlineFor(firstUploadDay)),
        lte(campaigns.deadline, applicationDeadlineFor(lastUploadDay)),
      ),
    );
}

/** The creator's email and the campaign's name, for a lifecycle mail. */
export async function findMailRecipient(db: DatabaseOrTransaction, creatorId: number, campaignId: number) {
  const [row] = await db
    .select({ email: creators.email, campaign: campaigns.name })
    .from(creators)
    .innerJoin(campaigns, eq(campaigns.id, campaignId))
    .where(eq(creators.id, creatorId));
  return row ?? null;
}
