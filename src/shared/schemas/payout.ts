import { z } from 'zod';
import { MIN_REDEMPTION_MINT } from '../constants';
import {
  cappedPageSchema,
  cursorParam,
  filterQueryParam,
  pageLimitParam,
  searchQueryParam,
} from '../page-cursor';
import { PAYOUT_MODES, PAYOUT_STATUSES, TRANSACTION_KINDS, TRANSACTION_STATUSES } from '../payouts';
import { PAYMENT_RUN_OUTCOMES } from './payment-run';
import { filledText } from './text-field';

/** The most Mint one request can redeem (a guard against typos; balances are far below it). */
export const MAX_REDEMPTION_MINT = 100_000;

export const REDEMPTION_MESSAGES = {
  amountRequired: 'Enter how much Mint to redeem.',
  whole: 'Redeem whole Mint only (no decimals).',
  minimum: `The minimum redemption is ${MIN_REDEMPTION_MINT} Mint.`,
  maximum: `You can redeem at most ${MAX_REDEMPTION_MINT.toLocaleString('en-US')} Mint at a time.`,
} as const;

/** POST /api/me/payouts: the form and the server use this same schema. */
export const redemptionRequestSchema = z.object({
  amount: z
    .number({ error: REDEMPTION_MESSAGES.amountRequired })
    .int({ error: REDEMPTION_MESSAGES.whole })
    .min(MIN_REDEMPTION_MINT, { error: REDEMPTION_MESSAGES.minimum })
    .max(MAX_REDEMPTION_MINT, { error: REDEMPTION_MESSAGES.maximum }),
});
export type RedemptionRequest = z.infer<typeof redemptionRequestSchema>;

