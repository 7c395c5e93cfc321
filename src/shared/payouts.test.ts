import { describe, expect, it } from 'vitest';
import { campaignLabel, isOpenPayout, payoutLabel, statusColour, waitingTime } from './payouts';

describe('payout helpers', () => {
  it('colours statuses as spec §4 says: completed green, pending yellow, failed red, else grey', () => {
    expect(statusColour('completed')).toBe('green');
    expect(statusColour('pending')).toBe('yellow');
    expect(statusColour('processing')).toBe('yellow');
    expect(statusColour('failed')).toBe('red');
    expect(statusColour('returned')).toBe('red');
    expect(statusColour('cancelled')).toBe('grey');
    expect(statusColour('anything')).toBe('grey');
  });

  it('tells how long a payout has waited', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    expect(waitingTime('2026-06-10T11:59:30Z', now)).toBe('less than a minute');
    expect(waitingTime('2026-06-10T11:59:00Z', now)).toBe('1 minute');
    expect(waitingTime('2026-06-10T11:15:00Z', now)).toBe('45 minutes');
    expect(waitingTime('2026-06-10T10:00:00Z', now)).toBe('2 hours');
    expect(waitingTime('2026-06-10T09:55:00Z', now)).toBe('2 hours 5 minutes');
    expect(waitingTime('2026-06-09T12:00:00Z', now)).toBe('1 day');
    expect(waitingTime('2026-06-07T09:00:00Z', now)).toBe('3 days 3 hours');
    // A clock a little behind the server never shows a negative wait.
    expect(waitingTime('2026-06-10T12:00:05Z', now)).toBe('less than a minute');
  });

  it('labels and open statuses', () => {
    expect(payoutLabel(12)).toBe('PayPal payout #12');
    expect(campaignLabel(7)).toBe('Campaign #7');
    expect(campaignLabel(7, 'Summer Glow')).toBe('Summer Glow');
    expect(campaignLabel(null)).toBe('Campaign (deleted)');
    expect(isOpenPayout('pending')).toBe(true);
    expect(isOpenPayout('processing')).toBe(true);
    expect(isOpenPayout('completed')).toBe(false);
    expect(isOpenPayout('cancelled')).toBe(false);
  });
});
