import type { TaxFormRow } from '../../../db/schema/tax';
import type { TaxFormView } from '../../../shared/schemas/tax';
import { maskForeignTin, maskTin } from '../../../shared/tax';

/** The purposes the TIN and the date of birth are sealed for (src/server/auth/secret-box.ts). */
export const TIN_PURPOSE = 'tax-tin';
export const BIRTH_DATE_PURPOSE = 'tax-dob';

/** A TIN as every answer shows it: masked, from the last 4 digits kept clear. */
export function maskedTin(row: Pick<TaxFormRow, 'tinType' | 'tinLast4'>): string | null {
  if (!row.tinLast4) return null;
  return row.tinType === 'foreign' ? maskForeignTin(row.tinLast4) : maskTin(row.tinLast4);
}

/** A form as the creator and the admins read it: the TIN masked, the date of birth never. */
export function taxFormView(row: TaxFormRow): TaxFormView {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    legalName: row.legalName,
    businessName: row.businessName,
    taxClassification: row.taxClassification,
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      country: row.country,
    },
    tinType: row.tinType,
    tinMasked: maskedTin(row),
    hasDateOfBirth: row.dateOfBirthSealed !== null,
    treatyCountry: row.treatyCountry,
    treatyArticle: row.treatyArticle,
    filedAt: row.createdAt.toISOString(),
    replacedAt: row.replacedAt?.toISOString() ?? null,
  };
}
