import { AlertTriangle, CheckCircle2, MessageSquare, MessagesSquare, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { DELIVERY_PROBLEM_LABELS } from '../../../../shared/lifecycle/delivery-problems';
import type { ApplicantEngagement } from '../../../../shared/schemas/content-metrics';
import type { ChosenVariant } from '../../../../shared/schemas/products';
import type { Reliability } from '../../../../shared/schemas/reliability';
import type { AdminApplicant } from '../../../../shared/schemas/shipping';
import { ApplicationConversationDialog } from '../../../components/admin/admin-conversation';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';
import { Avatar } from '../../../components/avatar';
import { HandleLink } from '../../../components/handle-link';
import { ReliabilityFigures, reliabilitySummary } from '../../../components/reliability-figures';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatShortDate } from '../../../lib/format';
import type { ApplicantStepProps } from './applicant-actions';

/** The parts of an applicant's card in the review (applicant-card.tsx), top to bottom. */

type Applicant = AdminApplicant & { choices?: ChosenVariant[] };

/** Who applied: the selection box (when they may be accepted), name, handles, status, tier and its basis. */
export function ApplicantHeading({
  applicant,
  nameId,
  selectable,
  selected,
  onSelect,
}: {
  applicant: Applicant;
  nameId: string;
  selectable: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { creator: person, status } = applicant;
  return (
    <div className="flex items-start gap-3">
      {selectable ? (
        <input
          type="checkbox"
          className="mt-2.5 size-5 shrink-0 cursor-pointer accent-mint-700"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select ${person.name}`}
        />
      ) : null}
      <Avatar name={person.name} size={40} />
      <div className="min-w-0 flex-1">
        <h3 id={nameId} className="font-semibold break-words text-slate-900">
          {person.name}
        </h3>
        {/* The creator's own handles, linked to their profiles (not the account's generated username). */}
        {applicant.handles.some((h) => h.handle) ? (
          <ul className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1 text-sm" data-testid="applicant-handles">
            {applicant.handles
              .filter((h) => h.handle)
              .map((h) => (
                <li key={h.platform} className="min-w-0">
                  <HandleLink platform={h.platform} handle={h.handle} />
                </li>
              ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No handles given</p>
        )}
      </div>
      {/* Narrow screens: the tier's basis wraps in its own column, so the name keeps its width. */}
      <div className="flex max-w-36 shrink-0 flex-col items-end gap-1.5 sm:max-w-60">
        <ApplicationStatusBadge status={status} />
        {person.accountClosedAt ? (
          <Badge
            variant="red"
            data-testid="account-closed"
            title={`Closed ${formatShortDate(person.accountClosedAt)}: their applications ended with it and no Mint can be credited to it.`}
          >
            Account closed
          </Badge>
        ) : null}
        <Badge variant="outline" data-testid="tier" title={person.tierBasis}>
          {person.tier}
        </Badge>
        <span className="text-right text-xs text-slate-500" data-testid="tier-basis">
          {person.tierBasis}
        </span>
      </div>
    </div>
  );
}

/** What the team weighs: engagement, reliability, follower warnings, the chosen variant and the pitch. */
export function ApplicantSignals({
  applicant,
  engagement,
  reliability,
}: {
  applicant: Applicant;
  engagement: ApplicantEngagement | undefined;
  reliability: Reliability | undefined;
}) {
  return (
    <>
      {engagement ? (
        <p className="text-sm text-slate-600" data-testid="applicant-engagement">
          {engagement.measuredPosts > 0
            ? `Engagement rate ${engagement.engagementRate}% over ${engagement.measuredPosts} measured post${engagement.measuredPosts === 1 ? '' : 's'}`
            : 'Engagement rate: no measured posts yet'}
        </p>
      ) : null}

      {reliability ? (
        <details
          className="group rounded-lg border border-slate-200 px-3 py-2"
          data-testid="applicant-reliability"
        >
          <summary className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
            <span className="font-semibold text-slate-800">Reliability</span>
            <span className="text-slate-600" data-testid="reliability-summary">
              {reliabilitySummary(reliability)}
            </span>
          </summary>
          <ReliabilityFigures record={reliability} className="mt-2" />
        </details>
      ) : null}

      {applicant.followerFlags.length ? (
        <div
          role="note"
          className="flex gap-2 rounded-lg border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900"
          data-testid="follower-flag"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <ul>
            {applicant.followerFlags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {applicant.choices?.length ? (
        <p className="text-sm" data-testid="applicant-choice">
          <span className="text-slate-600">Chose: </span>
          <span className="font-medium">
            {applicant.choices.map((c) => `${c.product} · ${c.variant} (${c.sku})`).join(', ')}
          </span>
        </p>
      ) : null}

      {applicant.pitch ? (
        <blockquote className="rounded-lg border-l-4 border-mint-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="sr-only">Pitch: </span>
          {applicant.pitch}
        </blockquote>
      ) : null}
    </>
  );
}

/** Issue 26: the conversation beside the application, so a reply and a decision happen in one place. */
export function ApplicantConversation({
  applicant,
  campaignName,
  shown,
}: {
  applicant: Applicant;
  campaignName: string | undefined;
  shown: boolean;
}) {
  const [talking, setTalking] = useState(false);
  const talkButton = useRef<HTMLButtonElement>(null);
  const person = applicant.creator;
  return (
    <>
      <div hidden={!shown}>
        <Button
          ref={talkButton}
          size="sm"
          variant="outline"
          onClick={() => setTalking(true)}
          aria-label={`Conversation with ${person.name}`}
          data-testid="applicant-conversation"
        >
          <MessagesSquare aria-hidden="true" />
          Conversation
        </Button>
      </div>
      {talking ? (
        <ApplicationConversationDialog
          applicationId={applicant.id}
          creatorName={person.name}
          campaignName={campaignName ?? 'this campaign'}
          onClose={() => {
            setTalking(false);
            // Back to the card's button (the dialog is unmounted, so it cannot return the focus itself).
            requestAnimationFrame(() => talkButton.current?.focus());
          }}
        />
      ) : null}
    </>
  );
}

/** A delivery problem the creator reported, with the way to the problems queue. */
export function DeliveryProblemNote({ applicant }: { applicant: Applicant }) {
  if (!applicant.deliveryProblem) return null;
  return (
    <div
      role="note"
      className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
      data-testid="delivery-problem"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">
          Delivery problem reported: {DELIVERY_PROBLEM_LABELS[applicant.deliveryProblem]}
        </p>
        {applicant.deliveryProblemNote ? <p className="mt-0.5">{applicant.deliveryProblemNote}</p> : null}
        <Link to="/admin/problems" className="mt-1 inline-block font-semibold underline underline-offset-2">
          Reply, re-ship or resolve
        </Link>
      </div>
    </div>
  );
}

/** The message the team sent with its decision. */
export function DecisionMessage({ applicant }: { applicant: Applicant }) {
  const { status } = applicant;
  if (!(applicant.adminMessage && (status === 'accepted' || status === 'rejected'))) return null;
  return (
    <p className="flex gap-2 text-sm text-slate-600">
      <MessageSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-medium">Your message:</span> {applicant.adminMessage}
      </span>
    </p>
  );
}

/** Accept and Reject, as the table of moves and the admin's role offer them. */
export function DecisionButtons({ applicant, offers, actions, busy }: ApplicantStepProps) {
  const person = applicant.creator;
  if (!(offers.has('accept') || offers.has('reject'))) return null;
  return (
    <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
      {offers.has('accept') ? (
        <Button
          size="sm"
          onClick={() => actions.decide(applicant, 'accept')}
          disabled={busy}
          aria-label={`Accept ${person.name}`}
        >
          <CheckCircle2 aria-hidden="true" />
          Accept
        </Button>
      ) : null}
      {offers.has('reject') ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => actions.decide(applicant, 'reject')}
          disabled={busy}
          aria-label={`Reject ${person.name}`}
        >
          <XCircle aria-hidden="true" />
          Reject
        </Button>
      ) : null}
    </div>
  );
}
