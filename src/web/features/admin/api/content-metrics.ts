import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  analyticsOverviewSchema,
  campaignAnalyticsSchema,
  type MetricsInput,
} from '../../../../shared/schemas/content-metrics';
import { idResultSchema } from '../../../../shared/schemas/results';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

const keys = privateKeys.admin.analytics;

/** GET /api/admin/campaigns/:id/analytics: tabs per platform, computed from the snapshots. */
export const campaignAnalyticsQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: keys.campaign(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/campaigns/${id}/analytics`, { signal, schema: campaignAnalyticsSchema }),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
export const useCampaignAnalytics = (id: string | undefined) => useQuery(campaignAnalyticsQuery(id));

/** GET /api/admin/analytics: every campaign's posts submitted in the range. */
export const analyticsOverviewQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: keys.overview(from, to),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/analytics?${new URLSearchParams({ from, to })}`, {
        signal,
        schema: analyticsOverviewSchema,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
export const useAnalyticsOverview = (from: string, to: string) => useQuery(analyticsOverviewQuery(from, to));

/** Enter or correct figures (POST /api/admin/submissions/:id/metrics), confirm a creator's report. */
export function useMetricActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.all });
  return {
    enter: useMutation({
      mutationFn: ({ submissionId, input }: { submissionId: number; input: MetricsInput }) =>
        apiFetch(`/api/admin/submissions/${submissionId}/metrics`, {
          method: 'POST',
          json: input,
          schema: idResultSchema,
        }),
      onSettled: refresh,
    }),
    confirm: useMutation({
      mutationFn: (reportId: number) =>
        apiFetch(`/api/admin/metrics/${reportId}/confirm`, {
          method: 'POST',
          json: {},
          schema: idResultSchema,
        }),
      onSettled: refresh,
    }),
  };
}
