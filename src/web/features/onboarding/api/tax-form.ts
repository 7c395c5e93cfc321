import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myTaxFormSchema } from '../../../../shared/schemas/tax';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';
import { taxFormQuery } from '../../../lib/tax-form-query';

export const useTaxForm = () => useQuery(taxFormQuery());

/** PUT /api/me/tax-form: files (or replaces) the form; held payouts are released, so the wallet is read again. */
export function useFileTaxForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: Record<string, unknown>) =>
      apiFetch('/api/me/tax-form', { method: 'PUT', json: form, schema: myTaxFormSchema }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(privateKeys.taxForm, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: privateKeys.payouts }),
        queryClient.invalidateQueries({ queryKey: privateKeys.wallet }),
      ]);
    },
  });
}
