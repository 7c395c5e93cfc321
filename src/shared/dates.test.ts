import { describe, expect, it } from 'vitest';
import { addDaysToIsoDate, formatIsoDate } from './dates';
import { uploadDeadline } from './lifecycle/deadlines';

describe('dates', () => {
  it('puts the upload deadline 7 days after the application deadline, across months and years', () => {
    expect(uploadDeadline('2026-03-01')).toBe('2026-03-08');
    expect(uploadDeadline('2026-02-25')).toBe('2026-03-04');
    expect(uploadDeadline('2026-12-28')).toBe('2027-01-04');
    expect(uploadDeadline('2028-02-25')).toBe('2028-03-03');
  });

  it('adds negative days', () => {
    expect(addDaysToIsoDate('2026-01-03', -5)).toBe('2025-12-29');
  });

  it('formats a calendar date without shifting it by the time zone', () => {
    expect(formatIsoDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatIsoDate('2025-12-31')).toBe('December 31, 2025');
    expect(formatIsoDate('2026-03-05', 'short')).toBe('Mar 5, 2026');
  });
});
