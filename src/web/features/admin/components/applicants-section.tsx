import { CheckCircle2, Users, XCircle } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { offeredActions, shipsBox } from '../../../../shared/lifecycle';
import type { Applicant } from '../../../../shared/schemas/application';
import type { AdminCampaign } from '../../../../shared/schemas/campaign';
import type { ApplicantGroup, ApplicantSort } from '../../../../shared/schemas/reliability';
import type { AdminApplicantList } from '../../../../shared/schemas/shipping';
import { ErrorPanel } from '../../../components/error-panel';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { stepsForRole, useAdminCan } from '../../../lib/admin-permissions';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import { type ApplicantView, useApplicants, useReviewActions } from '../api/campaign-management';
import { AdminEmptyState } from './admin-layout';
import { type ApplicantActions, ApplicantCard } from './applicant-card';
import { ApproveDialog, DecisionDialog, RequestChangesDialog, type ReviewDialog } from './review-dialogs';
import { useShipmentImport } from './shipment-import';

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

/**
 * The review's applicants: a status group, an order and "missed none" asked of the server, keyset pages loaded with
 * "Show more" (issues 27, 28), bulk decisions, one card per applicant with its next step and reliability record.
 */
export function ApplicantsSection({ campaign }: { campaign: AdminCampaign }) {
  const box = shipsBox(campaign.type);
  const [view, setView] = useState<ApplicantView>({ group: 'all', sort: 'newest', missedNone: false });
  const applicants = useApplicants(String(campaign.id), view);
  const review = useReviewActions(campaign.id);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<ReviewDialog | null>(null);
  const [credited, setCredited] = useState<Record<number, number>>({});
  const pages = applicants.data?.pages;
  const items = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  const counts = pages?.[0]?.counts;
  // Those the table of moves lets an admin accept now, if the admin's role may: the ones a bulk decision can select.
  const { role } = useAdminCan();
  const reviewable = useMemo(
    () => items.filter((a) => stepsForRole(role, offeredActions(a.status, 'admin', box)).has('accept')),
    [items, box, role],
  );
  const shown = items;
  const moreError = applicants.isFetchNextPageError ? applicants.error : null;
  const change = (next: Partial<ApplicantView>) => {
    setSelected(new Set());
    setView((before) => ({ ...before, ...next }));
  };
  const shipments = useShipmentImport({
    campaignId: campaign.id,
    awaitingShipment: counts?.awaitingShipment ?? 0,
    review,
  });
  const busy =
    review.decide.isPending ||
    review.approve.isPending ||
    review.requestChanges.isPending ||
    review.delivered.isPending ||
    review.importCsv.isPending;
  const actions = applicantActions(review, setDialog);
  const decide = (chosen: Applicant[], decision: 'accept' | 'reject') =>
    setDialog({
      kind: 'decide',
      ids: chosen.map((a) => a.id),
      names: chosen.map((a) => a.influencer.name),
      decision,
    });
  const select = (id: number, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="applicants-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="applicants-title" className="text-xl font-bold tracking-tight">
          Applicants{counts ? ` (${formatNumber(counts.all)})` : ''}
        </h2>
        {box ? shipments.buttons : null}
      </div>
      {box && shipments.buttons ? (
        <p className="-mt-2 text-sm text-slate-600">
          Shipments can be imported from a CSV with the columns application_id, carrier, tracking_number.
        </p>
      ) : null}
      {shipments.outcome}

      {applicants.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-label="Loading applicants">
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      ) : applicants.isError && !pages ? (
        <ErrorPanel
          title="We couldn't load the applicants."
          error={applicants.error}
          onRetry={() => applicants.refetch()}
        />
      ) : counts?.all === 0 && !view.missedNone ? (
        <AdminEmptyState icon={<Users aria-hidden="true" className="size-6" />} title="No applications yet">
          <p>
            {campaign.status === 'active'
              ? 'Creators who apply from the campaign page appear here.'
              : 'Creators can apply once the campaign is Active.'}
          </p>
        </AdminEmptyState>
      ) : (
        <>
          <div className="flex flex-col gap-3">
            <ApplicantFilters counts={counts} view={view} onChange={change} />
            {reviewable.length > 0 ? (
              <BulkBar
                reviewable={reviewable}
                selected={selected}
                onSelect={setSelected}
                onDecide={decide}
                busy={busy}
              />
            ) : null}
          </div>
          {shown.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
              No applicants in this group.
            </p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Applicants">
              {shown.map((applicant) => (
                <ApplicantCard
                  key={applicant.id}
                  applicant={applicant}
                  shipsBox={box}
                  selected={selected.has(applicant.id)}
                  onSelect={(on) => select(applicant.id, on)}
                  actions={actions}
                  busy={busy}
                  credited={credited[applicant.id]}
                  engagement={applicant.engagement}
                  campaignName={campaign.name}
                  reliability={applicant.reliability}
                />
              ))}
            </ul>
          )}
          {applicants.hasNextPage ? (
            <div className="flex flex-col items-center gap-1">
              <Button
                variant="outline"
                onClick={() => applicants.fetchNextPage()}
                disabled={applicants.isFetchingNextPage}
                data-testid="applicants-more"
              >
                {applicants.isFetchingNextPage ? 'Loading…' : 'Show more applicants'}
              </Button>
              <p className="text-xs text-slate-600" data-testid="applicants-shown">
                {formatNumber(items.length)} of {formatNumber(groupCount(counts, view.group))} shown
              </p>
            </div>
          ) : null}
          {moreError ? (
            <p className="text-center text-sm text-red-700" role="alert">
              {getErrorMessage(moreError, 'More applicants could not be loaded.')}
            </p>
          ) : null}
        </>
      )}

      {dialog?.kind === 'decide' ? (
        <DecisionDialog
          dialog={dialog}
          campaign={campaign}
          review={review}
          onClose={() => setDialog(null)}
          onDecided={() => setSelected(new Set())}
        />
      ) : null}
      {dialog?.kind === 'approve' ? (
        <ApproveDialog
          applicant={dialog.applicant}
          campaign={campaign}
          review={review}
          onClose={() => setDialog(null)}
          onApproved={(amount) => setCredited((before) => ({ ...before, [dialog.applicant.id]: amount }))}
        />
      ) : null}
      {dialog?.kind === 'changes' ? (
        <RequestChangesDialog applicant={dialog.applicant} review={review} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}

/** What an applicant card can do: open a dialog, or save a shipment or a delivery at once. */
function applicantActions(
  review: ReturnType<typeof useReviewActions>,
  open: (dialog: ReviewDialog) => void,
): ApplicantActions {
  return {
    decide: (applicant, decision) =>
      open({ kind: 'decide', ids: [applicant.id], names: [applicant.influencer.name], decision }),
    ship: async (applicant, carrier, trackingNumber) => {
      try {
        await review.ship.mutateAsync({ id: applicant.id, carrier, trackingNumber });
        toast({ title: 'Tracking saved', description: `${applicant.influencer.name} was told by email.` });
        return null;
      } catch (error) {
        return getErrorMessage(error, 'The shipment could not be saved.');
      }
    },
    markDelivered: async (applicant) => {
      try {
        await review.delivered.mutateAsync(applicant.id);
        toast({ title: 'Marked delivered', description: applicant.influencer.name });
      } catch (error) {
        toast({
          title: 'Could not mark delivered',
          description: getErrorMessage(error),
          variant: 'destructive',
        });
      }
    },
    approve: (applicant) => open({ kind: 'approve', applicant }),
    requestChanges: (applicant) => open({ kind: 'changes', applicant }),
  };
}

const groupCount = (counts: AdminApplicantList['counts'] | undefined, group: ApplicantGroup) =>
  counts ? counts[group] : 0;

/** The status groups with their counts, the order, and "missed none" (each asked of the server). */
function ApplicantFilters({
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
          <button
            key={f.id}
            type="button"
            aria-pressed={view.group === f.id}
            onClick={() => onChange({ group: f.id })}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
              view.group === f.id
                ? 'border-mint-700 bg-mint-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {f.label}{' '}
            <span className={cn('tabular-nums', view.group !== f.id && 'opacity-80')}>
              {formatNumber(groupCount(counts, f.id))}
            </span>
          </button>
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
        <button
          type="button"
          aria-pressed={view.missedNone}
          onClick={() => onChange({ missedNone: !view.missedNone })}
          className={cn(
            'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
            view.missedNone
              ? 'border-mint-700 bg-mint-700 text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          )}
          data-testid="applicants-missed-none"
        >
          Missed none
        </button>
      </div>
    </div>
  );
}

/** Select the applicants waiting for a decision, and accept or reject them together. */
function BulkBar({
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
