import { taxYearRows } from '../../../db/queries/tax';
import type { TaxYearReport, TaxYearRow } from '../../../shared/schemas/tax';
import { atTaxThreshold, TAX_FORM_THRESHOLD_USD, taxYearRange } from '../../../shared/tax';
import type { ServiceContext } from '../service-context';
import { maskedTin } from './view';

/** One creator's line of the tax year (the TIN masked) and the row it came from. */
export async function taxYearLines(services: ServiceContext, year: number) {
  const rows = await taxYearRows(services.db, taxYearRange(year));
  return rows.map((r) => {
    const atThreshold = atTaxThreshold(Number(r.paid));
    const line: TaxYearRow = {
      influencer: { id: r.influencerId, name: r.name, username: r.username },
      paid: r.paid,
      atThreshold,
      formType: r.form?.type ?? null,
      formStatus: r.form ? 'on_file' : 'missing',
      tinMasked: r.form ? maskedTin(r.form) : null,
      heldPayouts: r.held,
      inYearEndFile: atThreshold && r.form?.type === 'w9',
    };
    return { line, form: r.form };
  });
}

/** Admin, /admin/payments → Tax year: per creator the total paid in the year, the form type and status. */
export async function taxYearReport(services: ServiceContext, year: number): Promise<TaxYearReport> {
  const items = (await taxYearLines(services, year)).map((l) => l.line);
  return {
    year,
    threshold: TAX_FORM_THRESHOLD_USD,
    items,
    totals: {
      creators: items.length,
      atThreshold: items.filter((i) => i.atThreshold).length,
      missingForms: items.filter((i) => i.atThreshold && i.formStatus === 'missing').length,
      inYearEndFile: items.filter((i) => i.inYearEndFile).length,
    },
  };
}
