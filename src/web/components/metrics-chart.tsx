import { lazy, Suspense, useId, useState } from 'react';
import { formatNumber, formatShortIsoDate } from '../lib/format';
import type { SeriesPoint } from './metrics-chart-plot';
import { Button } from './ui/button';
import { TableHead } from './ui/table-head';

const MetricsChartPlot = lazy(() => import('./metrics-chart-plot'));

/**
 * Daily views and interactions as a line chart (recharts, loaded with the first chart shown; it fits the width of
 * a phone), with a table view of the same figures: the chart is hidden from screen readers, which get a summary
 * and the table.
 */
export function MetricsChart({ series, title }: { series: SeriesPoint[]; title: string }) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const last = series.at(-1);
  return (
    <figure aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="metrics-chart">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption id={headingId} className="text-base font-semibold">
          {title}
        </figcaption>
        <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? 'Show chart' : 'Show as table'}
        </Button>
      </div>
      {asTable ? (
        <section
          className="max-h-72 overflow-auto rounded-lg border border-slate-200"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable from the keyboard
          tabIndex={0}
          aria-label={`${title}, as a table`}
        >
          <table className="w-full text-sm">
            <TableHead
              className="sticky top-0 bg-slate-50 text-left"
              cellClassName="px-3 py-2 font-semibold"
              columns={[
                'Day',
                { label: 'Views', className: 'text-right' },
                { label: 'Interactions', className: 'text-right' },
              ]}
            />
            <tbody>
              {series.map((p) => (
                <tr key={p.date} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {formatShortIsoDate(p.date)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(p.views)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(p.interactions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        <div className="min-w-0">
          <p className="sr-only">
            {`${title}: ${formatNumber(last?.views ?? 0)} views and ${formatNumber(last?.interactions ?? 0)} interactions on the last day. Use “Show as table” for every day.`}
          </p>
          <Suspense
            fallback={
              <div
                className="h-56 w-full animate-pulse rounded-lg bg-slate-100 sm:h-64"
                data-testid="metrics-chart-loading"
              />
            }
          >
            <MetricsChartPlot series={series} />
          </Suspense>
        </div>
      )}
    </figure>
  );
}
