import { addDaysToIsoDate } from '../dates';

/** Days between the application deadline and the upload deadline (READINGS "Campaign lifecycle"). */
export const UPLOAD_DEADLINE_DAYS = 7;

/** Upload deadline = application deadline + 7 days (spec §9), an ISO date. */
export function uploadDeadline(applicationDeadline: string): string {
  return addDaysToIsoDate(applicationDeadline, UPLOAD_DEADLINE_DAYS);
}

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Applications close at the end of the deadline day (UTC). */
export function applicationsOpen(deadline: string, now: Date): boolean {
  return todayOf(now) <= deadline;
}

/** Content can be submitted until the end of the upload deadline day (deadline + 7 days, UTC). */
export function uploadsOpen(deadline: string, now: Date): boolean {
  return todayOf(now) <= uploadDeadline(deadline);
}

/** The application deadline whose upload deadline is `uploadDay` (the inverse of uploadDeadline), for queries. */
export function applicationDeadlineFor(uploadDay: string): string {
  return addDaysToIsoDate(uploadDay, -UPLOAD_DEADLINE_DAYS);
}
