import { myTaxFormSchema } from '../../shared/schemas/tax';
import { getQuery } from './get-query';
import { privateKeys } from './query-keys';

/**
 * GET /api/me/tax-form (issue 27): the creator's form on file (TIN masked) and this year's paid total. Read by the
 * Tax form section of /profile and by the wallet's redeem dialog (whether a payout will wait for a form).
 */
export function taxFormQuery() {
  return getQuery(privateKeys.taxForm, '/api/me/tax-form', myTaxFormSchema);
}
