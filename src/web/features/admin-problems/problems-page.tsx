import { AlertTriangle, CheckCircle2, PackageOpen, Truck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DELIVERY_PROBLEM_LABELS } from '../../../shared/lifecycle/delivery-problems';
import { offeredActions } from '../../../shared/lifecycle/moves';
import type { AdminProblem } from '../../../shared/schemas/delivery-problems';
import { trackingUrl } from '../../../shared/tracking';
import { AdminEmptyState, AdminPageHeader } from '../../components/admin/admin-layout';
import { FilterButtons } from '../../components/admin/filter-buttons';
import { ShowMoreButton } from '../../components/admin/show-more-button';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { ErrorPanel } from '../../components/error-panel';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { LoadingBlocks } from '../../components/ui/skeleton';
import { useCan } from '../../lib/admin-permissions';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type ProblemFilter, useProblems } from './api/problems';
import { ReplyForm, ReshipDialog, ResolveDialog } from './components/problem-dialogs';

const FILTERS: Array<{ id: ProblemFilter; label: string }> = [
  { id: 'open', label: 'Open' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'all', label: 'All' },
];

/** /admin/problems: delivery problems creators reported, the longest wait first; reply, re-ship or resolve. */
export function ProblemsPage() {
  useDocumentTitle('Delivery problems');
  const [params, setParams] = useSearchParams();
  const status = (FILTERS.find((f) => f.id === params.get('status'))?.id ?? 'open') as ProblemFilter;
  const problems = useProblems(status);
  // A problem resolved while pages were read shows once (a refresh reads the pages again from the first).
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (problems.data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((p) => {
        if (seen.has(p.id)) return false;
        seen.add(p.id);
        return true;
      });
  }, [problems.data]);
  const openCount = problems.data?.pages[0]?.openCount;

  return (
    <>
      <AdminPageHeader
        title="Delivery problems"
        description="Boxes that did not arrive, arrived damaged or held the wrong item. While a problem is open, the creator's upload deadline does not run out."
      />
      <FilterButtons
        legend="Show problems"
        filters={FILTERS}
        chosen={status}
        onChoose={(id) => setParams(id === 'open' ? {} : { status: id })}
        counts={{ open: openCount }}
        className="mb-5"
      />
      {problems.isPending ? (
        <LoadingBlocks
          label="Loading problems"
          blocks={['h-40 w-full rounded-xl', 'h-40 w-full rounded-xl']}
        />
      ) : problems.isError ? (
        <ErrorPanel
          title="We couldn't load the problems."
          error={problems.error}
          onRetry={() => problems.refetch()}
        />
      ) : items.length === 0 ? (
        <AdminEmptyState
          icon={<PackageOpen aria-hidden="true" className="size-6" />}
          title={status === 'open' ? 'No open problems' : 'Nothing here yet'}
        >
          <p>When a creator reports a problem with their PR box, it appears here.</p>
        </AdminEmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {items.map((p) => (
              <ProblemCard key={p.id} problem={p} />
            ))}
          </ul>
          {problems.hasNextPage ? (
            <div className="mt-4 flex flex-col items-center gap-2">
              {status === 'open' && openCount !== undefined ? (
                <p className="text-sm text-slate-600" data-testid="problems-shown">
                  {items.length} of {openCount} open problems shown
                </p>
              ) : null}
              <ShowMoreButton pages={problems} label="Show more problems" />
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

function ProblemCard({ problem: p }: { problem: AdminProblem }) {
  const id = useId();
  const open = p.status === 'open';
  const [dialog, setDialog] = useState<'resolve' | 'reship' | null>(null);
  // Replying, re-shipping and resolving are the Manager's (the permission table); other roles read the problem.
  const answer = useCan('POST /admin/problems/{id}/reply');
  const url = trackingUrl(p.application.carrier, p.application.trackingNumber);
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-white p-4 shadow-sm sm:p-5',
        open ? 'border-red-200' : 'border-slate-200',
      )}
      data-testid="problem"
      data-problem-status={p.status}
      aria-labelledby={`${id}-title`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-slate-900">
            {open ? (
              <AlertTriangle aria-hidden="true" className="size-4 text-red-600" />
            ) : (
              <CheckCircle2 aria-hidden="true" className="size-4 text-mint-700" />
            )}
            {DELIVERY_PROBLEM_LABELS[p.kind]} · {p.creator.name}
          </h2>
          <p className="text-sm text-slate-600">
            <Link
              to={`/admin/campaigns/${p.campaign.id}`}
              className="text-mint-700 underline underline-offset-2"
            >
              {p.campaign.name}
            </Link>{' '}
            ·{' '}
            <Link
              to={`/admin/influencers/${p.creator.id}`}
              className="text-mint-700 underline underline-offset-2"
            >
              {p.creator.email}
            </Link>{' '}
            · reported {formatDateTime(p.openedAt)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <ApplicationStatusBadge status={p.application.status} />
          <Badge variant={open ? 'red' : 'green'}>{open ? 'Open' : 'Resolved'}</Badge>
        </div>
      </div>
      {p.note ? (
        <blockquote className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{p.note}</blockquote>
      ) : null}
      {p.application.trackingNumber ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Truck aria-hidden="true" className="size-4" />
          {url ? (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-mint-700 underline underline-offset-2"
            >
              {p.application.carrier} {p.application.trackingNumber}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            `${p.application.carrier} ${p.application.trackingNumber}`
          )}
        </p>
      ) : null}
      {p.reply ? (
        <p className="text-sm text-slate-700" data-testid="problem-reply">
          <span className="font-semibold">Reply</span> by {p.repliedBy} (
          {p.repliedAt ? formatDateTime(p.repliedAt) : ''}
          ): {p.reply}
        </p>
      ) : null}
      {!open && p.resolution ? (
        <p className="text-sm text-slate-600">
          <span className="font-semibold">Resolved</span>
          {p.resolvedBy ? ` by ${p.resolvedBy}` : ''}
          {p.resolvedAt ? ` (${formatDateTime(p.resolvedAt)})` : ''}: {p.resolution}
        </p>
      ) : null}
      {open && answer ? (
        <>
          <ReplyForm problem={p} />
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
            {/* Problems are reported on boxes only: the table says when a new one can be sent. */}
            {offeredActions(p.application.status, 'admin', true).has('reship') ? (
              <Button size="sm" variant="outline" onClick={() => setDialog('reship')}>
                <Truck aria-hidden="true" /> Re-ship
              </Button>
            ) : null}
            <Button size="sm" variant="outline" onClick={() => setDialog('resolve')}>
              <CheckCircle2 aria-hidden="true" /> Resolve
            </Button>
          </div>
        </>
      ) : null}
      {dialog === 'resolve' ? <ResolveDialog problem={p} onClose={() => setDialog(null)} /> : null}
      {dialog === 'reship' ? <ReshipDialog problem={p} onClose={() => setDialog(null)} /> : null}
    </li>
  );
}
