import type { Database } from '../../db/client';
import { replaceSocialHandle, socialHandlesAfter } from '../../db/queries/onboarding';
import { PLATFORM_LABELS, type Platform } from '../../shared/constants';
import { normalizeHandle } from '../../shared/social-links';
import { creatorNotice, notifyCreator } from './notifications';

const PAGE = 2_000;

/**
 * Issue 24: handles saved before the handle rule (src/shared/social-links.ts) are brought to it. A pasted profile
 * link or "@name" becomes the handle alone; text that is no handle of its platform ("https://not a url/@@@") is
 * taken off the profile (the follower counts stay) and the creator is told, in the same transaction, to add it
 * again. Handles that already pass are left alone, so it is safe to run at every start and on several instances at
 * once (each change is conditional on the handle read). Returns how many were reduced and how many removed.
 */
export async function repairSocialHandles(db: Database, now: Date) {
  const counts = { reduced: 0, removed: 0 };
  let after: { creatorId: number; platform: string } | null = null;
  for (;;) {
    const page = await socialHandlesAfter(db, after, PAGE);
    for (const account of page) {
      const expected = account.handle!;
      const kept = normalizeHandle(account.platform, expected);
      if (kept === expected) continue;
      await db.transaction(async (tx) => {
        const replaced = await replaceSocialHandle(tx, { ...account, expected, handle: kept });
        if (!replaced) return;
        if (kept !== null) {
          counts.reduced += 1;
          return;
        }
        counts.removed += 1;
        const label = PLATFORM_LABELS[account.platform as Platform] ?? account.platform;
        await notifyCreator(tx, account.creatorId, creatorNotice.handleRemoved(label, expected), now);
      });
    }
    if (page.length < PAGE) return counts;
    const last = page.at(-1)!;
    after = { creatorId: last.creatorId, platform: last.platform };
  }
}
