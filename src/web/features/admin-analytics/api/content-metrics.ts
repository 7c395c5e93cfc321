import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import {
  analyticsOverviewSchema,
  campaignAnalyticsSchema,
  campaignCreatorsPageSchema,
  campaignPostsPageSchema,
  type MetricsInput,
  type PlatformAnalytics,
} from '../../../../shared/schemas/content-metrics';
import { idResultSchema } from '../../../../shared/schemas/results';
import { cursorPages } from '../../../lib/admin-cursor-pages';
import { apiFetch } from '../../../lib/api-client';
import { useReadAgain } from '../../../lib/get-query';
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

/**
 * One tab's posts, a page of 50 at a time (issue 28): the first page comes with the analytics (`tab`), "Show more
 * posts" reads the next from GET /api/admin/campaigns/:id/analytics/posts by its cursor. A refresh (after figures
 * are entered or a report confirmed) reads the pages shown again from the first.
 */
export function useCampaignPosts(campaignId: number, tab: PlatformAnalytics) {
  return useInfiniteQuery({
    queryKey: keys.campaignPosts(campaignId, tab.platform),
    ...cursorPages(
      `/api/admin/campaigns/${campaignId}/analytics/posts`,
      { platform: tab.platform },
      campaignPostsPageSchema,
    ),
    initialData: {
      pages: [{ items: tab.posts, total: tab.postCount, nextCursor: tab.postsNextCursor }],
      pageParams: [null],
    },
    staleTime: 60_000,
  });
}

/** One tab's creators with figures, a page of 50 at a time ("Show more creators"), as `useCampaignPosts`. */
export function useCampaignCreators(campaignId: number, tab: PlatformAnalytics) {
  return useInfiniteQuery({
    queryKey: keys.campaignCreators(campaignId, tab.platform),
    ...cursorPages(
      `/api/admin/campaigns/${campaignId}/analytics/creators`,
      { platform: tab.platform },
      campaignCreatorsPageSchema,
    ),
    initialData: {
      pages: [{ items: tab.creators, total: tab.creatorCount, nextCursor: tab.creatorsNextCursor }],
      pageParams: [null],
    },
    staleTime: 60_000,
  });
}

/** The overview's query string: a range of days, or every post ever submitted (`all`). */
export const overviewParams = (range: { from: string; to: string } | 'all') =>
  new URLSearchParams(range === 'all' ? { range: 'all' } : range);

/** GET /api/admin/analytics: every campaign's posts submitted in the range (`all`: ever). */
export const analyticsOverviewQuery = (range: { from: string; to: string } | 'all') =>
  queryOptions({
    queryKey: range === 'all' ? keys.overview('all', '') : keys.overview(range.from, range.to),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/analytics?${overviewParams(range)}`, {
        signal,
        schema: analyticsOverviewSchema,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
export const useAnalyticsOverview = (range: { from: string; to: string } | 'all') =>
  useQuery(analyticsOverviewQuery(range));

/** Enter or correct figures (POST /api/admin/submissions/:id/metrics), confirm a creator's report. */
export function useMetricActions() {
  const refresh = useReadAgain(keys.all);
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
