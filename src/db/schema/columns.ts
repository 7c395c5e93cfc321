import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type ExtraConfigColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** A row's own id: an integer the database numbers itself (`generated always as identity`), the primary key. */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** A moment: `timestamptz(3)`, read as a Date (the columns keep milliseconds, which the page cursors rely on). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** `created_at` and `updated_at`, both now when the row is written first (a change sets `updated_at` itself). */
export const createdAndUpdated = () => ({
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * An index's keys for a list read newest first by keyset (decision 0030): `moment desc, id desc` (nulls first, as
 * Postgres's `desc` puts them), the order the page cursor walks; an index spreads them after its filter columns.
 */
export const newestFirst = (moment: ExtraConfigColumn, id: ExtraConfigColumn) =>
  [moment.desc().nullsFirst(), id.desc().nullsFirst()] as const;

/**
 * A row's parent: the integer column `name`, not null, a foreign key to `parent` (another table's id). `cascade`: the
 * row goes with its parent; `restrict`: the parent cannot be deleted while the row stands.
 */
export const foreignId = (name: string, parent: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') =>
  integer(name).notNull().references(parent, { onDelete });

/**
 * The US address a PR box goes to: the addressee's full name, two address lines, city, state and ZIP code, all but
 * the second line required. The creator's profile keeps one, an application can have its own.
 */
export const usShippingAddress = () => ({
  fullName: text('full_name').notNull(),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull(),
});

/**
 * A check's condition that a text column holds one of `values`: `column in ('a','b')`, written as the migrations
 * wrote it. The values come from the list the code uses (APPLICATION_STATUSES…), so the check and the list cannot
 * part: a new value changes the check, and drizzle-kit asks for its migration. The values are written into the SQL
 * as they are: only the code's own lists, never input.
 */
export const isOneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(','))})`;
