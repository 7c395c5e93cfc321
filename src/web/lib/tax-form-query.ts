import { queryOptions } from '@tanstack/react-query';
import { myTaxFormSchema } from '../../shared/schemas/tax';
import { apiFetch } from './api-client';
import { privateKeys } from './query-keys';

/**
 * GET /api/me/tax-form (issue 27): the creator's form on file (TIN masked) and this year's paid total. Read by the
 * Tax form section of /profile and by the wallet's redeem dialog (whether a payout will wait for a form).
 */
export function taxFormQuery() {
  return queryOptions({
    queryKey: privateKeys.taxForm,
    queryFn: ({ signal }) => apiFetch('/api/me/tax-form', { signal, schema: myTaxFormSchema }),
  });
}
