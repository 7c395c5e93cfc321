import { PLATFORM_LABELS, type Platform } from './constants';

/** A follower count that moved more than this share between two reviews is flagged to admins (issue 13). */
export const FOLLOWER_JUMP_THRESHOLD = 0.5;

export interface FollowerChange {
  platform: string;
  oldFollowers: number | null;
  newFollowers: number | null;
  changedAt: Date;
}

/**
 * Flags for an applicant: per platform, the count at the last review (the oldest "old" value of the changes made
 * since then) against the count now; a move above 50% gives a sentence like "Instagram followers: 5,000 → 12,000
 * (+140%) since the last review".
 */
export function followerJumpFlags(changesSinceReview: readonly FollowerChange[]): string[] {
  const byPlatform = new Map<string, { before: number | null; now: number | null }>();
  for (const c of [...changesSinceReview].sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime())) {
    const seen = byPlatform.get(c.platform);
    byPlatform.set(c.platform, { before: seen ? seen.before : c.oldFollowers, now: c.newFollowers });
  }
  const flags: string[] = [];
  for (const [platform, { before, now }] of byPlatform) {
    const from = before ?? 0;
    const to = now ?? 0;
    if (from === to) continue;
    const share = from === 0 ? Number.POSITIVE_INFINITY : Math.abs(to - from) / from;
    if (share <= FOLLOWER_JUMP_THRESHOLD) continue;
    const label = PLATFORM_LABELS[platform as Platform] ?? platform;
    const percent = from === 0 ? 'new' : `${to > from ? '+' : '−'}${Math.round(share * 100)}%`;
    flags.push(
      `${label} followers: ${from.toLocaleString('en-US')} → ${to.toLocaleString('en-US')} (${percent}) since the last review`,
    );
  }
  return flags;
}
