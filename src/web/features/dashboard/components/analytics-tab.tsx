import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { ACCEPTED_STATUSES, APPLICATION_STATUS_LABELS, isIn } from '../../../../shared/lifecycle/statuses';
import type { PostMetrics } from '../../../../shared/schemas/content-metrics';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';
import { ErrorNote } from '../../../components/error-panel';
import { PostFigures } from '../../../components/post-figures';
import { StatCard } from '../../../components/stat-card';
import { Button } from '../../../components/ui/button';
import { TitledCard } from '../../../components/ui/card';
import { LoadingBlocks, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import type { useMyAnalytics } from '../api/content-metrics';
import type { DashboardReads } from '../api/dashboard-queries';
import { applicationsByStatus, computeStats } from '../dashboard-stats';
import { ReportMetricsDialog } from './report-metrics-dialog';
import { ThisMonthCard } from './this-month-card';

/** Analytics: what the creator's own records say, nothing more. */
export function AnalyticsTab({ applications, wallet, analytics }: DashboardReads) {
  if (applications.isPending || wallet.isPending) {
    return (
      <LoadingBlocks
        label="Loading analytics"
        blocks={['h-24 w-full rounded-xl', 'h-64 w-full rounded-xl']}
        className="flex flex-col gap-4"
      />
    );
  }
  if (applications.isError) {
    return (
      <ErrorNote className="p-4">
        Your analytics could not be loaded: {getErrorMessage(applications.error)}
      </ErrorNote>
    );
  }
  const items = applications.data.items;
  const stats = computeStats(items, wallet.data);
  const rows = applicationsByStatus(items);
  const accepted = items.filter((a) => isIn(ACCEPTED_STATUSES, a.status)).length;
  const max = Math.max(1, ...rows.map((r) => r.count));
  const summary = [
    { label: 'Applications', value: formatNumber(items.length) },
    { label: 'Accepted', value: formatNumber(accepted) },
    { label: 'Content approved', value: formatNumber(stats.completedCampaigns) },
    { label: 'Mint earned', value: `${formatNumber(stats.totalEarnings)} Mint` },
  ];

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {summary.map((s) => (
          <StatCard key={s.label} label={s.label} value={s.value} />
        ))}
      </dl>
      <TitledCard title="Applications by status" heading="h2">
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="analytics-empty">
            No applications yet. Once you apply, you can follow here how your applications turn out.
          </p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="status-breakdown">
            {rows.map((row) => (
              <li
                key={row.status}
                className="grid grid-cols-[9rem_1fr_2.5rem] items-center gap-3 sm:grid-cols-[11rem_1fr_3rem]"
              >
                <ApplicationStatusBadge status={row.status} className="w-fit" />
                <div className="h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  <div
                    className="h-full rounded-full bg-mint-600"
                    style={{ width: `${(row.count / max) * 100}%` }}
                  />
                </div>
                <span className="text-right text-sm font-semibold tabular-nums">
                  <span className="sr-only">{APPLICATION_STATUS_LABELS[row.status]}: </span>
                  {row.count}
                </span>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <ThisMonthCard analytics={analytics} />
      <MyPosts analytics={analytics} />
    </div>
  );
}

/** Every post the creator submitted, with its counted figures and their source, and a way to report figures. */
function MyPosts({ analytics }: { analytics: ReturnType<typeof useMyAnalytics> }) {
  const [reporting, setReporting] = useState<PostMetrics | null>(null);
  return (
    <>
      <TitledCard title="Your posts" heading="h2">
        {analytics.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : analytics.isError ? (
          <ErrorNote>Your posts' figures could not be loaded: {getErrorMessage(analytics.error)}</ErrorNote>
        ) : analytics.data.posts.length === 0 ? (
          <p className="flex gap-2 text-sm text-slate-600" data-testid="posts-empty">
            <BarChart3 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Views, saves and engagement of your posts appear here once you submit content for a campaign.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100">
            {analytics.data.posts.map((post) => (
              <li key={`${post.submissionId}:${post.postUrl}`} className="py-3 first:pt-0 last:pb-0">
                <p className="mb-1 text-xs font-medium text-slate-500">{post.campaignName}</p>
                <PostFigures
                  post={post}
                  actions={
                    <Button variant="outline" size="sm" className="w-fit" onClick={() => setReporting(post)}>
                      Report figures
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-xs text-slate-500">
          YouTube figures are read from YouTube. For Instagram, TikTok and Facebook, the Mintbox team enters
          them or you report them with a screenshot; figures read from the platform always win over reported
          ones.
        </p>
      </TitledCard>
      {reporting ? <ReportMetricsDialog post={reporting} onClose={() => setReporting(null)} /> : null}
    </>
  );
}