/** A payout as its creator sees it. */
export const payoutSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  amount: z.number().int().describe('Whole Mint (1 Mint = 1 USD)'),
  paypalEmail: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  requestedAt: z.string(),
  expectedBy: z.string().describe('Paid-by date (YYYY-MM-DD): the 7th business day after the request'),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** PayPal's transaction id, or the reference of a payment made by hand. */
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  paypalStatus: z.string().nullable(),
  canCancel: z.boolean(),
  /** Held until a tax form is on file (issue 27: the year's paid total would reach $600). */
  heldForTaxForm: z.boolean(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /api/me/payouts: the creator's payouts, newest first. */
export const payoutListSchema = z.object({ items: z.array(payoutSchema) });

/** POST /api/admin/influencers/:id/adjustments: the ledger entry and the creator's balance after it. */
export const adjustmentResultSchema = z.object({ id: z.number().int(), balance: z.number().int() });

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  kind: z.enum(['reward', 'redemption', 'reversal', 'adjustment']),
  reference: z.string(),
  description: z.string(),
  campaignId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /api/me/wallet. */
export const walletSchema = z.object({
  /** Available: the sum of the creator's ledger entries. */
  balance: z.number().int(),
  /** Mint on its way: rewards of content submitted and awaiting review. */
  pending: z.number().int(),
  /** Mint in open payouts (pending or processing). */
  inPayout: z.number().int(),
  /** All Mint ever credited as rewards (1 Mint = 1 USD). */
  totalEarned: z.number().int(),
  /** Mint credited as rewards since the 1st of this month (UTC), the same month as the dashboard's This Month. */
  earnedThisMonth: z.number().int(),
  minimum: z.number().int(),
  /** Where redemptions are paid (the profile's PayPal email), or null without a profile. */
  paypalEmail: z.string().nullable(),
  /**
   * When the PayPal email last changed after onboarding (ISO), or null: cash-outs wait PAYPAL_CHANGE_HOLD_HOURS from
   * then (`paypalChangeHold` in src/shared/paypal-hold.ts).
   */
  paypalEmailChangedAt: z.string().nullable(),
  entries: z.array(ledgerEntrySchema),
  entriesTotal: z.number().int(),
  /** The cursor of the next page of entries (`?cursor=`); null when none are left. */
  entriesNextCursor: z.string().nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletQuerySchema = z.object({
  limit: pageLimitParam(50, 200),
  cursor: cursorParam,
});

/** GET /api/admin/transactions (and .csv): filters and paging. */
export const transactionListQuerySchema = z.object({
  kind: filterQueryParam('kind', TRANSACTION_KINDS),
  status: filterQueryParam('status', TRANSACTION_STATUSES),
  q: searchQueryParam(),
  limit: pageLimitParam(20),
  cursor: cursorParam,
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const transactionRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  status: z.enum(TRANSACTION_STATUSES),
  /** US dollars as a decimal string (1 Mint = 1 USD); a debit adjustment is negative. */
  amount: z.string(),
  creator: z.object({ id: z.number().int(), name: z.string(), username: z.string() }).nullable(),
  campaignId: z.number().int().nullable(),
  /** The campaign's name for a reward, the payout's label for a payout, the reason for an adjustment. */
  label: z.string(),
  payout: z
    .object({
      id: z.number().int(),
      status: z.enum(PAYOUT_STATUSES),
      mode: z.enum(PAYOUT_MODES).nullable(),
      paypalEmail: z.string(),
      paypalStatus: z.string().nullable(),
      expectedBy: z.string(),
      /** Held until the creator files a tax form (issue 27). */
      heldForTaxForm: z.boolean(),
    })
    .nullable(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

/** A page of transactions; `total` is every matching transaction, with a search up to 1,000. */
export const transactionListSchema = cappedPageSchema(
  transactionRowSchema,
  'a search matches more than 1,000 transactions',
);

const moneyFigure = z.string().describe('US dollars as a decimal string');

export const paymentsSummarySchema = z.object({
  /** 'Payment Secure' totals: cash paid through payouts only (decision 0024). Payouts paid this month (UTC). */
  thisMonth: moneyFigure,
  /** Mint credited to creators this month (rewards and credit adjustments; 1 Mint = 1 USD): shown beneath This Month. */
  creditedThisMonth: moneyFigure,
  /** Payouts not yet paid: requested or processing. */
  pending: moneyFigure,
  /** Payouts paid, all time. */
  completed: moneyFigure,
  /** How many payouts each total sums. */
  counts: z.object({
    thisMonth: z.number().int(),
    pending: z.number().int(),
    completed: z.number().int(),
  }),
  /** 'Brand Package' figures and their breakdown. */
  brandPackage: z.object({
    credited: moneyFigure,
    paidOut: moneyFigure,
    owed: moneyFigure,
    activeBudget: moneyFigure,
    breakdown: z.object({
      rewards: moneyFigure,
      adjustmentCredits: moneyFigure,
      adjustmentDebits: moneyFigure,
      reversals: moneyFigure,
      balances: moneyFigure,
      creatorsWithBalance: z.number().int(),
      activeCampaigns: z.number().int(),
      payouts: z.array(
        z.object({ status: z.enum(PAYOUT_STATUSES), count: z.number().int(), amount: moneyFigure }),
      ),
    }),
  }),
  settings: z.object({
    mode: z.enum(PAYOUT_MODES),
    environment: z.enum(['sandbox', 'live']),
    minimum: z.number().int(),
    webhooks: z.boolean(),
    businessDays: z.string(),
  }),
});
export type PaymentsSummary = z.infer<typeof paymentsSummarySchema>;

const idList = z
  .array(z.number().int().positive(), { error: 'ids must be a list of payout ids' })
  .min(1, { error: 'Select at least one payout.' })
  .max(100, { error: 'Process at most 100 payouts at a time.' });

export const processPayoutsSchema = z.object({
  ids: idList,
  mode: z.enum(PAYOUT_MODES, { error: 'mode must be paypal or manual' }),
});
export type ProcessPayoutsInput = z.infer<typeof processPayoutsSchema>;

export const markPaidSchema = z.object({
  reference: filledText({
    missing: 'Enter the payment reference (e.g. the PayPal transaction id).',
    max: 200,
    tooLong: 'The reference must be at most 200 characters.',
  }),
});

export const markFailedSchema = z.object({
  reason: filledText({
    missing: 'Tell the creator why the payout failed.',
    min: 3,
    max: 500,
    tooLong: 'The reason must be at most 500 characters.',
  }),
});

export const adjustmentSchema = z.object({
  amount: z
    .number({ error: 'Enter the Mint to credit (positive) or debit (negative).' })
    .int({ error: 'Adjust by whole Mint only.' })
    .min(-MAX_REDEMPTION_MINT, { error: 'That adjustment is too large.' })
    .max(MAX_REDEMPTION_MINT, { error: 'That adjustment is too large.' })
    .refine((n) => n !== 0, { error: 'An adjustment cannot be 0 Mint.' }),
  reason: filledText({
    missing: 'A reason is required.',
    min: 3,
    max: 300,
    tooLong: 'The reason must be at most 300 characters.',
  }),
});
export type AdjustmentInput = z.infer<typeof adjustmentSchema>;

export const payoutEventSchema = z.object({
  action: z.string(),
  actor: z.string(),
  detail: z.string().nullable(),
  at: z.string(),
});

/** One payout as admins see it, with its history (who did what, when). */
export const adminPayoutSchema = payoutSchema.extend({
  mode: z.enum(PAYOUT_MODES).nullable(),
  creator: z.object({ id: z.number().int(), name: z.string(), username: z.string(), email: z.string() }),
  batch: z
    .object({
      senderBatchId: z.string(),
      paypalBatchId: z.string().nullable(),
      status: z.string(),
      lastError: z.string().nullable(),
    })
    .nullable(),
  events: z.array(payoutEventSchema),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const processResultSchema = z.object({
  mode: z.enum(PAYOUT_MODES),
  ids: z.array(z.number().int()),
  /** PayPal mode: the payment run started (watched at GET /api/admin/payment-runs/{runId}). */
  paypal: z
    .object({
      runId: z.number().int(),
      senderBatchId: z.string(),
      outcome: z.enum(PAYMENT_RUN_OUTCOMES),
      message: z.string(),
    })
    .nullable(),
});
export type ProcessResult = z.infer<typeof processResultSchema>;
