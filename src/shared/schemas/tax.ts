import { z } from 'zod';
import { US_STATES } from '../constants';
import { amountCursorParam, pageLimitParam } from '../page-cursor';
import {
  FEDERAL_TAX_CLASSIFICATIONS,
  type FederalTaxClassification,
  TAX_FORM_STATUSES,
  TAX_FORM_TYPES,
  TIN_TYPES,
  tinDigits,
  tinProblem,
} from '../tax';
import { ZIP_CODE_PATTERN } from './profile';
import { filledText } from './text-field';

/** Tax forms (issue 27): what a creator files on /profile, what they and the admins read back (masked only). */

const text = (message: string, max = 200) =>
  filledText({ missing: message, max, tooLong: `At most ${max} characters.` });
const optional = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
    z
      .string()
      .max(max, { error: `At most ${max} characters.` })
      .optional(),
  );
const CERTIFY_MESSAGE = 'Certify that the information is true, correct and complete.';
const certification = z.literal(true, { error: CERTIFY_MESSAGE });

export const TAX_FORM_MESSAGES = {
  legalName: 'Enter your name as shown on your income tax return.',
  classification: 'Choose your federal tax classification.',
  address: 'Enter your street address.',
  city: 'Enter your city.',
  state: 'Choose your state.',
  zipCode: 'Enter a 5-digit ZIP code (or ZIP+4).',
  tinType: 'Choose SSN or EIN.',
  country: 'Enter your country of citizenship.',
  countryUs: 'US persons file a W-9, not a W-8BEN.',
  foreignTinOrBirth: 'Enter your foreign tax identifying number or your date of birth.',
  dateOfBirth: 'Enter your date of birth as YYYY-MM-DD.',
  certify: CERTIFY_MESSAGE,
} as const;

const CLASSIFICATIONS = Object.keys(FEDERAL_TAX_CLASSIFICATIONS) as [
  FederalTaxClassification,
  ...FederalTaxClassification[],
];

/** The W-9 (US persons). The TIN is checked by the SSN/EIN format rules of src/shared/tax.ts. */
export const w9InputSchema = z
  .object({
    type: z.literal('w9'),
    legalName: text(TAX_FORM_MESSAGES.legalName),
    businessName: optional(),
    taxClassification: z.enum(CLASSIFICATIONS, { error: TAX_FORM_MESSAGES.classification }),
    addressLine1: text(TAX_FORM_MESSAGES.address),
    addressLine2: optional(),
    city: text(TAX_FORM_MESSAGES.city, 100),
    state: z.enum(US_STATES, { error: TAX_FORM_MESSAGES.state }),
    zipCode: z
      .string({ error: TAX_FORM_MESSAGES.zipCode })
      .trim()
      .regex(ZIP_CODE_PATTERN, { error: TAX_FORM_MESSAGES.zipCode }),
    tinType: z.enum(TIN_TYPES, { error: TAX_FORM_MESSAGES.tinType }),
    tin: z.string({ error: 'Enter your SSN or EIN.' }).trim().max(20, { error: 'Enter 9 digits.' }),
    certify: certification,
  })
  .superRefine((form, ctx) => {
    const problem = tinProblem(form.tinType, form.tin);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['tin'] });
  })
  .transform((form) => ({ ...form, tin: tinDigits(form.tin) }));

