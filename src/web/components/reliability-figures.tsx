import { reliabilityFigures } from '../../shared/reliability';
import type { Reliability } from '../../shared/schemas/reliability';
import { cn } from '../lib/cn';

/**
 * A creator's reliability record (issue 27): each figure beside the counts behind it, never a bare score. Used by the
 * admin's applicant card and creator page, and by the creator's own dashboard.
 */
export function ReliabilityFigures({ record, className }: { record: Reliability; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-2 sm:grid-cols-4', className)} data-testid="reliability-figures">
      {reliabilityFigures(record).map((figure) => (
        <div
          key={figure.id}
          className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2"
          data-testid={`reliability-${figure.id}`}
        >
          <dt className="text-xs text-slate-600">{figure.label}</dt>
          <dd className="mt-0.5">
            <span className="text-lg font-semibold tabular-nums text-slate-900">{figure.value}</span>{' '}
            <span className="text-xs text-slate-600">{figure.counts}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One line for a card's summary: "2 of 3 posts on time · 1 missed" (or that there is no post yet). */
export function reliabilitySummary(record: Reliability): string {
  if (record.due === 0)
    return record.accepted === 0
      ? 'No accepted application yet'
      : `${record.accepted} accepted, no post due yet`;
  return `${record.onTime} of ${record.due} post${record.due === 1 ? '' : 's'} on time · ${record.late} late · ${record.missed} missed`;
}
