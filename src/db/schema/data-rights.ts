import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { DATA_EXPORT_STATUSES, type DataExportStatus } from '../../shared/schemas/data-rights';
import { userIdRef, userRefOrNull } from './auth';
import { identityId, isOneOf, ts } from './columns';
import { creatorIdRef } from './creators';

/**
 * Issue 27, "Download my data": one row per request. The job builds the file (DATA_DIR/exports, never served as an
 * upload) and mails a link; the link's token is kept only as its SHA-256 (`token_hash`), works once, for 24 hours,
 * and only for the signed-in owner (`user_id`).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: identityId(),
    creatorId: creatorIdRef('cascade'),
    userId: userIdRef(),
    status: text('status').$type<DataExportStatus>().notNull().default('requested'),
    /** The file's name under DATA_DIR/exports (random), once built; removed when used or expired. */
    fileName: text('file_name'),
    tokenHash: text('token_hash').unique(),
    requestedAt: ts('requested_at').notNull(),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at'),
    downloadedAt: ts('downloaded_at'),
  },
  (t) => [
    index('data_exports_influencer_idx').on(t.creatorId, t.id.desc()),
    index('data_exports_requested_idx').on(t.requestedAt).where(sql`${t.status} = 'requested'`),
    check('data_exports_status_check', isOneOf(t.status, DATA_EXPORT_STATUSES)),
  ],
);

/**
 * Issue 27, "Close my account": one row per closed creator account. `anonymise_after` is 90 days after the closure;
 * the anonymisation job then removes the person (name, email, handles, address, phone, tokens, uploads) and sets
 * `anonymised_at`. The ledger, payouts and tax records stay on the same influencer id, named by `anonymous_id`.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    creatorId: creatorIdRef('restrict').primaryKey(),
    /** The sign-in account that was closed (null once the anonymisation deleted it). */
    userId: userRefOrNull('user_id'),
    anonymousId: text('anonymous_id').notNull().unique(),
    closedAt: ts('closed_at').notNull(),
    anonymiseAfter: ts('anonymise_after').notNull(),
    anonymisedAt: ts('anonymised_at'),
    /** Mint the creator gave up at closure (a ledger entry of the same amount), 0 if none. */
    mintGivenUp: integer('mint_given_up').notNull().default(0),
    applicationsWithdrawn: integer('applications_withdrawn').notNull().default(0),
  },
  (t) => [
    index('account_closures_user_idx').on(t.userId),
    index('account_closures_due_idx').on(t.anonymiseAfter).where(sql`${t.anonymisedAt} is null`),
    // The admins' list of closures, newest first (read backwards), paged by keyset (issue 28).
    index('account_closures_closed_idx').on(t.closedAt, t.creatorId),
    check('account_closures_mint_check', sql`${t.mintGivenUp} >= 0`),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
export type AccountClosureRow = typeof accountClosures.$inferSelect;
