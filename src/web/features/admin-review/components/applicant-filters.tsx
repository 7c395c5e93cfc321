import { CheckCircle2, XCircle } from 'lucide-react';
import { useId } from 'react';
import type { Applicant } from '../../../../shared/schemas/application';
import type { ApplicantGroup, ApplicantSort } from '../../../../shared/schemas/reliability';
import type { AdminApplicantList } from '../../../../shared/schemas/shipping';
import { Button } from '../../../components/ui/button';
import type { ApplicantView } from '../api/applicants';
import { FilterPill } from './filter-pill';

const FILTERS: ReadonlyArray<{ id: ApplicantGroup; label: string }> = [
  { id: 'all', label: 'All' },
  { id: 'review', label: 'To review' },
  { id: 'progress', label: 'In progress' },
  { id: 'approved', label: 'Approved' },
  { id: 'closed', label: 'Closed' },
];

const SORTS: ReadonlyArray<{ id: ApplicantSort; label: string }> = [
  { id: 'newest', label: 'Newest first' },
  { id: 'on_time', label: 'On time first' },
];

export const groupCount = (counts: AdminApplicantList['counts'] | undefined, group: ApplicantGroup) =>
  counts ? counts[group] : 0;

/** The status groups with their counts, the order, and "missed none" (each asked of the server). */
export function ApplicantFilters({
  counts,
  view,
  onChange,
}: {
  counts: AdminApplicantList['counts'] | undefined;
  view: ApplicantView;
  onChange: (next: Partial<ApplicantView>) => void;
}) {
  const sortId = useId();
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:items-center lg:justify-between">
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">Show applicants</legend>
        {FILTERS.map((f) => (
          <FilterPill
            key={f.id}
            label={f.label}
            count={groupCount(counts, f.id)}
            on={view.group === f.id}
            onClick={() => onChange({ group: f.id })}
          />
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
          Order
        </label>
        <select
          id={sortId}
          value={view.sort}
          onChange={(event) => onChange({ sort: event.target.value as ApplicantSort })}
          className="min-h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
          data-testid="applicants-sort"
        >
          {SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        <FilterPill
          label="Missed none"
          on={view.missedNone}
          onClick={() => onChange({ missedNone: !view.missedNone })}
          data-testid="applicants-missed-none"
        />
      </div>
    </div>
  );
}

/** Select the applicants waiting for a decision, and accept or reject them together. */
export function BulkBar({
  reviewable,
  selected,
  onSelect,
  onDecide,
  busy,
}: {
  reviewable: Applicant[];
  selected: ReadonlySet<number>;
  onSelect: (next: Set<number>) => void;
  onDecide: (chosen: Applicant[], decision: 'accept' | 'reject') => void;
  busy: boolean;
}) {
  const chosen = reviewable.filter((a) => selected.has(a.id));
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 sm:gap-3"
      data-testid="bulk-bar"
    >
      <label className="mr-auto flex min-h-9 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 cursor-pointer accent-mint-700"
          checked={chosen.length === reviewable.length}
          ref={(el) => {
            if (el) el.indeterminate = chosen.length > 0 && chosen.length < reviewable.length;
          }}
          onChange={(event) =>
            onSelect(event.target.checked ? new Set(reviewable.map((a) => a.id)) : new Set())
          }
        />
        {chosen.length ? `${chosen.length} selected` : 'Select all to review'}
      </label>
      <Button size="sm" disabled={chosen.length === 0 || busy} onClick={() => onDecide(chosen, 'accept')}>
        <CheckCircle2 aria-hidden="true" />
        Accept selected
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={chosen.length === 0 || busy}
        onClick={() => onDecide(chosen, 'reject')}
      >
        <XCircle aria-hidden="true" />
        Reject selected
      </Button>
    </div>
  );
}
