import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, formatShortIsoDate } from '../lib/format';

/*
 * The recharts part of MetricsChart, in its own module so it loads only when a chart is shown (React.lazy):
 * recharts never reaches the public pages' first load.
 */

/** One day of a chart: views and interactions (the table view of metrics-chart.tsx shows the same points). */
export interface SeriesPoint {
  date: string;
  views: number;
  interactions: number;
}

export const CHART_LINES = [
  { key: 'views', label: 'Views', colour: '#059669' },
  { key: 'interactions', label: 'Interactions', colour: '#2563eb' },
] as const;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** 'Jun 5' on the axis (the year is in the tooltip and the table). */
const dayLabel = (isoDate: string) => formatShortIsoDate(isoDate).replace(/, \d{4}$/, '');

/** Views (left axis) and interactions (right axis, usually far smaller) per day. */
export default function MetricsChartPlot({ series }: { series: SeriesPoint[] }) {
  return (
    <div className="h-56 w-full min-w-0 sm:h-64" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={series} margin={{ top: 8, right: 4, bottom: 0, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={dayLabel}
            tick={{ fontSize: 12, fill: '#475569' }}
            tickLine={false}
            axisLine={{ stroke: '#cbd5e1' }}
            minTickGap={28}
            interval="preserveStartEnd"
          />
          <YAxis
            yAxisId="views"
            tickFormatter={(v: number) => compact.format(v)}
            // Each axis in its line's colour (darker, for contrast): views left, interactions right.
            tick={{ fontSize: 12, fill: '#047857' }}
            tickLine={false}
            axisLine={false}
            width={44}
            allowDecimals={false}
          />
          <YAxis
            yAxisId="interactions"
            orientation="right"
            tickFormatter={(v: number) => compact.format(v)}
            tick={{ fontSize: 12, fill: '#1d4ed8' }}
            tickLine={false}
            axisLine={false}
            width={40}
            allowDecimals={false}
          />
          <Tooltip
            labelFormatter={(label) => formatShortIsoDate(String(label))}
            formatter={(value, name) => [formatNumber(Number(value)), name]}
          />
          <Legend iconType="plainline" wrapperStyle={{ fontSize: 12 }} />
          {CHART_LINES.map((line) => (
            <Line
              key={line.key}
              yAxisId={line.key}
              type="monotone"
              dataKey={line.key}
              name={line.label}
              stroke={line.colour}
              strokeWidth={2.5}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
