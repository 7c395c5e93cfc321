import { z } from 'zod';
import { filledText } from './text-field';

/** Issue 39: a campaign's report links for its brand (made by a Manager, read without an account). */

export const REPORT_LINK_MAX_DAYS = 365;

export const createReportLinkSchema = z.object({
  label: filledText({
    missing: 'Please name the link (who it is for)',
    max: 100,
    tooLong: 'The name must be at most 100 characters',
  }),
  expiresInDays: z.coerce
    .number({ error: 'Choose how many days the link works' })
    .int({ error: 'Choose a whole number of days' })
    .min(1, { error: 'The link must work at least 1 day' })
    .max(REPORT_LINK_MAX_DAYS, { error: `The link can work at most ${REPORT_LINK_MAX_DAYS} days` }),
  /** Optional: the brand types it before the report shows. Empty: no password. */
  password: z
    .string()
    .max(128, { error: 'The password must be at most 128 characters' })
    .refine((value) => value === '' || value.length >= 8, {
      error: 'The password must be at least 8 characters',
    })
    .optional(),
  shareSpend: z.boolean().default(false),
});
export type CreateReportLink = z.input<typeof createReportLinkSchema>;

export const reportLinkSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  label: z.string(),
  state: z.enum(['active', 'expired', 'revoked']),
  hasPassword: z.boolean(),
  shareSpend: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** How many times the report was opened. */
  viewCount: z.number().int(),
  lastViewedAt: z.string().nullable(),
});
export type ReportLink = z.infer<typeof reportLinkSchema>;

export const reportLinkListSchema = z.object({ items: z.array(reportLinkSchema) });

/** The answer of the creation: the link itself, shown once (only its hash is kept). */
export const createdReportLinkSchema = reportLinkSchema.extend({ url: z.string() });
export type CreatedReportLink = z.infer<typeof createdReportLinkSchema>;
