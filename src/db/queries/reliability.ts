import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '../../shared/lifecycle/statuses';
import { type ApplicantSort, EMPTY_RELIABILITY, type Reliability } from '../../shared/schemas/reliability';
import type { DatabaseOrTransaction } from '../client';
import { applicantCounts, applicantKeys } from '../schema/applications';
import { type CreatorReliabilityRow, creatorReliability } from '../schema/creator-management';

/** Reliability records: kept by triggers (migration creator_reliability_triggers, decision 0029); these only read. */

/**
 * The record as the API answers it: the row's counts, the posts due, and the average days from delivery to post; no row
 * (no application yet) is the empty record.
 */
export function reliabilityView(row: Omit<CreatorReliabilityRow, 'creatorId'> | undefined): Reliability {
  if (!row) return { ...EMPTY_RELIABILITY };
  const { deliveryToPostSeconds, ...r } = row;
  return {
    applications: r.applications,
    accepted: r.accepted,
    due: r.onTime + r.late + r.missed,
    onTime: r.onTime,
    late: r.late,
    missed: r.missed,
    firstReviewed: r.firstReviewed,
    firstApproved: r.firstApproved,
    boxesShipped: r.boxesShipped,
    problemsReported: r.problemsReported,
    deliveryToPostCount: r.deliveryToPostCount,
    averageDaysToPost:
      r.deliveryToPostCount === 0
        ? null
        : Math.round((deliveryToPostSeconds / 86_400 / r.deliveryToPostCount) * 10) / 10,
  };
}

/** The records of these creators (a creator with no application yet has none: read as all zeros). */
export async function reliabilityOf(
  db: DatabaseOrTransaction,
  creatorIds: readonly number[],
): Promise<Map<number, Reliability>> {
  const ids = [...new Set(creatorIds)];
  const rows = ids.length
    ? await db.select().from(creatorReliability).where(inArray(creatorReliability.creatorId, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.creatorId, r]));
  return new Map(ids.map((id) => [id, reliabilityView(byId.get(id))]));
}

/** Every kept row, by creator (tests compare them with a rebuild). */
export function allReliabilityRows(db: DatabaseOrTransaction) {
  return db.select().from(creatorReliability).orderBy(creatorReliability.creatorId);
}

/** Recounts every creator from scratch (the triggers' own computation); exact, for repairs and tests. */
export async function rebuildReliability(db: DatabaseOrTransaction) {
  await db.execute(sql`select creator_reliability_rebuild()`);
}

/** Where a page of applicants starts after: the last row's sort key. */
export type ApplicantCursor =
  | { sort: 'newest'; createdAt: Date; id: number }
  | { sort: 'on_time'; onTime: number; missed: number; id: number };

export interface ApplicantPageQuery {
  campaignId: number;
  /** null: every status. */
  statuses: readonly ApplicationStatus[] | null;
  sort: ApplicantSort;
  missedNone: boolean;
  after: ApplicantCursor | null;
  limit: number;
}

/**
 * One page of a campaign's applicants by keyset (no OFFSET: page 500 reads what page 1 reads), newest first or most
 * posts on time first (then fewest missed, then newest). Answers the application ids in order and the last row's key.
 * Reads the kept keys (`applicant_keys`, migration 0038) through the index of the order, from the cursor on: a page
 * reads the rows it shows (and those of other groups or with a missed post it passes over), whatever the campaign's size.
 */
export async function applicantPage(db: DatabaseOrTransaction, q: ApplicantPageQuery) {
  const k = applicantKeys;
  const where: SQL[] = [eq(k.campaignId, q.campaignId)];
  if (q.statuses) where.push(inArray(k.status, [...q.statuses]));
  if (q.missedNone) where.push(eq(k.missed, 0));
  const after = q.after;
  // The order's columns all ascend in the index (applicant_keys_on_time_idx, applicant_keys_newest_idx read backwards),
  // so each keyset condition is one row comparison that bounds the scan.
  const negOnTime = sql`(-${k.onTime})`;
  const negId = sql`(-${k.applicationId})`;
  if (after?.sort === 'newest' && q.sort === 'newest')
    where.push(
      sql`(${k.createdAt}, ${k.applicationId}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
    );
  if (after?.sort === 'on_time' && q.sort === 'on_time')
    where.push(
      sql`(${negOnTime}, ${k.missed}, ${negId}) > (${-after.onTime}, ${after.missed}, ${-after.id})`,
    );
  const order =
    q.sort === 'newest' ? [desc(k.createdAt), desc(k.applicationId)] : [negOnTime, k.missed, negId];
  const rows = await db
    .select({ id: k.applicationId, createdAt: k.createdAt, onTime: k.onTime, missed: k.missed })
    .from(k)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const next: ApplicantCursor | null =
    rows.length > q.limit && last
      ? q.sort === 'newest'
        ? { sort: 'newest', createdAt: last.createdAt, id: last.id }
        : { sort: 'on_time', onTime: last.onTime, missed: last.missed, id: last.id }
      : null;
  return { ids: page.map((r) => r.id), next };
}

/**
 * How many of a campaign's applicants are in each status (under "missed none" when asked), for the group counts:
 * read from the kept counts (`applicant_counts`, at most a few shards per status), not counted over the applicants.
 */
export async function applicantStatusCounts(
  db: DatabaseOrTransaction,
  campaignId: number,
  missedNone: boolean,
): Promise<Map<ApplicationStatus, number>> {
  const c = applicantCounts;
  const rows = await db
    .select({ status: c.status, count: sql<number>`sum(${c.total})::int` })
    .from(c)
    .where(and(eq(c.campaignId, campaignId), missedNone ? eq(c.clean, true) : undefined))
    .groupBy(c.status);
  return new Map(rows.map((r) => [r.status, r.count]));
}
