/**
 * Business days for payouts (spec §1, §9: "processed within 5-7 business days"). A redemption is expected to be paid
 * by the 7th business day after the day it was requested; Saturdays and Sundays are skipped (public holidays are
 * not: the promise is made in weekdays). Days are UTC calendar days, so server and browser agree.
 */

/** The business days we promise a payout within (the UI says "5-7 business days"). */
export const PAYOUT_BUSINESS_DAYS_MIN = 5;
export const PAYOUT_BUSINESS_DAYS = 7;

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/** The UTC calendar date (YYYY-MM-DD) `days` business days after the UTC day of `from` (weekends skipped). */
export function addBusinessDays(from: Date, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number, 0 or more');
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isWeekend(date)) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** The paid-by date of a redemption requested at `requestedAt`: the 7th business day after that day. */
export function payoutExpectedBy(requestedAt: Date): string {
  return addBusinessDays(requestedAt, PAYOUT_BUSINESS_DAYS);
}
