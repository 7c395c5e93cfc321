/**
 * Issue 22: after the PayPal email of an onboarded creator changes, cash-outs wait this long, so a session that moved
 * the address cannot cash out before the owner (mailed at the account email and at the previous PayPal address) can
 * react. The server refuses redemptions in this window; the wallet shows why and until when.
 */
export const PAYPAL_CHANGE_HOLD_HOURS = 24;

const HOLD_MS = PAYPAL_CHANGE_HOLD_HOURS * 60 * 60 * 1000;

/** A hold in force: when the PayPal email changed and when cash-outs resume (ISO instants). */
export interface PaypalHold {
  changedAt: string;
  until: string;
}

/** The hold in force at `now` after a PayPal change at `changedAt` (null: none, or it has ended). */
export function paypalChangeHold(changedAt: Date | string | null | undefined, now: Date): PaypalHold | null {
  if (!changedAt) return null;
  const changed = new Date(changedAt);
  if (Number.isNaN(changed.getTime())) return null;
  const until = new Date(changed.getTime() + HOLD_MS);
  return now.getTime() < until.getTime()
    ? { changedAt: changed.toISOString(), until: until.toISOString() }
    : null;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "June 1, 2026, 14:05 UTC": the same text in every browser and on the server (no locale data involved). */
export function formatUtcInstant(instant: Date | string): string {
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** Why a redemption waits, and until when (the server's refusal and the wallet's note). */
export function paypalHoldMessage(hold: PaypalHold): string {
  return `Your PayPal email changed on ${formatUtcInstant(hold.changedAt)}; for your safety, cash-outs resume at ${formatUtcInstant(hold.until)} (${PAYPAL_CHANGE_HOLD_HOURS} hours after the change).`;
}
