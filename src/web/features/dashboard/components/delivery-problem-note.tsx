import { AlertTriangle, CheckCircle2, MessageSquare } from 'lucide-react';
import { DELIVERY_PROBLEM_LABELS } from '../../../../shared/lifecycle/delivery-problems';
import type { MyApplication } from '../../../../shared/schemas/application';
import { formatDateTime } from '../../../lib/format';
import { useMyDeliveryProblems } from '../api/dashboard-queries';

/**
 * The latest delivery problem of an application as its creator sees it: open (the brand was told) or resolved, with
 * the brand's reply. Until the list loads, the application's own problem field says it was reported.
 */
export function DeliveryProblemNote({ application: a }: { application: MyApplication }) {
  const problems = useMyDeliveryProblems();
  const problem = problems.data?.items.find((p) => p.applicationId === a.id);
  if (!problem) {
    return a.deliveryProblem ? (
      <p className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        You reported a problem with your PR box: {DELIVERY_PROBLEM_LABELS[a.deliveryProblem]}. The brand has
        been told.
      </p>
    ) : null;
  }
  const open = problem.status === 'open';
  return (
    <div
      className={
        open
          ? 'flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900'
          : 'flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800'
      }
      data-testid="delivery-problem-note"
      data-problem-status={problem.status}
    >
      <p className="flex gap-2">
        {open ? (
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-mint-700" />
        )}
        <span>
          {open
            ? `You reported a problem with your PR box: ${DELIVERY_PROBLEM_LABELS[problem.kind]}. The brand has been told; your upload deadline does not run out while it is open.`
            : `Your report (${DELIVERY_PROBLEM_LABELS[problem.kind]}) was resolved${problem.reshippedAt ? ': a new box was shipped' : ''}.`}
        </span>
      </p>
      {problem.reply ? (
        <p className="flex gap-2" data-testid="problem-reply">
          <MessageSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-semibold">Reply from {a.campaign.brand}:</span> {problem.reply}
            {problem.repliedAt ? (
              <span className="block text-xs opacity-75">{formatDateTime(problem.repliedAt)}</span>
            ) : null}
          </span>
        </p>
      ) : null}
    </div>
  );
}
