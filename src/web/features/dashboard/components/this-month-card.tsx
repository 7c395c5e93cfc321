import { TitledCard } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import type { useMyAnalytics } from '../api/content-metrics';

const FIGURES = [
  { key: 'views', label: 'Views' },
  { key: 'engagement', label: 'Engagement' },
  { key: 'shares', label: 'Shares' },
  { key: 'comments', label: 'Comments' },
] as const;

/** The change against last month, in words: '+25% from last month', 'New this month', 'Same as last month'. */
export function changeFromLastMonth(current: number, previous: number): string {
  if (current === previous) return current === 0 ? 'Nothing yet' : 'Same as last month';
  if (previous === 0) return 'New this month';
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? '+' : ''}${percent}% from last month`;
}

/**
 * This Month (spec §2 /dashboard): views, engagement (likes, comments, shares and saves), shares and comments
 * gained by the creator's own posts since the 1st (UTC), with the change from last month.
 */
export function ThisMonthCard({ analytics }: { analytics: ReturnType<typeof useMyAnalytics> }) {
  return (
    <TitledCard title="This Month" heading="h2" testId="this-month">
      {analytics.isPending ? (
        <div className="grid grid-cols-2 gap-3" role="status" aria-label="Loading this month's figures">
          {FIGURES.map((f) => (
            <Skeleton key={f.key} className="h-14 w-full" />
          ))}
        </div>
      ) : analytics.isError ? (
        <p className="text-sm text-red-700">
          This month's figures could not be loaded: {getErrorMessage(analytics.error)}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            {FIGURES.map((f) => (
              <div key={f.key}>
                <dt className="text-sm text-slate-600">{f.label}</dt>
                <dd className="text-xl font-bold tabular-nums" data-testid={`this-month-${f.key}`}>
                  {formatNumber(analytics.data.thisMonth[f.key])}
                </dd>
                <dd className="text-xs text-slate-500">
                  {changeFromLastMonth(analytics.data.thisMonth[f.key], analytics.data.lastMonth[f.key])}
                </dd>
              </div>
            ))}
          </dl>
          {analytics.data.posts.every((p) => p.source === null) ? (
            <p className="mt-3 text-xs text-slate-500">
              Figures appear once your approved posts have metrics: read from YouTube, entered by the Mintbox
              team, or reported by you with a screenshot.
            </p>
          ) : null}
        </>
      )}
    </TitledCard>
  );
}
