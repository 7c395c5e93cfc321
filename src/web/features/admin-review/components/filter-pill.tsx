import type { ComponentProps } from 'react';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';

/**
 * A round filter button of the review page, filled while it is on (`aria-pressed`), with the number of what it shows
 * after its label when `count` is given: the applicant groups and "Missed none", the carrier board's statuses.
 */
export function FilterPill({
  label,
  count,
  on,
  ...button
}: Omit<ComponentProps<'button'>, 'type' | 'className' | 'children' | 'aria-pressed'> & {
  label: string;
  count?: number;
  on: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      className={cn(
        'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
        on
          ? 'border-mint-700 bg-mint-700 text-white'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
      )}
      {...button}
    >
      {label}
      {count === undefined ? null : (
        <>
          {' '}
          <span className={cn('tabular-nums', !on && 'opacity-80')}>{formatNumber(count)}</span>
        </>
      )}
    </button>
  );
}
