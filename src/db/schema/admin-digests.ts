import { boolean, pgTable } from 'drizzle-orm/pg-core';
import { userIdRef } from './auth';
import { ts } from './columns';

/**
 * One row per admin for the mail digest (issue 13): until when the last digest reported, and whether the admin wants
 * it. The job claims a period by moving `reported_until` with a conditional update, so two instances never both send.
 */
export const adminDigests = pgTable('admin_digests', {
  userId: userIdRef().primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  /** The end of the period the last digest covered (null: none sent yet). */
  reportedUntil: ts('reported_until'),
});
