import { timestamp } from 'drizzle-orm/pg-core';

/** A moment: `timestamptz(3)`, read as a Date (the columns keep milliseconds, which the page cursors rely on). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
