import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { shipsBox } from '../../shared/constants';
import { applicationDeadlineFor, uploadDeadline } from '../../shared/lifecycle/deadlines';
import { CONTENT_DUE_STATUSES } from '../../shared/lifecycle/statuses';
import { clockOpen, type PostingClock, postingClock } from '../../shared/posting-clock';
import type { DatabaseOrTransaction } from '../client';
import { type ApplicationRow, applications, submissions } from '../schema/applications';
import { type CampaignRow, campaigns } from '../schema/campaigns';
import { problemsOfApplications } from './delivery-problems';

type ClockRow = {
  application: Pick<ApplicationRow, 'id' | 'status' | 'deliveredAt'>;
  campaign: Pick<CampaignRow, 'deadline' | 'type'>;
};

/** The fair posting clock (src/shared/posting-clock.ts) of each application, from its problems and review. */
export async function postingClocksFor(
  db: DatabaseOrTransaction,
  rows: ClockRow[],
  now: Date,
): Promise<Map<number, PostingClock>> {
  const ids = rows.map((r) => r.application.id);
  const clocks = new Map<number, PostingClock>();
  if (ids.length === 0) return clocks;
  const waitingForChanges = rows
    .filter((r) => r.application.status === 'changes_requested')
    .map((r) => r.application.id);
  const [problems, reviews] = await Promise.all([
    problemsOfApplications(db, ids),
    waitingForChanges.length
      ? db
          .select({ applicationId: submissions.applicationId, reviewedAt: submissions.reviewedAt })
          .from(submissions)
          .where(
            and(
              inArray(submissions.applicationId, waitingForChanges),
              eq(submissions.status, 'changes_requested'),
            ),
          )
          .orderBy(desc(submissions.reviewedAt))
      : Promise.resolve([]),
  ]);
  // Grouped once: the sweep asks for tens of thousands of applications at a time.
  const problemsOf = new Map<number, typeof problems>();
  for (const problem of problems) {
    const list = problemsOf.get(problem.applicationId);
    if (list) list.push(problem);
    else problemsOf.set(problem.applicationId, [problem]);
  }
  const reviewedAt = new Map<number, Date | null>();
  for (const review of reviews) {
    if (!reviewedAt.has(review.applicationId)) reviewedAt.set(review.applicationId, review.reviewedAt);
  }
  for (const { application: a, campaign: c } of rows) {
    clocks.set(
      a.id,
      postingClock({
        campaignUploadDeadline: uploadDeadline(c.deadline),
        shipsBox: shipsBox(c.type),
        deliveredAt: a.deliveredAt,
        problems: problemsOf.get(a.id) ?? [],
        changesRequestedAt: a.status === 'changes_requested' ? (reviewedAt.get(a.id) ?? null) : null,
        now,
      }),
    );
  }
  return clocks;
}

/** One application's clock. */
export async function postingClockOf(
  db: DatabaseOrTransaction,
  row: ClockRow,
  now: Date,
): Promise<PostingClock> {
  return (await postingClocksFor(db, [row], now)).get(row.application.id)!;
}

/** Whether the creator can still send content for this application today (hook of submitContent). */
export async function fairUploadsOpen(db: DatabaseOrTransaction, row: ClockRow, now: Date): Promise<boolean> {
  return clockOpen(await postingClockOf(db, row, now), now);
}

/**
 * The deadline sweep's hook: applications still owing content whose own deadline has run out. Candidates are those
 * past the campaign's upload deadline (an own deadline is never earlier); the clock then spares every one that is
 * paused (no box yet, a problem open) or extended.
 */
export async function applicationIdsPastFairDeadline(
  db: DatabaseOrTransaction,
  now: Date,
): Promise<number[]> {
  const today = now.toISOString().slice(0, 10);
  const rows = await db
    .select({
      application: {
        id: applications.id,
        status: applications.status,
        deliveredAt: applications.deliveredAt,
      },
      campaign: { deadline: campaigns.deadline, type: campaigns.type },
    })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .where(
      and(
        inArray(applications.status, [...CONTENT_DUE_STATUSES]),
        lt(campaigns.deadline, applicationDeadlineFor(today)),
      ),
    );
  const clocks = await postingClocksFor(db, rows, now);
  return rows.filter((r) => !clockOpen(clocks.get(r.application.id)!, now)).map((r) => r.application.id);
}
