import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnalyticsOverview,
  CampaignAnalytics,
  MetricsInput,
} from '../../../../shared/schemas/content-metrics';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

const keys = privateKeys.admin.analytics;

/** GET /api/admin/campaigns/:id/analytics: tabs per platform, computed from the snapshots. */
export function useCampaignAnalytics(id: string | undefined) {
  return useQuery({
    queryKey: keys.campaign(id ?? ''),
    queryFn: ({ signal }) => apiFetch<CampaignAnalytics>(`/api/admin/campaigns/${id}/analytics`, { signal }),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

export interface ApplicantEngagement {
  influencerId: number;
  engagementRate: number;
  measuredPosts: number;
}

/** GET /api/admin/campaigns/:id/applicant-engagement: each applicant's engagement from their measured posts. */
export function useApplicantEngagement(campaignId: number) {
  return useQuery({
    queryKey: keys.applicantEngagement(campaignId),
    queryFn: ({ signal }) =>
      apiFetch<{ items: ApplicantEngagement[] }>(`/api/admin/campaigns/${campaignId}/applicant-engagement`, {
        signal,
      }),
    select: (data) => new Map(data.items.map((item) => [item.influencerId, item])),
    staleTime: 60_000,
  });
}

/** GET /api/admin/analytics: every campaign's posts submitted in the range. */
export function useAnalyticsOverview(from: string, to: string) {
  return useQuery({
    queryKey: keys.overview(from, to),
    queryFn: ({ signal }) =>
      apiFetch<AnalyticsOverview>(`/api/admin/analytics?${new URLSearchParams({ from, to })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Enter or correct figures (POST /api/admin/submissions/:id/metrics), confirm a creator's report. */
export function useMetricActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.all });
  return {
    enter: useMutation({
      mutationFn: ({ submissionId, input }: { submissionId: number; input: MetricsInput }) =>
        apiFetch<{ id: number }>(`/api/admin/submissions/${submissionId}/metrics`, {
          method: 'POST',
          json: input,
        }),
      onSettled: refresh,
    }),
    confirm: useMutation({
      mutationFn: (reportId: number) =>
        apiFetch<{ id: number }>(`/api/admin/metrics/${reportId}/confirm`, { method: 'POST', json: {} }),
      onSettled: refresh,
    }),
  };
}
