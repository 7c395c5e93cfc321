import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { influencers } from './influencers';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const LEDGER_KINDS = ['reward', 'redemption', 'reversal', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Mint ledger: append-only. Credits are positive, debits negative. `reference` is unique, so a credit for one
 * application ("reward:application:42") can only ever be written once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    influencerId: integer('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    reference: text('reference').notNull().unique(),
    description: text('description').notNull(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_influencer_idx').on(t.influencerId, t.createdAt.desc()),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    check('ledger_entries_kind_check', sql`${t.kind} in ('reward','redemption','reversal','adjustment')`),
  ],
);

/**
 * The running balance per creator, changed only together with a ledger entry (same transaction). The CHECK keeps
 * it from going below zero, and its row lock serialises concurrent changes for one creator.
 */
export const mintBalances = pgTable(
  'mint_balances',
  {
    influencerId: integer('influencer_id')
      .primaryKey()
      .references(() => influencers.id, { onDelete: 'restrict' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('mint_balances_not_negative', sql`${t.balance} >= 0`)],
);

/** Spec §3 transactions: money movements (rewards and redemptions) as admins and creators see them. */
export const transactions = pgTable(
  'transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    influencerId: integer('influencer_id')
      .notNull()
      .references(() => influencers.id, { onDelete: 'restrict' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    kind: text('kind').$type<'reward' | 'redemption'>().notNull(),
    status: text('status').$type<'pending' | 'completed' | 'failed'>().notNull(),
    ledgerReference: text('ledger_reference').unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('transactions_influencer_idx').on(t.influencerId, t.createdAt.desc()),
    index('transactions_created_idx').on(t.createdAt.desc()),
    check('transactions_status_check', sql`${t.status} in ('pending','completed','failed')`),
    check('transactions_kind_check', sql`${t.kind} in ('reward','redemption')`),
  ],
);
