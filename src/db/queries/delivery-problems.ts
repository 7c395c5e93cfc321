import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminProblem, MyProblem, ProblemStatus } from '../../shared/schemas/delivery-problems';
import type { DatabaseOrTransaction } from '../client';
import { applications } from '../schema/applications';
import { campaigns } from '../schema/campaigns';
import { influencers } from '../schema/influencers';
import { type DeliveryProblemRow, deliveryProblems } from '../schema/shipping';

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

/** One problem with its application, campaign and creator, locked (the application first, as every change does). */
export async function lockProblem(db: DatabaseOrTransaction, id: number) {
  const [found] = await db
    .select({ applicationId: deliveryProblems.applicationId })
    .from(deliveryProblems)
    .where(eq(deliveryProblems.id, id))
    .limit(1);
  if (!found) return null;
  const [row] = await db
    .select({
      problem: deliveryProblems,
      application: applications,
      campaign: campaigns,
      influencer: influencers,
    })
    .from(deliveryProblems)
    .innerJoin(applications, eq(applications.id, deliveryProblems.applicationId))
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(influencers, eq(influencers.id, applications.influencerId))
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

/** The admin's queue: open problems oldest first (the longest wait on top); resolved ones newest first. */
export async function listProblems(
  db: DatabaseOrTransaction,
  status: ProblemStatus | 'all',
  limit = 200,
): Promise<AdminProblem[]> {
  const rows = await db
    .select({
      problem: deliveryProblems,
      application: applications,
      campaign: campaigns,
      influencer: influencers,
    })
    .from(deliveryProblems)
    .innerJoin(applications, eq(applications.id, deliveryProblems.applicationId))
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(influencers, eq(influencers.id, applications.influencerId))
    .where(status === 'all' ? undefined : eq(deliveryProblems.status, status))
    // Open first, oldest first; then resolved, newest first. One status alone is read in that order straight from
    // its partial index (delivery_problems_open_idx, delivery_problems_resolved_idx; issue 28: the resolved list
    // sorted all 45,000 resolved problems of the operator set for its first 200).
    .orderBy(
      ...(status === 'open'
        ? [asc(deliveryProblems.openedAt), asc(deliveryProblems.id)]
        : status === 'resolved'
          ? [desc(deliveryProblems.resolvedAt), asc(deliveryProblems.id)]
          : [
              sql`case when ${deliveryProblems.status} = 'open' then 0 else 1 end`,
              sql`case when ${deliveryProblems.status} = 'open' then ${deliveryProblems.openedAt} end asc`,
              desc(deliveryProblems.resolvedAt),
              asc(deliveryProblems.id),
            ]),
    )
    .limit(limit);
  return rows.map(({ problem: p, application: a, campaign: c, influencer: i }) => ({
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
export async function listMyProblems(db: DatabaseOrTransaction, influencerId: number): Promise<MyProblem[]> {
  const rows = await db
    .select({ problem: deliveryProblems })
    .from(deliveryProblems)
    .innerJoin(applications, eq(applications.id, deliveryProblems.applicationId))
    .where(eq(applications.influencerId, influencerId))
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