const isDay = (v: string) => {
  const date = new Date(`${v}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
};

/** The W-8BEN (foreign persons): a foreign TIN or a date of birth; the treaty claim is optional. */
export const w8benInputSchema = z
  .object({
    type: z.literal('w8ben'),
    legalName: text(TAX_FORM_MESSAGES.legalName),
    country: text(TAX_FORM_MESSAGES.country, 100).refine(
      (v) => !['us', 'usa', 'united states', 'united states of america'].includes(v.toLowerCase()),
      { error: TAX_FORM_MESSAGES.countryUs },
    ),
    addressLine1: text(TAX_FORM_MESSAGES.address),
    addressLine2: optional(),
    city: text(TAX_FORM_MESSAGES.city, 100),
    postalCode: optional(20),
    foreignTin: optional(30),
    dateOfBirth: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
      z.string().refine(isDay, { error: TAX_FORM_MESSAGES.dateOfBirth }).optional(),
    ),
    treatyCountry: optional(100),
    treatyArticle: optional(100),
    certify: certification,
  })
  .superRefine((form, ctx) => {
    if (!form.foreignTin && !form.dateOfBirth) {
      ctx.addIssue({ code: 'custom', message: TAX_FORM_MESSAGES.foreignTinOrBirth, path: ['foreignTin'] });
    }
  });

/** PUT /api/me/tax-form: a new form (the one on file, if any, is kept and marked replaced). */
export const taxFormInputSchema = z.discriminatedUnion('type', [w9InputSchema, w8benInputSchema], {
  error: 'type must be w9 or w8ben',
});
export type TaxFormInput = z.infer<typeof taxFormInputSchema>;
export type W9Input = z.infer<typeof w9InputSchema>;
export type W8benInput = z.infer<typeof w8benInputSchema>;

/** A form as anyone reads it back: the TIN only masked (`***-**-1234`), the date of birth never. */
export const taxFormViewSchema = z.object({
  id: z.number().int(),
  type: z.enum(TAX_FORM_TYPES),
  status: z.enum(TAX_FORM_STATUSES),
  legalName: z.string(),
  businessName: z.string().nullable(),
  taxClassification: z.enum(CLASSIFICATIONS).nullable(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string(),
  }),
  tinType: z.enum(['ssn', 'ein', 'foreign']).nullable(),
  tinMasked: z.string().nullable().describe('The TIN masked: ***-**-1234'),
  hasDateOfBirth: z.boolean(),
  treatyCountry: z.string().nullable(),
  treatyArticle: z.string().nullable(),
  filedAt: z.string(),
  replacedAt: z.string().nullable(),
});
export type TaxFormView = z.infer<typeof taxFormViewSchema>;

/** GET /api/me/tax-form: the form on file (or null), how many earlier ones are kept, and the year's figures. */
export const myTaxFormSchema = z.object({
  form: taxFormViewSchema.nullable(),
  replacedForms: z.number().int(),
  year: z.number().int(),
  /** US dollars paid (or on their way) this calendar year (UTC). */
  paidThisYear: z.number().int(),
  threshold: z.number().int(),
  /** The creator's payouts waiting for a form. */
  heldPayouts: z.number().int(),
});
export type MyTaxForm = z.infer<typeof myTaxFormSchema>;

/** Lines of the tax year per page, unless `limit` says otherwise (issue 28). */
export const TAX_YEAR_PAGE_SIZE = 50;

/** GET /api/admin/tax-year?year=2026&cursor=…&limit=50. */
export const taxYearQuerySchema = z.object({
  cursor: amountCursorParam,
  limit: pageLimitParam(TAX_YEAR_PAGE_SIZE),
  year: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'year must be a year like 2026' })
      .int({ error: 'year must be a year like 2026' })
      .min(2020, { error: 'year must be 2020 or later' })
      .max(2100, { error: 'year must be 2100 or earlier' })
      .optional(),
  ),
});

export const taxYearParamSchema = z.object({
  year: z.coerce
    .number({ error: 'year must be a year like 2026' })
    .int({ error: 'year must be a year like 2026' })
    .min(2020, { error: 'year must be 2020 or later' })
    .max(2100, { error: 'year must be 2100 or earlier' }),
});

export const taxYearRowSchema = z.object({
  creator: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  /** US dollars paid (completed payouts) in the year, as a decimal string. */
  paid: z.string(),
  atThreshold: z.boolean(),
  formType: z.enum(TAX_FORM_TYPES).nullable(),
  /** on_file: an active form; missing: none. */
  formStatus: z.enum(['on_file', 'missing']),
  tinMasked: z.string().nullable(),
  heldPayouts: z.number().int(),
  /** Whether the creator is a row of the year-end file (at or over the threshold with a W-9). */
  inYearEndFile: z.boolean(),
});
export type TaxYearRow = z.infer<typeof taxYearRowSchema>;

/**
 * GET /api/admin/tax-year: one page of the creators paid in the year (or with a payout held that was requested in
 * it), most paid first, with the form type and status; the totals are of the whole year.
 */
export const taxYearReportSchema = z.object({
  year: z.number().int(),
  threshold: z.number().int(),
  items: z.array(taxYearRowSchema),
  nextCursor: z.string().nullable().describe('The cursor of the next page; null on the last page'),
  totals: z.object({
    creators: z.number().int(),
    atThreshold: z.number().int(),
    missingForms: z.number().int(),
    inYearEndFile: z.number().int(),
  }),
});
export type TaxYearReport = z.infer<typeof taxYearReportSchema>;

/** POST /api/admin/tax-year/:year/export: the admin re-enters their password. */
export const yearEndExportSchema = z.object({
  password: z
    .string({ error: 'Enter your password to download the year-end file.' })
    .min(1, { error: 'Enter your password to download the year-end file.' })
    .max(200),
});
