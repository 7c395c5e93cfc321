import { describe, expect, it } from 'vitest';
import {
  formatUtcInstant,
  PAYPAL_CHANGE_HOLD_HOURS,
  paypalChangeHold,
  paypalHoldMessage,
} from './paypal-hold';

describe('the cash-out hold after a PayPal change', () => {
  const changedAt = '2026-06-01T13:05:00.000Z';

  it('lasts 24 hours from the change, to the millisecond', () => {
    expect(PAYPAL_CHANGE_HOLD_HOURS).toBe(24);
    const hold = { changedAt, until: '2026-06-02T13:05:00.000Z' };
    expect(paypalChangeHold(changedAt, new Date(changedAt))).toEqual(hold);
    expect(paypalChangeHold(new Date(changedAt), new Date('2026-06-02T13:04:59.999Z'))).toEqual(hold);
    expect(paypalChangeHold(changedAt, new Date('2026-06-02T13:05:00.000Z'))).toBeNull();
  });

  it('is none without a change', () => {
    expect(paypalChangeHold(null, new Date())).toBeNull();
    expect(paypalChangeHold(undefined, new Date())).toBeNull();
    expect(paypalChangeHold('not a date', new Date())).toBeNull();
  });

  it('says why and until when, in UTC', () => {
    expect(formatUtcInstant('2026-12-31T23:59:00Z')).toBe('December 31, 2026, 23:59 UTC');
    expect(paypalHoldMessage(paypalChangeHold(changedAt, new Date(changedAt))!)).toBe(
      'Your PayPal email changed on June 1, 2026, 13:05 UTC; for your safety, cash-outs resume at June 2, 2026, 13:05 UTC (24 hours after the change).',
    );
  });
});
