import { useState } from 'react';
import type { AnalyticsOverview } from '../../../shared/schemas/content-metrics';
import { ErrorNote } from '../../components/error-panel';
import { Button } from '../../components/ui/button';
import { LoadingBlocks } from '../../components/ui/skeleton';
import { useCan } from '../../lib/admin-permissions';
import { getErrorMessage } from '../../lib/api-client';
import { formatNumber, formatShortDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { overviewParams, useAnalyticsOverview } from './api/content-metrics';
import { DayField, OverviewFigures } from './components/analytics-overview';
import { ExportCsvButton } from './components/export-csv-button';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

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
  // A day picked ends "All time".
  const pickDay = (setDay: (day: string) => void) => (day: string) => {
    setDay(day);
    setAllTime(false);
  };
  const overview = useAnalyticsOverview(range);
  const mayExport = useCan('GET /admin/analytics.csv');
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
          <DayField
            id="analytics-from"
            label="From"
            value={allTime && data ? data.from : from}
            max={to}
            onChange={pickDay(setFrom)}
          />
          <DayField
            id="analytics-to"
            label="To"
            value={allTime && data ? data.to : to}
            min={from}
            onChange={pickDay(setTo)}
          />
          <Button
            variant={allTime ? 'default' : 'outline'}
            aria-pressed={allTime}
            onClick={() => setAllTime((current) => !current)}
          >
            All time
          </Button>
          {mayExport ? (
            <ExportCsvButton
              path={`/api/admin/analytics.csv?${overviewParams(range)}`}
              fileName="analytics.csv"
            />
          ) : null}
        </div>
      </div>
      {overview.isError ? (
        <ErrorNote>The analytics could not be loaded: {getErrorMessage(overview.error)}</ErrorNote>
      ) : null}
      {overview.isPending ? (
        <LoadingBlocks
          className="flex flex-col gap-4"
          label="Loading analytics"
          blocks={['h-24 w-full rounded-xl', 'h-64 w-full rounded-xl']}
        />
      ) : data ? (
        <>
          <RangeNote overview={data} onAllTime={() => setAllTime(true)} />
          <OverviewFigures overview={data} />
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
