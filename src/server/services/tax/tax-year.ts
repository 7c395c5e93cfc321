import { type TaxYearKey, taxYearPage, taxYearSummary } from '../../../db/queries/tax';
import type { TaxFormRow } from '../../../db/schema/tax';
import { decodeAmountCursor, encodeAmountCursor } from '../../../shared/page-cursor';
import type { TaxYearReport, TaxYearRow } from '../../../shared/schemas/tax';
import { atTaxThreshold, TAX_FORM_THRESHOLD_USD } from '../../../shared/tax';
import { AppError } from '../../http/errors';
import type { ServiceContext } from '../service-context';
import { maskedTin } from './view';

/** One creator's line of the tax year (the TIN masked). */
export function taxYearLine(r: {
  creatorId: number;
  name: string;
  username: string;
  paid: string;
  held: number;
  form: TaxFormRow | null;
}): TaxYearRow {
  const atThreshold = atTaxThreshold(Number(r.paid));
  return {
    creator: { id: r.creatorId, name: r.name, username: r.username },
    paid: r.paid,
    atThreshold,
    formType: r.form?.type ?? null,
    formStatus: r.form ? 'on_file' : 'missing',
    tinMasked: r.form ? maskedTin(r.form) : null,
    heldPayouts: r.held,
    inYearEndFile: atThreshold && r.form?.type === 'w9',
  };
}

function readCursor(cursor: string | undefined): TaxYearKey | null {
  if (!cursor) return null;
  const key = decodeAmountCursor(cursor);
  // The route's schema refuses a cursor it cannot read; a service caller gets the same sentence.
  if (!key) {
    throw new AppError(
      'VALIDATION_FAILED',
      'cursor is not valid: load the first page again',
      {},
      undefined,
      'cursor',
    );
  }
  return { paid: key.amount, creatorId: key.id };
}

/**
 * Admin, /admin/payments → Tax year: one page of the creators paid in the year (or with a payout held that was
 * requested in it), most paid first, read by keyset from the kept `tax_year_totals` (issue 28), and the year's
 * totals from the same table, so the cost of a page does not grow with the payouts.
 */
export async function taxYearReport(
  services: ServiceContext,
  requested: number | undefined,
  page: { cursor?: string; limit: number },
): Promise<TaxYearReport> {
  // No year asked for: the current one (UTC).
  const year = requested ?? services.now().getUTCFullYear();
  const after = readCursor(page.cursor);
  const [rows, totals] = await Promise.all([
    taxYearPage(services.db, { year, after, limit: page.limit }),
    taxYearSummary(services.db, year, TAX_FORM_THRESHOLD_USD),
  ]);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    year,
    threshold: TAX_FORM_THRESHOLD_USD,
    items: shown.map(taxYearLine),
    nextCursor:
      rows.length > page.limit && last ? encodeAmountCursor({ amount: last.paid, id: last.creatorId }) : null,
    totals,
  };
}
