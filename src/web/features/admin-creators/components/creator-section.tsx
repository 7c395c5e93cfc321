import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** The frame of each part of an admin's creator page: a titled card. */
export function Section({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className ?? ''}`}
    >
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** Terms and their values, two columns from the small breakpoint. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a part says when it has nothing to list. */
export const empty = (text: string) => <p className="text-sm text-slate-500">{text}</p>;

/**
 * A part's records, one a row between thin lines (`ordered`: an `ol`, for a log), or `emptyText` when there are none.
 * `row` draws one record as its `li`.
 */
export function RecordList<T>({
  items,
  emptyText,
  row,
  ordered = false,
  className,
  label,
  testId,
}: {
  items: readonly T[];
  emptyText: string;
  row: (item: T) => ReactNode;
  ordered?: boolean;
  className?: string;
  label?: string;
  testId?: string;
}) {
  if (items.length === 0) return empty(emptyText);
  const List = ordered ? 'ol' : 'ul';
  return (
    <List
      className={cn('divide-y divide-slate-100 text-sm', className)}
      aria-label={label}
      data-testid={testId}
    >
      {items.map(row)}
    </List>
  );
}
