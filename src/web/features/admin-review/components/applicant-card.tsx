import { useId } from 'react';
import { type ApplicationAction, offeredActions } from '../../../../shared/lifecycle/moves';
import { ACCEPTED_STATUSES, BOX_SENT_STATUSES, isIn } from '../../../../shared/lifecycle/statuses';
import type { ApplicantEngagement } from '../../../../shared/schemas/content-metrics';
import type { ChosenVariant } from '../../../../shared/schemas/products';
import type { Reliability } from '../../../../shared/schemas/reliability';
import type { AdminApplicant } from '../../../../shared/schemas/shipping';
import { useAdminSteps, useCan } from '../../../lib/admin-permissions';
import { cn } from '../../../lib/cn';
import type { ApplicantActions } from './applicant-actions';
import {
  ApplicantConversation,
  ApplicantHeading,
  ApplicantSignals,
  DecisionButtons,
  DecisionMessage,
  DeliveryProblemNote,
} from './applicant-card-parts';
import { ApplicantFacts } from './applicant-facts';
import { ShipmentArea, ShipmentSummary } from './applicant-shipment';
import { ApplicantShipping } from './applicant-shipping';
import { SubmissionArea } from './applicant-submission';

interface ApplicantCardProps {
  applicant: AdminApplicant & { choices?: ChosenVariant[] };
  shipsBox: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  actions: ApplicantActions;
  busy: boolean;
  credited: number | undefined;
  /** Engagement from the creator's measured posts (read with the applicants' page). */
  engagement?: ApplicantEngagement | undefined;
  /** The campaign's name, for the conversation's heading. */
  campaignName?: string;
  /** Issue 27: the creator's reliability record. */
  reliability?: Reliability | undefined;
}

/** One applicant in the admin's review: who they are, their pitch, and the next step of their application. */
export function ApplicantCard({
  applicant,
  shipsBox,
  selected,
  onSelect,
  actions,
  busy,
  credited,
  engagement,
  campaignName,
  reliability,
}: ApplicantCardProps) {
  const id = useId();
  const { status } = applicant;
  // The buttons are the steps the table of moves offers an admin at this status (src/shared/lifecycle/moves.ts) that the
  // admin's role may take (the permission table); talking needs the role that may write to the creator.
  const offers = useAdminSteps(offeredActions(status, 'admin', shipsBox));
  const talk = useCan('POST /admin/applications/{id}/conversation');

  return (
    <li
      className={cn(
        'flex flex-col gap-4 rounded-xl border bg-white p-4 shadow-sm sm:p-5',
        applicant.deliveryProblem ? 'border-red-300 ring-1 ring-red-200' : 'border-slate-200',
        selected && 'border-mint-600 ring-1 ring-mint-600',
      )}
      data-testid="applicant"
      data-applicant-id={applicant.id}
      data-status={status}
      aria-labelledby={`${id}-name`}
    >
      <ApplicantHeading
        applicant={applicant}
        nameId={`${id}-name`}
        selectable={offers.has('accept')}
        selected={selected}
        onSelect={onSelect}
      />
      <ApplicantFacts applicant={applicant} />
      <ApplicantSignals applicant={applicant} engagement={engagement} reliability={reliability} />
      <ApplicantConversation applicant={applicant} campaignName={campaignName} shown={talk} />
      <DeliveryProblemNote applicant={applicant} />
      <DecisionMessage applicant={applicant} />
      <DecisionButtons applicant={applicant} offers={offers} actions={actions} busy={busy} />

      <ApplicantNextSteps
        applicant={applicant}
        shipsBox={shipsBox}
        offers={offers}
        actions={actions}
        busy={busy}
        credited={credited}
      />
    </li>
  );
}

/** After the decision: the shipping address, the box's tracking or the form to ship it, and the submitted content. */
function ApplicantNextSteps({
  applicant,
  shipsBox,
  offers,
  actions,
  busy,
  credited,
}: Pick<ApplicantCardProps, 'applicant' | 'shipsBox' | 'actions' | 'busy' | 'credited'> & {
  offers: ReadonlySet<ApplicationAction>;
}) {
  const { status } = applicant;
  return (
    <>
      {applicant.shipping || isIn(ACCEPTED_STATUSES, status) ? (
        <ApplicantShipping
          applicant={applicant}
          canEdit={shipsBox && (status === 'accepted' || status === 'shipped' || status === 'delivered')}
        />
      ) : null}

      {shipsBox && isIn(BOX_SENT_STATUSES, status) && applicant.trackingNumber ? (
        <ShipmentSummary applicant={applicant} />
      ) : null}

      {offers.has('ship') ? (
        // Keyed on the status: a box shipped elsewhere (the CSV import) shows its tracking, not the empty form.
        <ShipmentArea key={status} applicant={applicant} offers={offers} actions={actions} busy={busy} />
      ) : null}

      {applicant.latestSubmission ? (
        <SubmissionArea
          applicant={applicant}
          offers={offers}
          actions={actions}
          busy={busy}
          credited={credited}
        />
      ) : null}
    </>
  );
}
