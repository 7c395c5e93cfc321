import { Info } from 'lucide-react';
import { IN_PROGRESS_STATUSES, isIn } from '../../../../shared/lifecycle/statuses';
import type { MyApplication } from '../../../../shared/schemas/application';
import { formatShortIsoDate } from '../../../lib/format';

/** Why the creator's own upload deadline is not the campaign's (a late box, a problem, a late change request). */
export function PostingClockNote({ application: a }: { application: MyApplication }) {
  const clock = a.postingClock;
  if (!clock || !isIn(IN_PROGRESS_STATUSES, a.status) || clock.reasons.length === 0) return null;
  return (
    <div
      className="flex gap-2 rounded-lg bg-mint-50 p-3 text-sm text-mint-900"
      data-testid="deadline-reasons"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">
          {clock.paused
            ? 'Your upload deadline is on hold'
            : `Your upload deadline moved to ${formatShortIsoDate(clock.deadline)}`}
          {clock.deadline !== clock.campaignDeadline || clock.paused
            ? ` (the campaign's is ${formatShortIsoDate(clock.campaignDeadline)})`
            : ''}
        </p>
        <ul className="mt-1 flex list-disc flex-col gap-0.5 pl-4">
          {clock.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
