import { eq, inArray } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { accountClosures } from '../schema/data-rights';
import { readColumn } from './first-row';

/** When the creator closed their account, or null while it is open (decision 0028). */
export async function accountClosedAt(db: DatabaseOrTransaction, creatorId: number): Promise<Date | null> {
  return readColumn(db, accountClosures.closedAt, eq(accountClosures.creatorId, creatorId));
}

/** When each of these creators closed their account (only the closed ones are in the map). */
export async function closedAtOf(
  db: DatabaseOrTransaction,
  creatorIds: number[],
): Promise<Map<number, Date>> {
  if (creatorIds.length === 0) return new Map();
  const rows = await db
    .select({ creatorId: accountClosures.creatorId, closedAt: accountClosures.closedAt })
    .from(accountClosures)
    .where(inArray(accountClosures.creatorId, creatorIds));
  return new Map(rows.map((row) => [row.creatorId, row.closedAt]));
}
