import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '../../shared/lifecycle';
import type { ApplicantSort, Reliability } from '../../shared/schemas/reliability';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { type CreatorReliabilityRow, creatorReliability } from '../schema/creator-management';

/** Reliability records: kept by triggers (migration creator_reliability_triggers, decision 0029); these only read. */

const EMPTY: Omit<CreatorReliabilityRow, 'influencerId'> = {
  applications: 0,
  accepted: 0,
  onTime: 0,
  late: 0,
  missed: 0,
  firstReviewed: 0,
  firstApproved: 0,
  boxesShipped: 0,
  problemsReported: 0,
  deliveryToPostCount: 0,
  deliveryToPostSeconds: 0,
};

/** The record as the API answers it: the row's counts, the posts due, and the average days from delivery to post. */
export function reliabilityView(row: Omit<CreatorReliabilityRow, 'influencerId'> | undefined): Reliability {
  const { deliveryToPostSeconds, ...r } = row ?? EMPTY;
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
  influencerIds: readonly number[],
): Promise<Map<number, Reliability>> {
  const ids = [...new Set(influencerIds)];
  const rows = ids.length
    ? await db.select().from(creatorReliability).where(inArray(creatorReliability.influencerId, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.influencerId, r]));
  return new Map(ids.map((id) => [id, reliabilityView(byId.get(id))]));
}

/** Every kept row, by creator (tests compare them with a rebuild). */
export function allReliabilityRows(db: DatabaseOrTransaction) {
  return db.select().from(creatorReliability).orderBy(creatorReliability.influencerId);
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

const onTimeOf = sql<number>`coalesce(${creatorReliability.onTime}, 0)`;
const missedOf = sql<number>`coalesce(${creatorReliability.missed}, 0)`;

function filters(q: Pick<ApplicantPageQuery, 'campaignId' | 'statuses' | 'missedNone'>): SQL[] {
  const where: SQL[] = [eq(applications.campaignId, q.campaignId)];
  if (q.statuses) where.push(inArray(applications.status, [...q.statuses]));
  if (q.missedNone) where.push(sql`${missedOf} = 0`);
  return where;
}

/**
 * One page of a campaign's applicants by keyset (no OFFSET: page 500 reads what page 1 reads), newest first or most
 * posts on time first (then fewest missed, then newest). Answers the application ids in order and the last row's key.
 */
export async function applicantPage(db: DatabaseOrTransaction, q: ApplicantPageQuery) {
  const where = filters(q);
  const after = q.after;
  if (after?.sort === 'newest' && q.sort === 'newest')
    where.push(
      sql`(${applications.createdAt}, ${applications.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
    );
  if (after?.sort === 'on_time' && q.sort === 'on_time')
    where.push(
      sql`(-${onTimeOf}, ${missedOf}, -${applications.id}) > (${-after.onTime}, ${after.missed}, ${-after.id})`,
    );
  const order =
    q.sort === 'newest'
      ? [desc(applications.createdAt), desc(applications.id)]
      : [desc(onTimeOf), missedOf, desc(applications.id)];
  const rows = await db
    .select({
      id: applications.id,
      createdAt: applications.createdAt,
      onTime: onTimeOf.mapWith(Number),
      missed: missedOf.mapWith(Number),
    })
    .from(applications)
    .leftJoin(creatorReliability, eq(creatorReliability.influencerId, applications.influencerId))
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

/** How many of a campaign's applicants are in each status (under "missed none" when asked), for the group counts. */
export async function applicantStatusCounts(
  db: DatabaseOrTransaction,
  campaignId: number,
  missedNone: boolean,
): Promise<Map<ApplicationStatus, number>> {
  const rows = await db
    .select({ status: applications.status, count: sql<number>`count(*)::int` })
    .from(applications)
    .leftJoin(creatorReliability, eq(creatorReliability.influencerId, applications.influencerId))
    .where(and(...filters({ campaignId, statuses: null, missedNone })))
    .groupBy(applications.status);
  return new Map(rows.map((r) => [r.status, r.count]));
}
