import { eq, inArray } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { accountClosures } from '../schema/data-rights';

/** When the creator closed their account, or null while it is open (decision 0028). */
export async function accountClosedAt(db: DatabaseOrTransaction, influencerId: number): Promise<Date | null> {
  const [row] = await db
    .select({ closedAt: accountClosures.closedAt })
    .from(accountClosures)
    .where(eq(accountClosures.influencerId, influencerId))
    .limit(1);
  return row?.closedAt ?? null;
}

/** When each of these creators closed their account (only the closed ones are in the map). */
export async function closedAtOf(
  db: DatabaseOrTransaction,
  influencerIds: number[],
): Promise<Map<number, Date>> {
  if (influencerIds.length === 0) return new Map();
  const rows = await db
    .select({ influencerId: accountClosures.influencerId, closedAt: accountClosures.closedAt })
    .from(accountClosures)
    .where(inArray(accountClosures.influencerId, influencerIds));
  return new Map(rows.map((row) => [row.influencerId, row.closedAt]));
}
