import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminProblem, MyProblem, ProblemStatus } from '../../shared/schemas/delivery-problems';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { creators } from '../schema/creators';
import { type DeliveryProblemRow, deliveryProblems } from '../schema/shipping';
import { readColumn } from './first-row';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The open problem of an application, locked, if any. */
export async function lockOpenProblem(db: DatabaseOrTransaction, applicationId: number) {
  const [row] = await db
    .select()
    .from(deliveryProblems)
    .where(and(eq(deliveryProblems.applicationId, applicationId), eq(deliveryProblems.status, 'open')))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** A problem with its application, campaign and creator (the admins' queue, a locked change). */
const problemJoins = (db: DatabaseOrTransaction) =>
  db
    .select({
      problem: deliveryProblems,
      application: applications,
      campaign: campaigns,
      creator: creators,
    })
    .from(deliveryProblems)
    .innerJoin(applications, eq(applications.id, deliveryProblems.applicationId))
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(creators, eq(creators.id, applications.creatorId));

/** One problem with its application, campaign and creator, locked (the application first, as every change does). */
export async function lockProblem(db: DatabaseOrTransaction, id: number) {
  const applicationId = await readColumn(db, deliveryProblems.applicationId, eq(deliveryProblems.id, id));
  if (applicationId === null) return null;
  const [row] = await problemJoins(db)
    .where(eq(deliveryProblems.id, id))
    .limit(1)
    .for('update', { of: [applications, deliveryProblems] });
  return row ?? null;
}

export async function countOpenProblems(db: DatabaseOrTransaction): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deliveryProblems)
    .where(eq(deliveryProblems.status, 'open'));
  return row?.n ?? 0;
}

/** Where a page of the admins' problems starts: after this row of this part of the list (issue 28). */
export interface ProblemKey {
  part: ProblemStatus;
  at: Date;
  id: number;
}

/**
 * Up to `limit` problems of one status after `after`, in the list's order, read straight from the status's partial
 * index in that order (delivery_problems_open_idx, delivery_problems_resolved_idx): open ones oldest first, resolved
 * ones newest first (ties by id, lowest first). A page costs the same wherever it starts.
 */
function readPart(db: DatabaseOrTransaction, part: ProblemStatus, after: ProblemKey | null, limit: number) {
  const at = after ? sql`${after.at.toISOString()}::timestamptz` : null;
  if (part === 'open') {
    return problemJoins(db)
      .where(
        and(
          eq(deliveryProblems.status, 'open'),
          after
            ? sql`(${deliveryProblems.openedAt}, ${deliveryProblems.id}) > (${at}, ${after.id}::int)`
            : undefined,
        ),
      )
      .orderBy(asc(deliveryProblems.openedAt), asc(deliveryProblems.id))
      .limit(limit);
  }
  // Newest first with ties lowest id first: no row comparison fits the mixed order, so the index is entered at
  // `resolved_at <= at` and the rows of that same instant already shown are passed over by id.
  return problemJoins(db)
    .where(
      and(
        eq(deliveryProblems.status, 'resolved'),
        after
          ? sql`${deliveryProblems.resolvedAt} <= ${at} and (${deliveryProblems.resolvedAt} < ${at} or ${deliveryProblems.id} > ${after.id}::int)`
          : undefined,
      ),
    )
    .orderBy(desc(deliveryProblems.resolvedAt), asc(deliveryProblems.id))
    .limit(limit);
}

/**
 * One page of the admins' problems: open ones oldest first (the longest wait on top), resolved ones newest first;
 * `all` is the open part then the resolved part. `after` is the key of the last row of the page before, and `next`
 * the key of this page's last row when more follow.
 */
export async function listProblems(
  db: DatabaseOrTransaction,
  status: ProblemStatus | 'all',
  { after = null, limit }: { after?: ProblemKey | null; limit: number },
): Promise<{ items: AdminProblem[]; next: ProblemKey | null }> {
  const parts: ProblemStatus[] = status === 'all' ? ['open', 'resolved'] : [status];
  const from = after ? parts.indexOf(after.part) : 0;
  const rows: Array<Awaited<ReturnType<typeof readPart>>[number]> = [];
  for (const part of parts.slice(Math.max(from, 0))) {
    // One row more than the page tells whether another page follows.
    rows.push(...(await readPart(db, part, after?.part === part ? after : null, limit + 1 - rows.length)));
    if (rows.length > limit) break;
  }
  const shown = rows.slice(0, limit);
  const last = shown.at(-1)?.problem;
  const next =
    rows.length > limit && last
      ? last.status === 'open'
        ? { part: 'open' as const, at: last.openedAt, id: last.id }
        : { part: 'resolved' as const, at: last.resolvedAt ?? last.openedAt, id: last.id }
      : null;
  const items = shown.map(({ problem: p, application: a, campaign: c, creator: i }) => ({
    id: p.id,
    kind: p.kind,
    note: p.note,
    status: p.status,
    openedAt: p.openedAt.toISOString(),
    reply: p.reply,
    repliedAt: iso(p.repliedAt),
    repliedBy: p.repliedByName,
    reshippedAt: iso(p.reshippedAt),
    resolution: p.resolution,
    resolvedAt: iso(p.resolvedAt),
    resolvedBy: p.resolvedByName,
    application: { id: a.id, status: a.status, carrier: a.carrier, trackingNumber: a.trackingNumber },
    campaign: { id: c.id, name: c.name },
    creator: { id: i.id, name: i.name, email: i.email },
  }));
  return { items, next };
}

export function myProblemView(p: DeliveryProblemRow): MyProblem {
  return {
    id: p.id,
    applicationId: p.applicationId,
    kind: p.kind,
    status: p.status,
    openedAt: p.openedAt.toISOString(),
    reply: p.reply,
    repliedAt: iso(p.repliedAt),
    resolution: p.resolution,
    resolvedAt: iso(p.resolvedAt),
    reshippedAt: iso(p.reshippedAt),
  };
}

/** Every problem the creator reported, newest first (ownership in the WHERE clause). */
export async function listMyProblems(db: DatabaseOrTransaction, creatorId: number): Promise<MyProblem[]> {
  const rows = await db
    .select({ problem: deliveryProblems })
    .from(deliveryProblems)
    .innerJoin(applications, eq(applications.id, deliveryProblems.applicationId))
    .where(eq(applications.creatorId, creatorId))
    .orderBy(desc(deliveryProblems.openedAt), desc(deliveryProblems.id));
  return rows.map((r) => myProblemView(r.problem));
}

/** Every problem of these applications, oldest first (the posting clock adds up the time each stayed open). */
export async function problemsOfApplications(db: DatabaseOrTransaction, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(deliveryProblems)
    .where(inArray(deliveryProblems.applicationId, applicationIds))
    .orderBy(asc(deliveryProblems.openedAt));
}
