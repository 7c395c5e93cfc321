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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  type FederalTaxClassification,
  TAX_FORM_STATUSES,
  TAX_FORM_TYPES,
  type TaxFormStatus,
  type TaxFormType,
} from '../../shared/tax';
import { identityId, isOneOf, ts } from './columns';
import { creatorIdRef } from './creators';

/**
 * A creator's tax form (issue 27): a W-9 (US persons) or a W-8BEN. One `active` per creator; a new form marks the
 * earlier one `replaced` and keeps it (tax records stay). The TIN (SSN/EIN, or the foreign TIN) and the date of
 * birth are sealed with src/server/auth/secret-box.ts (purpose `tax-tin`, `tax-dob`); only the last 4 digits are kept
 * clear, for the mask `***-**-1234`.
 */
export const taxForms = pgTable(
  'tax_forms',
  {
    id: identityId(),
    creatorId: creatorIdRef('restrict'),
    type: text('type').$type<TaxFormType>().notNull(),
    status: text('status').$type<TaxFormStatus>().notNull().default('active'),
    legalName: text('legal_name').notNull(),
    businessName: text('business_name'),
    taxClassification: text('tax_classification').$type<FederalTaxClassification>(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    /** US state (W-9) or null. */
    state: text('state'),
    postalCode: text('postal_code'),
    /** 'US' for a W-9; the country of citizenship for a W-8BEN. */
    country: text('country').notNull(),
    /** ssn, ein (W-9), foreign (W-8BEN with a foreign TIN), or null (a W-8BEN with a date of birth only). */
    tinType: text('tin_type').$type<'ssn' | 'ein' | 'foreign'>(),
    tinSealed: text('tin_sealed'),
    tinLast4: text('tin_last4'),
    dateOfBirthSealed: text('date_of_birth_sealed'),
    treatyCountry: text('treaty_country'),
    treatyArticle: text('treaty_article'),
    certifiedAt: ts('certified_at').notNull(),
    replacedAt: ts('replaced_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_forms_active_idx').on(t.creatorId).where(sql`${t.status} = 'active'`),
    index('tax_forms_influencer_idx').on(t.creatorId, t.createdAt.desc()),
    check('tax_forms_type_check', isOneOf(t.type, TAX_FORM_TYPES)),
    check('tax_forms_status_check', isOneOf(t.status, TAX_FORM_STATUSES)),
    check('tax_forms_tin_type_check', sql`${t.tinType} is null or ${t.tinType} in ('ssn','ein','foreign')`),
  ],
);

export type TaxFormRow = typeof taxForms.$inferSelect;

/**
 * The admins' tax year per creator (issue 28, decision 0027): `paid` is the USD of the creator's completed payouts
 * whose paid date (completed_at, UTC) falls in `year`; `held` counts their pending payouts waiting for a tax form,
 * in the UTC year each was requested. Kept by triggers on `payouts` in the write's transaction (custom migration
 * `…_tax_year_totals_triggers`); a row exists only while paid or held is above 0. `tax_year_totals_rebuild()`
 * recounts it from the payouts, exactly.
 */
export const taxYearTotals = pgTable(
  'tax_year_totals',
  {
    year: smallint('year').notNull(),
    creatorId: creatorIdRef('cascade'),
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull().default('0'),
    held: integer('held').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.creatorId] }),
    // The report's order (paid desc, then creator desc) and its keyset, read backwards; and the $600 range.
    index('tax_year_totals_paid_idx').on(t.year, t.paid, t.creatorId),
  ],
);

/**
 * How many creators each year of the tax year has (the rows of `tax_year_totals`), kept by statement triggers on
 * that table in the write's transaction, sharded by connection (`pg_backend_pid() % 16`) as `influencer_counts` is
 * (decision 0030): the report's "creators" without counting the year's rows. A year's total is the sum of its shards.
 */
export const taxYearCounts = pgTable(
  'tax_year_counts',
  {
    year: smallint('year').notNull(),
    shard: smallint('shard').notNull(),
    creators: bigint('creators', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.shard] })],
);
