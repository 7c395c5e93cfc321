import { desc, eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { influencers } from '../schema/influencers';

/** The mail categories a creator switched off. */
export async function mailOptOutsOf(db: DatabaseOrTransaction, influencerId: number): Promise<string[]> {
  const [row] = await db
    .select({ optOuts: influencers.mailOptOuts })
    .from(influencers)
    .where(eq(influencers.id, influencerId));
  return row?.optOuts ?? [];
}

/**
 * The mail categories switched off by the creator a mail goes to, found by address (the verified record first); an
 * address no creator has switches nothing off.
 */
export async function mailOptOutsForAddress(db: DatabaseOrTransaction, email: string): Promise<string[]> {
  const [row] = await db
    .select({ optOuts: influencers.mailOptOuts })
    .from(influencers)
    .where(sql`lower(${influencers.email}) = lower(${email})`)
    .orderBy(desc(influencers.emailVerified), desc(influencers.id))
    .limit(1);
  return row?.optOuts ?? [];
}

/** Stores the creator's switched-off categories. */
export async function setMailOptOuts(db: DatabaseOrTransaction, influencerId: number, optOuts: string[]) {
  await db
    .update(influencers)
    .set({ mailOptOuts: optOuts, updatedAt: new Date() })
    .where(eq(influencers.id, influencerId));
}
