import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MetricsInput, myAnalyticsSchema } from '../../../../shared/schemas/content-metrics';
import { idResultSchema } from '../../../../shared/schemas/results';
import { apiFetch } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/me/analytics: this month against last month, totals and every post with its source. */
export const myAnalyticsQuery = () =>
  getQuery(privateKeys.analytics, '/api/me/analytics', myAnalyticsSchema, { staleTime: 60_000 });
export const useMyAnalytics = () => useQuery(myAnalyticsQuery());

/** POST /api/submissions/:id/metrics: the creator's figures with a screenshot, counted once an admin confirms. */
export function useReportMetrics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      submissionId,
      input,
      screenshot,
    }: {
      submissionId: number;
      input: MetricsInput;
      screenshot: File;
    }) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(input)) {
        if (value !== undefined) form.append(key, String(value));
      }
      form.append('screenshot', screenshot);
      return apiFetch(`/api/submissions/${submissionId}/metrics`, {
        method: 'POST',
        body: form,
        schema: idResultSchema,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: privateKeys.analytics }),
  });
}
