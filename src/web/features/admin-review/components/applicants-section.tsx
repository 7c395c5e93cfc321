import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { shipsBox } from '../../../../shared/constants';
import { offeredActions } from '../../../../shared/lifecycle/moves';
import type { Applicant } from '../../../../shared/schemas/application';
import type { AdminCampaign } from '../../../../shared/schemas/campaign';
import { AdminEmptyState } from '../../../components/admin/admin-layout';
import { ShowMoreFooter } from '../../../components/admin/show-more-button';
import { ErrorPanel } from '../../../components/error-panel';
import { toastFailure } from '../../../components/failure-toast';
import { LoadingBlocks } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { stepsForRole, useAdminCan } from '../../../lib/admin-permissions';
import { useTickedIds } from '../../../lib/admin-ticked-ids';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { type ApplicantView, useApplicants, useReviewActions } from '../api/applicants';
import type { ApplicantActions } from './applicant-actions';
import { ApplicantCard } from './applicant-card';
import { ApplicantFilters, BulkBar, groupCount } from './applicant-filters';
import { ApproveDialog, DecisionDialog, RequestChangesDialog, type ReviewDialog } from './review-dialogs';
import { useShipmentImport } from './shipment-import';

/**
 * The review's applicants: a status group, an order and "missed none" asked of the server, keyset pages loaded with
 * "Show more" (issues 27, 28), bulk decisions, one card per applicant with its next step and reliability record.
 */
export function ApplicantsSection({ campaign }: { campaign: AdminCampaign }) {
  const box = shipsBox(campaign.type);
  const [view, setView] = useState<ApplicantView>({ group: 'all', sort: 'newest', missedNone: false });
  const applicants = useApplicants(String(campaign.id), view);
  const review = useReviewActions(campaign.id);
  const { ticked: selected, setTicked: setSelected, tick: select } = useTickedIds();
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
      names: chosen.map((a) => a.creator.name),
      decision,
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
        <LoadingBlocks
          label="Loading applicants"
          blocks={['h-40 w-full rounded-xl', 'h-40 w-full rounded-xl']}
        />
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
          <ShowMoreFooter
            pages={applicants}
            noun="applicants"
            shown={items.length}
            total={groupCount(counts, view.group)}
            testId="applicants"
          />
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
      open({ kind: 'decide', ids: [applicant.id], names: [applicant.creator.name], decision }),
    ship: async (applicant, carrier, trackingNumber) => {
      try {
        await review.ship.mutateAsync({ id: applicant.id, carrier, trackingNumber });
        toast({ title: 'Tracking saved', description: `${applicant.creator.name} was told by email.` });
        return null;
      } catch (error) {
        return getErrorMessage(error, 'The shipment could not be saved.');
      }
    },
    markDelivered: async (applicant) => {
      try {
        await review.delivered.mutateAsync(applicant.id);
        toast({ title: 'Marked delivered', description: applicant.creator.name });
      } catch (error) {
        toastFailure('Could not mark delivered', error);
      }
    },
    approve: (applicant) => open({ kind: 'approve', applicant }),
    requestChanges: (applicant) => open({ kind: 'changes', applicant }),
  };
}
