import { eq } from 'drizzle-orm';
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
