import type { DatabaseOrTransaction } from '../../db/client';
import { followerChanges } from '../../db/schema/creator-management';

type SocialRow = { platform: string; handle: string | null; followers: number | null; updatedAt: Date };

/** Accounts whose handle and count did not change keep the date they last changed. */
export function keepUnchangedDates<T extends SocialRow>(next: T[], before: readonly SocialRow[]): T[] {
  return next.map((row) => {
    const old = before.find((b) => b.platform === row.platform);
    return old && old.handle === row.handle && old.followers === row.followers
      ? { ...row, updatedAt: old.updatedAt }
      : row;
  });
}

/** Records each platform whose follower count changed (old and new value), in the profile's transaction. */
export async function recordFollowerChanges(
  tx: DatabaseOrTransaction,
  creatorId: number,
  before: readonly SocialRow[],
  after: readonly SocialRow[],
  now: Date,
) {
  const platforms = new Set([...before, ...after].map((r) => r.platform));
  const rows = [...platforms]
    .map((platform) => ({
      platform,
      oldFollowers: before.find((r) => r.platform === platform)?.followers ?? null,
      newFollowers: after.find((r) => r.platform === platform)?.followers ?? null,
    }))
    .filter((r) => r.oldFollowers !== r.newFollowers)
    .map((r) => ({ ...r, creatorId, changedAt: now }));
  if (rows.length > 0) await tx.insert(followerChanges).values(rows);
}
