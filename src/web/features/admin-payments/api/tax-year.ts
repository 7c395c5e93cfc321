import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { taxYearReportSchema } from '../../../../shared/schemas/tax';
import { cursorPages } from '../../../lib/admin-cursor-pages';
import { apiFetch } from '../../../lib/api-client';
import { fileNameFrom, saveFile } from '../../../lib/download';
import { privateKeys } from '../../../lib/query-keys';

/**
 * GET /api/admin/tax-year?year=&cursor=: per creator the total paid in the year, the form type and status (issue 27),
 * one keyset page at a time, loaded with "Show more creators" (issue 28); the totals come with every page.
 */
export const taxYearQuery = (year: number) =>
  infiniteQueryOptions({
    queryKey: privateKeys.admin.payments.taxYear(year),
    ...cursorPages('/api/admin/tax-year', { year: String(year) }, taxYearReportSchema),
    placeholderData: keepPreviousData,
  });
export const useTaxYear = (year: number) => useInfiniteQuery(taxYearQuery(year));

/**
 * POST /api/admin/tax-year/:year/export with the admin's password: the year-end CSV (audited by the server), handed
 * to the browser's downloads. A wrong password throws the server's 403 message.
 */
export function useYearEndExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ year, password }: { year: number; password: string }) => {
      const response = await apiFetch(`/api/admin/tax-year/${year}/export`, {
        method: 'POST',
        json: { password },
        raw: true,
      });
      const name =
        fileNameFrom(response.headers.get('content-disposition')) ?? `mintbox-1099-nec-${year}.csv`;
      saveFile(await response.blob(), name);
      return name;
    },
    // The audit log has a new entry.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...privateKeys.admin.all, 'audit-log'] }),
  });
}
