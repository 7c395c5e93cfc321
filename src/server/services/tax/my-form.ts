import {
  activeTaxForm,
  heldPayoutCount,
  paidOrOpenInYear,
  replacedTaxFormCount,
} from '../../../db/queries/tax';
import type { InfluencerRow } from '../../../db/schema/influencers';
import type { MyTaxForm } from '../../../shared/schemas/tax';
import { TAX_FORM_THRESHOLD_USD, taxYearRange } from '../../../shared/tax';
import { atInstant, type ServiceContext } from '../service-context';
import { taxFormView } from './view';

/** The creator's own tax form (masked), how many earlier ones are kept, and this year's figures. */
export async function myTaxForm(services: ServiceContext, influencer: InfluencerRow): Promise<MyTaxForm> {
  const ctx = atInstant(services);
  const year = ctx.now.getUTCFullYear();
  const [form, replaced, paid, held] = await Promise.all([
    activeTaxForm(ctx.db, influencer.id),
    replacedTaxFormCount(ctx.db, influencer.id),
    paidOrOpenInYear(ctx.db, influencer.id, taxYearRange(year)),
    heldPayoutCount(ctx.db, influencer.id),
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
