import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../client';

/*
 * The "one record by its key" reads: the first row of one table that `where` picks (drizzle's condition, `and(…)`
 * included), or null when no row does. Reads that sort, join or lock write their query out.
 */

/** The whole row (a creator by id, a product, a payout by its idempotency key). */
export async function readRow<Table extends PgTable>(
  db: DatabaseOrTransaction,
  table: Table,
  where: SQL | undefined,
): Promise<Table['$inferSelect'] | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return (row as Table['$inferSelect'] | undefined) ?? null;
}

/** One column of the row (a campaign's type, a payout's status, when an account was closed). */
export async function readColumn<Column extends AnyPgColumn>(
  db: DatabaseOrTransaction,
  column: Column,
  where: SQL | undefined,
): Promise<Column['_']['data'] | null> {
  const [row] = await db.select({ value: column }).from(column.table).where(where).limit(1);
  return row?.value ?? null;
}
