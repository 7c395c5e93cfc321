import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYOUT_MODES, PAYOUT_STATUSES, type PayoutMode, type PayoutStatus } from '../../shared/payouts';
import { userRefOrNull } from './auth';
import { createdAndUpdated, foreignId, identityId, isOneOf, ts } from './columns';
import { creatorIdRef } from './creators';

/**
 * submitting: saved, PayPal has not confirmed it yet (retried with the same sender_batch_id and PayPal-Request-Id
 * until it does); submitted: PayPal gave its payout_batch_id, items are polled until final; closed: every item is
 * final; refused: PayPal answered a definite no (4xx), nothing was paid and the payouts went back to pending.
 */
export const PAYOUT_BATCH_STATUSES = ['submitting', 'submitted', 'closed', 'refused'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/** One PayPal Payouts call: `sender_batch_id` is ours and never reused, so PayPal pays a batch at most once. */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: identityId(),
    senderBatchId: text('sender_batch_id').notNull().unique(),
    /** Sent as PayPal-Request-Id on every attempt, so a retry gets the first answer back. */
    requestId: text('request_id').notNull(),
    status: text('status').$type<PayoutBatchStatus>().notNull().default('submitting'),
    paypalBatchId: text('paypal_batch_id').unique(),
    paypalBatchStatus: text('paypal_batch_status'),
    /** Whole Mint (= USD) of all items. */
    total: integer('total').notNull(),
    itemCount: integer('item_count').notNull(),
    createdBy: userRefOrNull('created_by'),
    createdByName: text('created_by_name'),
    attempts: integer('attempts').notNull().default(0),
    checks: integer('checks').notNull().default(0),
    lastError: text('last_error'),
    nextCheckAt: ts('next_check_at').notNull().defaultNow(),
    lastCheckedAt: ts('last_checked_at'),
    closedAt: ts('closed_at'),
    ...createdAndUpdated(),
  },
  (t) => [
    index('payout_batches_open_idx').on(t.nextCheckAt).where(sql`${t.status} in ('submitting', 'submitted')`),
    check('payout_batches_status_check', isOneOf(t.status, PAYOUT_BATCH_STATUSES)),
    check('payout_batches_total_check', sql`${t.total} > 0 and ${t.itemCount} > 0`),
  ],
);

/**
 * A creator's redemption: Mint debited at request (a `redemption` ledger entry), paid through PayPal or by hand,
 * or given back (a `reversal` entry) when it fails, is returned or is cancelled.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: identityId(),
    creatorId: creatorIdRef('restrict'),
    /** Whole Mint (1 Mint = 1 USD). */
    amount: integer('amount').notNull(),
    /** The profile's PayPal email when the creator asked (the money goes there, even if the profile changes). */
    paypalEmail: text('paypal_email').notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    mode: text('mode').$type<PayoutMode>(),
    /** The paid-by date promised at request: the 7th business day after it. */
    expectedBy: date('expected_by', { mode: 'string' }).notNull(),
    batchId: integer('batch_id').references(() => payoutBatches.id, { onDelete: 'restrict' }),
    paypalItemId: text('paypal_item_id'),
    /** PayPal's latest item status (SUCCESS, PENDING, UNCLAIMED, …) as PayPal spells it. */
    paypalStatus: text('paypal_status'),
    /** PayPal's transaction id, or the reference an admin gave when paying by hand. */
    reference: text('reference'),
    failureReason: text('failure_reason'),
    /**
     * Issue 27: the payout would take the creator's paid total of the calendar year to $600 or more and no tax form
     * was on file when it was requested; it waits (cannot be processed) until the creator files one, which clears it.
     */
    heldForTaxForm: boolean('held_for_tax_form').notNull().default(false),
    /** The client's Idempotency-Key, the hash of the body it came with, and the answer it got. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    failedAt: ts('failed_at'),
    cancelledAt: ts('cancelled_at'),
    ...createdAndUpdated(),
  },
  (t) => [
    uniqueIndex('payouts_idempotency_idx').on(t.creatorId, t.idempotencyKey),
    index('payouts_influencer_idx').on(t.creatorId, t.createdAt.desc()),
    index('payouts_status_idx').on(t.status, t.createdAt),
    // 'This Month' of /admin/payments: the payouts paid since the 1st, read from here (issue 28).
    index('payouts_completed_at_idx').on(t.completedAt).where(sql`${t.status} = 'completed'`),
    index('payouts_batch_idx').on(t.batchId),
    // The transactions search by PayPal email (issue 28).
    index('payouts_paypal_email_trgm_idx').using('gin', sql`${t.paypalEmail} gin_trgm_ops`),
    check('payouts_amount_check', sql`${t.amount} > 0`),
    check('payouts_status_check', isOneOf(t.status, PAYOUT_STATUSES)),
    check('payouts_mode_check', sql`${t.mode} is null or ${isOneOf(t.mode, PAYOUT_MODES)}`),
  ],
);

/** What happened to a payout, by whom (an admin, the creator, or PayPal when `actorUserId` is null) and when. */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: identityId(),
    payoutId: foreignId('payout_id', () => payouts.id, 'cascade'),
    action: text('action').notNull(),
    actorUserId: userRefOrNull('actor_user_id'),
    /** The actor as they were named at the time ("Ops Admin <ops@…>", "PayPal"). */
    actorName: text('actor_name').notNull(),
    detail: text('detail'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payout_events_payout_idx').on(t.payoutId, t.createdAt)],
);

/** An admin's credit or debit of a creator's Mint, with the required reason and who made it. */
export const mintAdjustments = pgTable(
  'mint_adjustments',
  {
    id: identityId(),
    creatorId: creatorIdRef('restrict'),
    /** Positive: credit. Negative: debit. Whole Mint. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    adminUserId: userRefOrNull('admin_user_id'),
    adminName: text('admin_name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('mint_adjustments_influencer_idx').on(t.creatorId, t.createdAt.desc()),
    // The transactions search by reason (issue 28).
    index('mint_adjustments_reason_trgm_idx').using('gin', sql`${t.reason} gin_trgm_ops`),
    check('mint_adjustments_amount_check', sql`${t.amount} <> 0`),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
