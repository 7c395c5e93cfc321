import { addDaysToIsoDate } from './dates';

/**
 * The fair posting clock (issue 13): a creator's own upload deadline for one application.
 *
 * - It is the later of the campaign's upload deadline and the box's delivery + 7 days,
 * - extended by the whole days a delivery problem stayed open (each problem counted from its report to its resolution),
 * - and a late 'request changes' leaves at least 3 days to resubmit.
 * - It is paused (never runs out) while the box has not arrived or a delivery problem is open.
 *
 * Dates are UTC calendar days (YYYY-MM-DD); a deadline ends at 24:00 UTC of its day.
 */
export const DELIVERY_GRACE_DAYS = 7;
export const LATE_CHANGES_MIN_DAYS = 3;
const DAY_MS = 86_400_000;

export interface PostingClockInput {
  /** The campaign's upload deadline (application deadline + 7 days). */
  campaignUploadDeadline: string;
  /** Whether the campaign sends a PR box (otherwise delivery plays no part). */
  shipsBox: boolean;
  /** When the box arrived (null while it has not). */
  deliveredAt: Date | null;
  /** Every delivery problem of the application: reported, and resolved (null while open). */
  problems: ReadonlyArray<{ openedAt: Date; resolvedAt: Date | null }>;
  /** When the admin last asked for changes, while the application waits for them (else null). */
  changesRequestedAt: Date | null;
  now: Date;
}

export interface PostingClock {
  /** The last day to post (inclusive); while paused, the date it would be if the pause ended now. */
  deadline: string;
  campaignDeadline: string;
  /** True while the deadline cannot run out (waiting for the box, or a problem is open). */
  paused: boolean;
  /** Why the deadline is not the campaign's, in the creator's words (empty when it is). */
  reasons: string[];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const later = (a: string, b: string) => (a >= b ? a : b);

/** "Jun 12" for an ISO date (UTC), for the reasons' sentences. */
function shortDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Whole days a problem stayed open (a part of a day counts as a day), up to `now` while open. */
export function problemDays(problem: { openedAt: Date; resolvedAt: Date | null }, now: Date): number {
  const end = problem.resolvedAt ?? now;
  const ms = end.getTime() - problem.openedAt.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

export function postingClock(input: PostingClockInput): PostingClock {
  const reasons: string[] = [];
  let deadline = input.campaignUploadDeadline;
  let paused = false;

  if (input.shipsBox) {
    if (!input.deliveredAt) {
      paused = true;
      reasons.push('Your PR box has not arrived yet: your deadline does not run out until it does.');
    } else {
      const fromDelivery = addDaysToIsoDate(isoDay(input.deliveredAt), DELIVERY_GRACE_DAYS);
      if (fromDelivery > deadline) {
        deadline = fromDelivery;
        reasons.push(
          `Moved to ${DELIVERY_GRACE_DAYS} days after your box arrived (${shortDay(isoDay(input.deliveredAt))}).`,
        );
      }
    }
  }

  const open = input.problems.some((p) => p.resolvedAt === null);
  const extra = input.problems.reduce((sum, p) => sum + problemDays(p, input.now), 0);
  if (extra > 0) {
    deadline = addDaysToIsoDate(deadline, extra);
    reasons.push(
      `Extended by ${extra} day${extra === 1 ? '' : 's'} while a delivery problem was open${open ? ' (and counting)' : ''}.`,
    );
  }
  if (open) {
    paused = true;
    reasons.push('A delivery problem is open: your deadline does not run out until it is resolved.');
  }

  if (input.changesRequestedAt) {
    const minimum = addDaysToIsoDate(isoDay(input.changesRequestedAt), LATE_CHANGES_MIN_DAYS);
    if (minimum > deadline) {
      deadline = minimum;
      reasons.push(`Changes were requested late: you have until ${shortDay(minimum)} to resubmit.`);
    }
  }

  return {
    deadline: later(deadline, input.campaignUploadDeadline),
    campaignDeadline: input.campaignUploadDeadline,
    paused,
    reasons,
  };
}

/** Whether content can still be sent today under this clock. */
export function clockOpen(clock: PostingClock, now: Date): boolean {
  return clock.paused || isoDay(now) <= clock.deadline;
}
