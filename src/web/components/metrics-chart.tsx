import { useId, useState } from 'react';
import { formatNumber, formatShortIsoDate } from '../lib/format';
import { Button } from './ui/button';

export interface SeriesPoint {
  date: string;
  views: number;
  interactions: number;
}

const W = 640;
const H = 200;
const PAD = { top: 12, right: 12, bottom: 24, left: 52 };
const LINES = [
  { key: 'views', label: 'Views', colour: '#059669' },
  { key: 'interactions', label: 'Interactions', colour: '#2563eb' },
] as const;

function path(points: SeriesPoint[], key: 'views' | 'interactions', max: number) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = points.length > 1 ? innerW / (points.length - 1) : 0;
  return points
    .map((p, i) => {
      const x = PAD.left + i * step;
      const y = PAD.top + innerH - (p[key] / max) * innerH;
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * Daily views and interactions as a small line chart (SVG, scales to the width of a phone), with a table view of
 * the same figures for screen readers and anyone who prefers numbers.
 */
export function MetricsChart({ series, title }: { series: SeriesPoint[]; title: string }) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const max = Math.max(1, ...series.map((p) => Math.max(p.views, p.interactions)));
  const first = series[0];
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
            <thead className="sticky top-0 bg-slate-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Views
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Interactions
                </th>
              </tr>
            </thead>
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
        <>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            className="h-auto w-full"
            role="img"
            aria-label={`${title}: ${formatNumber(last?.views ?? 0)} views and ${formatNumber(last?.interactions ?? 0)} interactions on the last day`}
          >
            {[0, 0.5, 1].map((f) => {
              const y = PAD.top + (H - PAD.top - PAD.bottom) * (1 - f);
              return (
                <g key={f}>
                  <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="#e2e8f0" />
                  <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill="#64748b">
                    {formatNumber(Math.round(max * f))}
                  </text>
                </g>
              );
            })}
            {first && last ? (
              <>
                <text x={PAD.left} y={H - 6} fontSize="11" fill="#64748b">
                  {formatShortIsoDate(first.date)}
                </text>
                <text x={W - PAD.right} y={H - 6} fontSize="11" fill="#64748b" textAnchor="end">
                  {formatShortIsoDate(last.date)}
                </text>
              </>
            ) : null}
            {LINES.map((line) => (
              <path
                key={line.key}
                d={path(series, line.key, max)}
                fill="none"
                stroke={line.colour}
                strokeWidth="2.5"
                strokeLinejoin="round"
              />
            ))}
          </svg>
          <ul className="flex gap-4 text-xs text-slate-600" aria-hidden="true">
            {LINES.map((line) => (
              <li key={line.key} className="flex items-center gap-1.5">
                <span className="inline-block h-0.5 w-4" style={{ background: line.colour }} />
                {line.label}
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}
