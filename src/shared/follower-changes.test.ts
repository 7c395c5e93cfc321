import { describe, expect, it } from 'vitest';
import { followerJumpFlags } from './follower-changes';

const day = (d: number) => new Date(Date.UTC(2026, 5, d));

describe('followerJumpFlags', () => {
  it('flags a count that moved more than 50% since the last review, from the count at that review', () => {
    expect(
      followerJumpFlags([
        { platform: 'instagram', oldFollowers: 5000, newFollowers: 6000, changedAt: day(2) },
        { platform: 'instagram', oldFollowers: 6000, newFollowers: 12000, changedAt: day(5) },
      ]),
    ).toEqual(['Instagram followers: 5,000 → 12,000 (+140%) since the last review']);
  });

  it('flags a fall too, and leaves small moves and round trips alone', () => {
    expect(
      followerJumpFlags([{ platform: 'tiktok', oldFollowers: 10000, newFollowers: 4000, changedAt: day(1) }]),
    ).toEqual(['TikTok followers: 10,000 → 4,000 (−60%) since the last review']);
    expect(
      followerJumpFlags([
        { platform: 'tiktok', oldFollowers: 10000, newFollowers: 15000, changedAt: day(1) },
      ]),
    ).toEqual([]);
    expect(
      followerJumpFlags([
        { platform: 'youtube', oldFollowers: 100, newFollowers: 900, changedAt: day(1) },
        { platform: 'youtube', oldFollowers: 900, newFollowers: 100, changedAt: day(2) },
      ]),
    ).toEqual([]);
  });

  it('calls a count that appeared from nothing new', () => {
    expect(
      followerJumpFlags([{ platform: 'youtube', oldFollowers: null, newFollowers: 3000, changedAt: day(1) }]),
    ).toEqual(['YouTube followers: 0 → 3,000 (new) since the last review']);
  });
});
