import { describe, expect, it } from 'vitest';
import { addBusinessDays, payoutExpectedBy } from './business-days';

describe('business days', () => {
  it.each([
    // Monday → the 7th business day is the Wednesday of the next week.
    ['2026-06-01T09:00:00Z', '2026-06-10'],
    // Thursday → skips one weekend.
    ['2026-06-04T09:00:00Z', '2026-06-15'],
    // Friday late in the day (UTC) still counts from Friday.
    ['2026-06-05T23:59:59Z', '2026-06-16'],
    // Saturday and Sunday count from the weekend: the first business day is Monday.
    ['2026-06-06T12:00:00Z', '2026-06-16'],
    ['2026-06-07T00:00:00Z', '2026-06-16'],
    // Across a month and a year end.
    ['2026-12-28T10:00:00Z', '2027-01-06'],
  ])('a redemption requested at %s is expected by %s', (requested, expected) => {
    expect(payoutExpectedBy(new Date(requested))).toBe(expected);
  });

  it('never lands on a weekend and counts only weekdays', () => {
    const start = new Date('2026-03-01T00:00:00Z');
    for (let offset = 0; offset < 28; offset++) {
      const from = new Date(start.getTime() + offset * 86_400_000);
      const due = new Date(`${addBusinessDays(from, 7)}T00:00:00Z`);
      expect([0, 6]).not.toContain(due.getUTCDay());
      let weekdays = 0;
      for (let t = from.getTime() + 86_400_000; t <= due.getTime(); t += 86_400_000) {
        const day = new Date(t).getUTCDay();
        if (day !== 0 && day !== 6) weekdays += 1;
      }
      expect(weekdays).toBe(7);
    }
  });

  it('0 days is the same day, and refuses negative or fractional days', () => {
    expect(addBusinessDays(new Date('2026-06-06T12:00:00Z'), 0)).toBe('2026-06-06');
    expect(() => addBusinessDays(new Date(), -1)).toThrow(RangeError);
    expect(() => addBusinessDays(new Date(), 1.5)).toThrow(RangeError);
  });
});
