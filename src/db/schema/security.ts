import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Security bookkeeping of the app itself, kept apart from Better Auth's tables (whose cleanup sweeps them). */

/**
 * The app's fixed-window rate limits (verification codes, resets, admin sign-in): one row per key, counted with an
 * atomic upsert so concurrent requests cannot slip past. Rows live until their window ends.
 */
export const appRateLimits = pgTable(
  'app_rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: ts('window_start').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('app_rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * Wrong-password tries per account, keyed by the lowercase email (or the admin name as typed), whether or not an
 * account has it, so a lockout says nothing about who is registered. Every place a password is checked shares the
 * row. An attempt is counted before the password is checked and forgiven when it is right; from the 5th failure the
 * account waits, longer at each further failure. `notifiedAt` marks the mail to the owner (once per series).
 */
export const passwordAttempts = pgTable(
  'password_attempts',
  {
    subject: text('subject').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: ts('last_failure_at').notNull(),
    lockedUntil: ts('locked_until'),
    notifiedAt: ts('notified_at'),
  },
  (t) => [index('password_attempts_last_failure_idx').on(t.lastFailureAt)],
);
