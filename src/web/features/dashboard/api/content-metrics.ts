import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MetricsInput, MyAnalytics } from '../../../../shared/schemas/content-metrics';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/me/analytics: this month against last month, totals and every post with its source. */
export function useMyAnalytics() {
  return useQuery({
    queryKey: privateKeys.analytics,
    queryFn: ({ signal }) => apiFetch<MyAnalytics>('/api/me/analytics', { signal }),
    staleTime: 60_000,
  });
}

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
      return apiFetch<{ id: number }>(`/api/submissions/${submissionId}/metrics`, {
        method: 'POST',
        body: form,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: privateKeys.analytics }),
  });
}
