import { timestamp } from 'drizzle-orm/pg-core';

/** A moment: `timestamptz(3)`, read as a Date (the columns keep milliseconds, which the page cursors rely on). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** `created_at` and `updated_at`, both now when the row is written first (a change sets `updated_at` itself). */
export const createdAndUpdated = () => ({
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
