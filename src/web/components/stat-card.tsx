import type { ReactNode } from 'react';
import { Skeleton } from './ui/skeleton';

/**
 * One figure of a stat grid (a `<dl>`): its label, an icon, the value (a skeleton while it loads, '–' when it could
 * not load) and an optional note under it. `testId` marks the value itself.
 */
export function StatCard({
  label,
  icon,
  value,
  note,
  failed = false,
  testId,
}: {
  label: string;
  icon?: ReactNode;
  /** null or undefined while loading. */
  value: string | null | undefined;
  /** A line under the value; null while loading, undefined for none. */
  note?: string | null | undefined;
  failed?: boolean;
  testId?: string;
}) {
  const loading = value === null || value === undefined;
  return (
    <div
      className={
        icon
          ? 'relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 sm:pr-16'
          : 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm'
      }
    >
      <dt className="text-sm font-medium text-slate-600">
        {label}
        {icon ? (
          <span className="absolute top-5 right-5 hidden size-10 items-center justify-center rounded-lg bg-mint-50 text-mint-700 sm:inline-flex">
            {icon}
          </span>
        ) : null}
      </dt>
      <dd className="mt-1 flex flex-col gap-1">
        {loading && !failed ? (
          <Skeleton className="h-8 w-24" />
        ) : (
          <span className="text-2xl font-bold tracking-tight tabular-nums" data-testid={testId}>
            {loading ? '–' : value}
          </span>
        )}
        {note === undefined ? null : note === null ? (
          failed ? null : (
            <Skeleton className="h-4 w-28" />
          )
        ) : (
          <span className="text-xs text-slate-500">{note}</span>
        )}
      </dd>
    </div>
  );
}
