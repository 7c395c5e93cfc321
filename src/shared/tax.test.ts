import { describe, expect, it } from 'vitest';
import {
  atTaxThreshold,
  formatTin,
  maskTin,
  reachesTaxThreshold,
  TAX_FORM_THRESHOLD_USD,
  tinProblem,
} from './tax';

describe('the $600 tax form rule', () => {
  it('holds a payout that takes the year to $600, not one that stays at $599.99', () => {
    expect(TAX_FORM_THRESHOLD_USD).toBe(600);
    expect(reachesTaxThreshold(0, 599.99)).toBe(false);
    expect(reachesTaxThreshold(0, 600)).toBe(true);
    expect(reachesTaxThreshold(500, 99.99)).toBe(false);
    expect(reachesTaxThreshold(500, 100)).toBe(true);
    expect(reachesTaxThreshold(0.1, 599.9)).toBe(true);
    expect(atTaxThreshold(599.99)).toBe(false);
    expect(atTaxThreshold(600)).toBe(true);
  });
});

describe('TIN format', () => {
  it('accepts a well-formed SSN and EIN, with or without dashes', () => {
    expect(tinProblem('ssn', '123-45-6789')).toBeNull();
    expect(tinProblem('ssn', '123456789')).toBeNull();
    expect(tinProblem('ein', '12-3456789')).toBeNull();
  });
  it('refuses the impossible ones with a clear message', () => {
    expect(tinProblem('ssn', '12345678')).toBe('Enter the SSN as 9 digits (123-45-6789).');
    expect(tinProblem('ssn', '111-11-1111')).toBe('This is not an SSN: all its digits are the same.');
    expect(tinProblem('ein', '22-2222222')).toBe('This is not an EIN: all its digits are the same.');
    expect(tinProblem('ssn', '000-12-3456')).toMatch(/cannot start with 000, 666 or 9/);
    expect(tinProblem('ssn', '666-12-3456')).toMatch(/cannot start/);
    expect(tinProblem('ssn', '912-34-5678')).toMatch(/cannot start/);
    expect(tinProblem('ssn', '123-00-4567')).toMatch(/middle two digits/);
    expect(tinProblem('ssn', '123-45-0000')).toMatch(/last four/);
    expect(tinProblem('ein', '00-1234567')).toBe('This is not an EIN: no EIN starts with 00.');
    expect(tinProblem('ein', 'ab-cdefghi')).toBe('Enter the EIN as 9 digits (12-3456789).');
  });
  it('formats and masks', () => {
    expect(formatTin('ssn', '123456789')).toBe('123-45-6789');
    expect(formatTin('ein', '123456789')).toBe('12-3456789');
    expect(maskTin('6789')).toBe('***-**-6789');
  });
});
