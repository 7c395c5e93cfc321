import {
  activeTaxForm,
  heldPayoutCount,
  paidOrOpenInYear,
  replacedTaxFormCount,
} from '../../../db/queries/tax';
import type { CreatorRow } from '../../../db/schema/creators';
import type { MyTaxForm } from '../../../shared/schemas/tax';
import { TAX_FORM_THRESHOLD_USD, taxYearRange } from '../../../shared/tax';
import { atInstant, type ServiceContext } from '../service-context';
import { taxFormView } from './view';

/** The creator's own tax form (masked), how many earlier ones are kept, and this year's figures. */
export async function myTaxForm(services: ServiceContext, creator: CreatorRow): Promise<MyTaxForm> {
  const ctx = atInstant(services);
  const year = ctx.now.getUTCFullYear();
  const [form, replaced, paid, held] = await Promise.all([
    activeTaxForm(ctx.db, creator.id),
    replacedTaxFormCount(ctx.db, creator.id),
    paidOrOpenInYear(ctx.db, creator.id, taxYearRange(year)),
    heldPayoutCount(ctx.db, creator.id),
  ]);
  return {
    form: form ? taxFormView(form) : null,
    replacedForms: replaced,
    year,
    paidThisYear: paid,
    threshold: TAX_FORM_THRESHOLD_USD,
    heldPayouts: held,
  };
}
