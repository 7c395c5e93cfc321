import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A column header: its text, and the classes it adds to the table's cell class (or, with `only`, uses alone). */
export type HeaderColumn = string | { label: ReactNode; key?: string; className?: string; only?: boolean };

/** The head of the admin tables: a line below, a grey band, small uppercase labels. */
export const ADMIN_TABLE_HEAD =
  'border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase';

/** A table's head: one row of column headers (`scope="col"`), each with the shared cell class and its own. */
export function TableHead({
  columns,
  cellClassName,
  className,
  rowClassName,
}: {
  columns: HeaderColumn[];
  cellClassName?: string;
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column) => {
          const {
            label,
            key,
            className: own,
            only,
          } = typeof column === 'string' ? { label: column } : column;
          return (
            <th
              key={key ?? String(label)}
              scope="col"
              className={only ? own : cn(cellClassName, own) || undefined}
            >
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
