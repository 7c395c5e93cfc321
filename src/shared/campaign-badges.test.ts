import { describe, expect, it } from 'vitest';
import { type BrandTrackRecord, campaignBadges, respondsFast, topCreator } from './campaign-badges';

const record = (overrides: Partial<BrandTrackRecord> = {}): BrandTrackRecord => ({
  answered: 0,
  answeredFast: 0,
  waitingTooLong: 0,
  approvedCreators: 0,
  ...overrides,
});

describe('campaign badges', () => {
  it('Responds Fast needs five answers, 80 % of them within two days', () => {
    expect(respondsFast(record({ answered: 5, answeredFast: 4 }))).toBe(true);
    expect(respondsFast(record({ answered: 10, answeredFast: 10 }))).toBe(true);
    // Too few answers to be a track record, however fast.
    expect(respondsFast(record({ answered: 4, answeredFast: 4 }))).toBe(false);
    // Most answers were slow.
    expect(respondsFast(record({ answered: 10, answeredFast: 7 }))).toBe(false);
    // Applications left waiting for more than two days count against it.
    expect(respondsFast(record({ answered: 8, answeredFast: 8, waitingTooLong: 3 }))).toBe(false);
    expect(respondsFast(record({ answered: 8, answeredFast: 8, waitingTooLong: 2 }))).toBe(true);
  });

  it('Top Creator needs five different creators with approved content', () => {
    expect(topCreator(record({ approvedCreators: 5 }))).toBe(true);
    expect(topCreator(record({ approvedCreators: 4 }))).toBe(false);
    expect(campaignBadges(record())).toEqual({ respondsFast: false, topCreator: false });
  });
});
