import { desc, eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { creators } from '../schema/creators';
import { readColumn } from './first-row';

/** The mail categories a creator switched off. */
export async function mailOptOutsOf(db: DatabaseOrTransaction, creatorId: number): Promise<string[]> {
  return (await readColumn(db, creators.mailOptOuts, eq(creators.id, creatorId))) ?? [];
}

/**
 * The mail categories switched off by the creator a mail goes to, found by address (the verified record first); an
 * address no creator has switches nothing off.
 */
export async function mailOptOutsForAddress(db: DatabaseOrTransaction, email: string): Promise<string[]> {
  const withAddress = sql`lower(${creators.email}) = lower(${email})`;
  return (
    (await readColumn(
      db,
      creators.mailOptOuts,
      withAddress,
      desc(creators.emailVerified),
      desc(creators.id),
    )) ?? []
  );
}

/** Stores the creator's switched-off categories. */
export async function setMailOptOuts(db: DatabaseOrTransaction, creatorId: number, optOuts: string[]) {
  await db
    .update(creators)
    .set({ mailOptOuts: optOuts, updatedAt: new Date() })
    .where(eq(creators.id, creatorId));
}
