import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../client';

/*
 * The "one record by its key" reads: the first row of one table that `where` picks (drizzle's condition, `and(…)`
 * included), in the `orderBy` given (the newest code, the verified record first), or null when no row does. Reads
 * that join or lock write their query out.
 */

/** What `orderBy` takes: columns (ascending) and `desc(…)`/`asc(…)`/sql expressions. */
type Ordering = AnyPgColumn | SQL;

/** The whole row (a creator by id, a product, a payout by its idempotency key). */
export async function readRow<Table extends PgTable>(
  db: DatabaseOrTransaction,
  table: Table,
  where: SQL | undefined,
  ...orderBy: Ordering[]
): Promise<Table['$inferSelect'] | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(1);
  return (row as Table['$inferSelect'] | undefined) ?? null;
}

/** One column of the row (a campaign's type, a payout's status, when an account was closed). */
export async function readColumn<Column extends AnyPgColumn>(
  db: DatabaseOrTransaction,
  column: Column,
  where: SQL | undefined,
  ...orderBy: Ordering[]
): Promise<Column['_']['data'] | null> {
  const [row] = await db
    .select({ value: column })
    .from(column.table)
    .where(where)
    .orderBy(...orderBy)
    .limit(1);
  return row?.value ?? null;
}
