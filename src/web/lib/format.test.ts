import { describe, expect, it } from 'vitest';
import {
  boxesLeftText,
  campaignReward,
  formatFollowers,
  formatReach,
  formatRelative,
  formatShortIsoDate,
  formatThousandsUsd,
  formatUsd,
  productValueText,
} from './format';

describe('formats', () => {
  it('shows total spent in thousands of dollars, one decimal', () => {
    expect(formatThousandsUsd(3_200)).toBe('$3.2K');
    expect(formatThousandsUsd(40)).toBe('$0.0K');
    expect(formatThousandsUsd(0)).toBe('$0.0K');
  });

  it.each([
    [12_400_000, '12.4M'],
    [36_000_000, '36.0M'],
    [2_500_000, '2.5M'],
    [1_250_000, '1.3M'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [850_000, '850.0K'],
    [500, '0.5K'],
    [0, '0.0K'],
    [1_234_500_000, '1,234.5M'],
  ])(
    'shows every reach by one rule, one decimal: thousands below a million, millions from there (issue 41): %d is %s',
    (reach, shown) => {
      expect(formatReach(reach)).toBe(shown);
    },
  );

  it.each([
    ['12000', '$12,000'],
    ['99.5', '$99.50'],
    [40, '$40'],
  ])('shows budgets in dollars: %s is %s', (budget, shown) => {
    expect(formatUsd(budget)).toBe(shown);
  });

  it.each([
    [950, '950'],
    [5_000, '5K'],
    [12_345, '12.3K'],
    [1_200_000, '1.2M'],
  ])('shows followers compactly: %d is %s', (followers, shown) => {
    expect(formatFollowers(followers)).toBe(shown);
  });

  it('reads calendar dates without a time-zone shift and times relative to now', () => {
    expect(formatShortIsoDate('2026-03-05')).toBe('Mar 5, 2026');
    const now = new Date('2026-06-10T12:00:00Z');
    expect(formatRelative('2026-06-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2026-06-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelative('2026-06-09T10:00:00Z', now)).toBe('yesterday');
  });
});

describe('campaignReward', () => {
  it("never reads '0 Mint + PR box': a gifting-only campaign reads 'PR box'", () => {
    expect(campaignReward({ type: 'gifting', reward: 0 })).toEqual({ mint: null, box: true, text: 'PR box' });
    expect(campaignReward({ type: 'gifting_paid', reward: 40 })).toEqual({
      mint: '40 Mint',
      box: true,
      text: '40 Mint + PR box',
    });
    expect(campaignReward({ type: 'paid', reward: 1500 })).toEqual({
      mint: '1,500 Mint',
      box: false,
      text: '1,500 Mint',
    });
    // A gifting campaign that also credits Mint says so; a paid one always shows its Mint.
    expect(campaignReward({ type: 'gifting', reward: 25 }).text).toBe('25 Mint + PR box');
    expect(campaignReward({ type: 'paid', reward: 0 }).text).toBe('0 Mint');
  });
});

describe('product value and boxes left', () => {
  it("reads '$85 value' and '12 of 40 boxes left', and nothing when not stated or not capped", () => {
    expect(productValueText({ productValue: '85.00' })).toBe('$85 value');
    expect(productValueText({ productValue: '85.50' })).toBe('$85.50 value');
    expect(productValueText({ productValue: null })).toBeNull();
    expect(boxesLeftText({ maxAccepted: 40, boxesLeft: 12 })).toBe('12 of 40 boxes left');
    expect(boxesLeftText({ maxAccepted: 1500, boxesLeft: 0 })).toBe('0 of 1,500 boxes left');
    expect(boxesLeftText({ maxAccepted: 1, boxesLeft: 1 })).toBe('1 of 1 box left');
    expect(boxesLeftText({ maxAccepted: null, boxesLeft: null })).toBeNull();
    // Issue 37: a campaign with products names them, with its boxes over every variant.
    expect(
      boxesLeftText({
        maxAccepted: null,
        boxesLeft: null,
        box: { products: 'Serum', stock: 1200, left: 12 },
      }),
    ).toBe('Serum · 12 of 1,200 left');
  });
});
