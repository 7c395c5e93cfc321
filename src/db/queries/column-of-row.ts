import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../client';

/**
 * One column of the first row of its table that `where` picks (drizzle's condition, `and(…)` included), or null when
 * no row does: the "one field of one record, by its key" reads (a campaign's type, a payout's status, when an account
 * was closed).
 */
export async function readColumn<Column extends AnyPgColumn>(
  db: DatabaseOrTransaction,
  column: Column,
  where: SQL | undefined,
): Promise<Column['_']['data'] | null> {
  const [row] = await db.select({ value: column }).from(column.table).where(where).limit(1);
  return row?.value ?? null;
}
