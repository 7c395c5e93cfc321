import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { TRANSACTION_STATUSES } from '../../shared/payouts';
import { campaigns } from './campaigns';
import { createdAndUpdated, identityId, isOneOf, newestFirst, ts } from './columns';
import { creatorIdRef } from './creators';
import { mintAdjustments, payouts } from './payouts';

export const LEDGER_KINDS = ['reward', 'redemption', 'reversal', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Mint ledger: append-only. Credits are positive, debits negative. `reference` is unique, so a credit for one
 * application ("reward:application:42") can only ever be written once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: identityId(),
    creatorId: creatorIdRef('restrict'),
    amount: integer('amount').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    reference: text('reference').notNull().unique(),
    description: text('description').notNull(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_influencer_idx').on(t.creatorId, t.createdAt.desc()),
    // Mint credited this month (/admin/payments): the entries since the 1st, read from here (issue 28).
    index('ledger_entries_created_idx').on(t.createdAt),
    // A campaign's rewards (its analytics' cost): only the reward entries, with their amounts (an index-only sum).
    index('ledger_entries_campaign_reward_idx').on(t.campaignId, t.amount).where(sql`${t.kind} = 'reward'`),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    check('ledger_entries_kind_check', isOneOf(t.kind, LEDGER_KINDS)),
  ],
);

/**
 * The running balance per creator, changed only together with a ledger entry (same transaction). The CHECK keeps
 * it from going below zero, and its row lock serialises concurrent changes for one creator.
 */
export const mintBalances = pgTable(
  'mint_balances',
  {
    creatorId: creatorIdRef('restrict').primaryKey(),
    balance: integer('balance').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('mint_balances_not_negative', sql`${t.balance} >= 0`)],
);

/**
 * Spec §3 transactions: money movements as admins and creators see them. A reward is credited (completed); a
 * redemption follows its payout (pending → completed, failed or cancelled); an adjustment is an admin's credit
 * (positive amount) or debit (negative).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: identityId(),
    creatorId: creatorIdRef('restrict'),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    kind: text('kind').$type<'reward' | 'redemption' | 'adjustment'>().notNull(),
    status: text('status').$type<'pending' | 'completed' | 'failed' | 'cancelled'>().notNull(),
    ledgerReference: text('ledger_reference').unique(),
    payoutId: integer('payout_id')
      .unique()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    adjustmentId: integer('adjustment_id')
      .unique()
      .references(() => mintAdjustments.id, { onDelete: 'restrict' }),
    ...createdAndUpdated(),
  },
  (t) => [
    index('transactions_influencer_idx').on(t.creatorId, t.createdAt.desc()),
    // The search's campaign matches (issue 28).
    index('transactions_campaign_idx').on(t.campaignId),
    // The admin's table, newest first, with no filter, by kind, by status, or both: each filter reads its page
    // from the top of one index, in the list's order (created_at, then id), with no sort (issue 28).
    index('transactions_created_idx').on(...newestFirst(t.createdAt, t.id)),
    index('transactions_kind_status_idx').on(t.kind, t.status, ...newestFirst(t.createdAt, t.id)),
    index('transactions_kind_created_idx').on(t.kind, ...newestFirst(t.createdAt, t.id)),
    index('transactions_status_created_idx').on(t.status, ...newestFirst(t.createdAt, t.id)),
    check('transactions_status_check', isOneOf(t.status, TRANSACTION_STATUSES)),
    check('transactions_kind_check', sql`${t.kind} in ('reward','redemption','adjustment')`),
  ],
);

/**
 * How many transactions there are per kind and status, kept exact by statement triggers on `transactions` in the
 * same transaction as every insert, kind or status change and delete (issue 28; triggers in the custom migration,
 * body in src/db/migrations/0030_operator_totals_triggers.sql). Split in shards by the writing connection (`pg_backend_pid() % 16`),
 * so that concurrent money writes do not queue behind one counter row; a total is the sum over the shards. The
 * admin's transactions table reads its total here when there is no search (a count(*) grows with the data).
 */
export const transactionCounts = pgTable(
  'transaction_counts',
  {
    kind: text('kind').$type<'reward' | 'redemption' | 'adjustment'>().notNull(),
    status: text('status').$type<'pending' | 'completed' | 'failed' | 'cancelled'>().notNull(),
    shard: smallint('shard').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.status, t.shard] })],
);

/**
 * The running totals of /admin/payments (issue 28): per figure a count and a sum of Mint, kept exact by statement
 * triggers in the transaction of every write to payouts (`payouts:<status>`), ledger_entries
 * (`ledger:<kind>:credit|debit`) and mint_balances (`balances`: the sum, and how many are above 0), sharded by the
 * writing connection as `transaction_counts`; a figure is the sum over its shards. Triggers in the custom migration,
 * body in src/db/migrations/0030_operator_totals_triggers.sql. Month buckets (UTC) for the summary's This Month and
 * credited this month: `paid:YYYY-MM` (completed payouts by the month of completed_at) and `credited:YYYY-MM`
 * (rewards and positive adjustments by the month of created_at), kept by the same triggers; `payment_totals_rebuild()`
 * recounts every figure exactly (src/db/migrations/0036_payment_month_totals.sql).
 */
export const paymentTotals = pgTable(
  'payment_totals',
  {
    figure: text('figure').notNull(),
    shard: smallint('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.figure, t.shard] })],
);
