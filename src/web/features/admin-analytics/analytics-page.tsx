import { BarChart3, Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PLATFORM_LABELS } from '../../../shared/constants';
import type { AnalyticsOverview } from '../../../shared/schemas/content-metrics';
import { AdminEmptyState } from '../../components/admin/admin-layout';
import { ErrorNote } from '../../components/error-panel';
import { PostFigures } from '../../components/post-figures';
import { StatCard } from '../../components/stat-card';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useCan } from '../../lib/admin-permissions';
import { getErrorMessage } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { formatNumber, formatShortDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { overviewParams, useAnalyticsOverview } from './api/content-metrics';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const figure = (n: number | null) => (n === null ? '–' : formatNumber(n));
const rate = (n: number | null) => (n === null ? '–' : `${n}%`);

/**
 * /admin/analytics: every campaign's posts submitted in a date range (90 days by default), figures as counted
 * now: totals, best campaigns, best creators and best posts, exported as CSV.
 */
export function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const today = isoDay(new Date());
  const [from, setFrom] = useState(isoDay(new Date(Date.now() - 89 * DAY_MS)));
  const [to, setTo] = useState(today);
  const [allTime, setAllTime] = useState(false);
  const range = allTime ? ('all' as const) : { from, to };
  const overview = useAnalyticsOverview(range);
  const [exporting, setExporting] = useState(false);
  const mayExport = useCan('GET /admin/analytics.csv');
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(`/api/admin/analytics.csv?${overviewParams(range)}`, 'analytics.csv');
    } catch (error) {
      toast({ title: 'Export failed', description: getErrorMessage(error), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };
  const data = overview.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Analytics</h1>
          <p className="mt-1 text-sm text-slate-600">
            Posts submitted in the range, with their figures as counted now.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="analytics-from">From</Label>
            <Input
              id="analytics-from"
              type="date"
              value={allTime && data ? data.from : from}
              max={to}
              onChange={(e) => {
                if (!e.target.value) return;
                setFrom(e.target.value);
                setAllTime(false);
              }}
              className="w-40"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="analytics-to">To</Label>
            <Input
              id="analytics-to"
              type="date"
              value={allTime && data ? data.to : to}
              min={from}
              onChange={(e) => {
                if (!e.target.value) return;
                setTo(e.target.value);
                setAllTime(false);
              }}
              className="w-40"
            />
          </div>
          <Button
            variant={allTime ? 'default' : 'outline'}
            aria-pressed={allTime}
            onClick={() => setAllTime((current) => !current)}
          >
            All time
          </Button>
          {mayExport ? (
            <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
              <Download aria-hidden="true" />
              Export CSV
            </Button>
          ) : null}
        </div>
      </div>
      {overview.isError ? (
        <ErrorNote>The analytics could not be loaded: {getErrorMessage(overview.error)}</ErrorNote>
      ) : null}
      {overview.isPending ? (
        <div className="flex flex-col gap-4" role="status" aria-label="Loading analytics">
          <Skeleton className="h-24 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ) : data ? (
        <>
          <RangeNote overview={data} onAllTime={() => setAllTime(true)} />
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <StatCard
              label="Measured posts"
              value={formatNumber(data.totals.posts)}
              testId="overview-posts"
            />
            <StatCard label="Views" value={figure(data.totals.views)} testId="overview-views" />
            <StatCard label="Interactions" value={formatNumber(data.totals.interactions)} />
            <StatCard label="Engagement rate" value={rate(data.totals.engagementRate)} />
          </dl>
          {data.totals.posts === 0 ? (
            <AdminEmptyState
              icon={<BarChart3 aria-hidden="true" className="size-6" />}
              title="No measured posts in this range"
            >
              <p>
                Figures appear once approved posts are read from their platform or entered on a campaign's
                analytics.
              </p>
            </AdminEmptyState>
          ) : (
            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <h2 className="text-lg leading-tight font-semibold">Best campaigns</h2>
                </CardHeader>
                <CardContent>
                  <ol className="flex flex-col gap-2 text-sm">
                    {data.campaigns.map((c) => (
                      <li key={c.campaignId} className="flex flex-wrap items-baseline justify-between gap-2">
                        <Link
                          to={`/admin/details/${c.campaignId}`}
                          className="font-semibold text-mint-700 hover:underline"
                        >
                          {c.campaignName}
                        </Link>
                        <span className="text-slate-600">
                          {PLATFORM_LABELS[c.platform]} · {figure(c.views)} views · {rate(c.engagementRate)}
                        </span>
                      </li>
                    ))}
                  </ol>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <h2 className="text-lg leading-tight font-semibold">Best creators</h2>
                </CardHeader>
                <CardContent>
                  <ol className="flex flex-col gap-2 text-sm">
                    {data.creators.map((c) => (
                      <li
                        key={c.influencerId}
                        className="flex flex-wrap items-baseline justify-between gap-2"
                      >
                        <span className="font-semibold">
                          {c.creatorName}{' '}
                          <span className="font-normal text-slate-500">@{c.creatorUsername}</span>
                        </span>
                        <span className="text-slate-600">
                          {formatNumber(c.interactions)} interactions · {rate(c.engagementRate)}
                        </span>
                      </li>
                    ))}
                  </ol>
                </CardContent>
              </Card>
              <Card className="lg:col-span-2">
                <CardHeader>
                  <h2 className="text-lg leading-tight font-semibold">Best posts</h2>
                </CardHeader>
                <CardContent>
                  <ol className="flex flex-col divide-y divide-slate-100">
                    {data.posts.map((post) => (
                      <li key={`${post.submissionId}:${post.postUrl}`} className="py-3 first:pt-0 last:pb-0">
                        <p className="mb-1 text-xs font-medium text-slate-500">
                          {post.campaignName} · {post.creatorName}
                        </p>
                        <PostFigures post={post} />
                      </li>
                    ))}
                  </ol>
                </CardContent>
              </Card>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}

/**
 * Which range the figures cover and how many measured posts it leaves out (issue 41: posts submitted before the
 * default 90 days vanished without a word), with the way to see them all.
 */
function RangeNote({ overview, onAllTime }: { overview: AnalyticsOverview; onAllTime: () => void }) {
  const day = (iso: string) => formatShortDate(`${iso}T12:00:00Z`);
  return (
    <p className="text-sm text-slate-700" data-testid="analytics-range">
      {overview.allTime
        ? `All time: posts submitted from ${day(overview.from)} to ${day(overview.to)}.`
        : `Posts submitted from ${day(overview.from)} to ${day(overview.to)}.`}
      {overview.outside > 0 ? (
        <>
          {' '}
          {overview.outside === 1
            ? '1 measured post submitted outside this range is left out.'
            : `${formatNumber(overview.outside)} measured posts submitted outside this range are left out.`}{' '}
          <button type="button" className="font-semibold text-mint-700 underline" onClick={onAllTime}>
            Show all time
          </button>
        </>
      ) : null}
    </p>
  );
}
