import { z } from 'zod';

export const PAYMENT_RUN_OUTCOMES = ['started', 'submitted', 'retrying', 'refused'] as const;
export type PaymentRunOutcome = (typeof PAYMENT_RUN_OUTCOMES)[number];

/**
 * A payment run as the admin watches it (issue 43): started (being sent), submitted (PayPal took it; its items are
 * read until each is final), retrying (PayPal did not confirm it; sent again with the same ids), refused (nothing
 * paid, the payouts are pending again).
 */
export const paymentRunSchema = z.object({
  id: z.number().int(),
  senderBatchId: z.string(),
  paypalBatchId: z.string().nullable(),
  outcome: z.enum(PAYMENT_RUN_OUTCOMES),
  message: z.string(),
  /** The run has nothing left to do (every payout final, or PayPal refused it). */
  over: z.boolean(),
  payouts: z.object({
    total: z.number().int(),
    paid: z.number().int(),
    failed: z.number().int(),
    open: z.number().int(),
  }),
});
export type PaymentRun = z.infer<typeof paymentRunSchema>;
