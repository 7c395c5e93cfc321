import { recordPayoutEvent } from '../../../db/queries/payout-records';
import { releaseTaxHolds, replaceActiveTaxForm } from '../../../db/queries/tax';
import { lockBalance } from '../../../db/queries/wallet-figures';
import type { CreatorRow } from '../../../db/schema/creators';
import { taxForms } from '../../../db/schema/tax';
import type { MyTaxForm, TaxFormInput } from '../../../shared/schemas/tax';
import { TAX_FORM_LABELS } from '../../../shared/tax';
import { seal } from '../../auth/secret-box';
import { AppError } from '../../http/errors';
import { creatorActor } from '../payouts/actors';
import { atInstant, type ServiceContext, stoppedAt } from '../service-context';
import { myTaxForm } from './my-form';
import { BIRTH_DATE_PURPOSE, TIN_PURPOSE } from './view';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The row of a new form: the TIN and the date of birth sealed, the last 4 digits of the TIN kept for the mask. */
function formRow(secret: string, creatorId: number, input: TaxFormInput, now: Date) {
  const common = {
    creatorId,
    type: input.type,
    status: 'active' as const,
    legalName: input.legalName,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2 ?? null,
    city: input.city,
    certifiedAt: now,
    createdAt: now,
  };
  if (input.type === 'w9') {
    return {
      ...common,
      businessName: input.businessName ?? null,
      taxClassification: input.taxClassification,
      state: input.state,
      postalCode: input.zipCode,
      country: 'US',
      tinType: input.tinType,
      tinSealed: seal(secret, TIN_PURPOSE, input.tin),
      tinLast4: input.tin.slice(-4),
    };
  }
  const foreignTin = input.foreignTin?.replace(/\s/g, '') ?? null;
  return {
    ...common,
    postalCode: input.postalCode ?? null,
    country: input.country,
    tinType: foreignTin ? ('foreign' as const) : null,
    tinSealed: foreignTin ? seal(secret, TIN_PURPOSE, foreignTin) : null,
    tinLast4: foreignTin ? foreignTin.slice(-4) : null,
    dateOfBirthSealed: input.dateOfBirth ? seal(secret, BIRTH_DATE_PURPOSE, input.dateOfBirth) : null,
    treatyCountry: input.treatyCountry ?? null,
    treatyArticle: input.treatyArticle ?? null,
  };
}

/**
 * A creator files a tax form, or replaces the one on file (kept, marked replaced), in one transaction that first
 * takes the creator's balance row lock (the lock every redemption takes, see ./hold.ts): the payouts held for a
 * missing form are released in it (they can be processed now; the ledger does not move).
 */
export async function fileTaxForm(
  services: ServiceContext,
  secret: string,
  creator: CreatorRow,
  input: TaxFormInput,
): Promise<MyTaxForm> {
  const ctx = atInstant(services);
  const actor = creatorActor(creator);
  try {
    await ctx.db.transaction(async (tx) => {
      await lockBalance(tx, creator.id);
      await replaceActiveTaxForm(tx, creator.id, ctx.now);
      await tx.insert(taxForms).values(formRow(secret, creator.id, input, ctx.now));
      for (const payoutId of await releaseTaxHolds(tx, creator.id, ctx.now)) {
        await recordPayoutEvent(tx, {
          payoutId,
          action: 'tax_form_received',
          actorUserId: actor.userId,
          actorName: actor.name,
          detail: `${TAX_FORM_LABELS[input.type]} on file: the payout can be processed`,
          at: ctx.now,
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        'CONFLICT',
        'Another tax form was filed at the same moment. Reload the page and check it.',
      );
    }
    throw error;
  }
  return myTaxForm(stoppedAt(ctx), creator);
}
