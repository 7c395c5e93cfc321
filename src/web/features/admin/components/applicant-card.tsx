import { zodResolver } from '@hookform/resolvers/zod';
import {
  AlertTriangle,
  CheckCircle2,
  ExternalLink,
  MessageSquare,
  MessagesSquare,
  PackageCheck,
  Pencil,
  Truck,
  XCircle,
} from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PLATFORMS, type Platform } from '../../../../shared/constants';
import {
  ACCEPTED_STATUSES,
  type ApplicationAction,
  BOX_SENT_STATUSES,
  DELIVERY_PROBLEM_LABELS,
  isIn,
  offeredActions,
} from '../../../../shared/lifecycle';
import { type Applicant, shipmentSchema } from '../../../../shared/schemas/application';
import type { ApplicantEngagement } from '../../../../shared/schemas/content-metrics';
import type { ChosenVariant } from '../../../../shared/schemas/products';
import type { Reliability } from '../../../../shared/schemas/reliability';
import type { AdminApplicant } from '../../../../shared/schemas/shipping';
import { CARRIER_STATUS_LABELS, trackingUrl } from '../../../../shared/tracking';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';
import { Avatar } from '../../../components/avatar';
import { FollowerFigures } from '../../../components/follower-figures';
import { HandleLink } from '../../../components/handle-link';
import { PlatformIcon } from '../../../components/platform-icon';
import { PostPreview } from '../../../components/post-preview';
import { ReliabilityFigures, reliabilitySummary } from '../../../components/reliability-figures';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { useAdminSteps, useCan } from '../../../lib/admin-permissions';
import { cn } from '../../../lib/cn';
import { formatShortDate } from '../../../lib/format';
import { maxLengthOf } from '../../../lib/schema-limits';
import { ApplicationConversationDialog } from './admin-conversation';
import { ApplicantShipping } from './applicant-shipping';

/** Carriers offered while typing (any other name can be typed). */
const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'] as const;
const CARRIER_MAX = maxLengthOf(shipmentSchema.shape.carrier);
const TRACKING_MAX = maxLengthOf(shipmentSchema.shape.trackingNumber);
type ShipmentInput = z.input<typeof shipmentSchema>;
type Shipment = z.output<typeof shipmentSchema>;

export interface ApplicantActions {
  decide: (applicant: Applicant, decision: 'accept' | 'reject') => void;
  ship: (applicant: Applicant, carrier: string, trackingNumber: string) => Promise<string | null>;
  markDelivered: (applicant: Applicant) => void;
  approve: (applicant: Applicant) => void;
  requestChanges: (applicant: Applicant) => void;
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
}: {
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
}) {
  const id = useId();
  const [talking, setTalking] = useState(false);
  const talkButton = useRef<HTMLButtonElement>(null);
  const { influencer: person, status } = applicant;
  // The buttons are the steps the table of moves offers an admin at this status (src/shared/lifecycle.ts) that the
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
      <div className="flex items-start gap-3">
        {offers.has('accept') ? (
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
          <h3 id={`${id}-name`} className="font-semibold break-words text-slate-900">
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

      <ApplicantFacts applicant={applicant} />
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

      {/* Issue 26: the conversation beside the application, so a reply and a decision happen in one place. */}
      <div hidden={!talk}>
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

      {applicant.deliveryProblem ? (
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
            <Link
              to="/admin/problems"
              className="mt-1 inline-block font-semibold underline underline-offset-2"
            >
              Reply, re-ship or resolve
            </Link>
          </div>
        </div>
      ) : null}

      {applicant.adminMessage && (status === 'accepted' || status === 'rejected') ? (
        <p className="flex gap-2 text-sm text-slate-600">
          <MessageSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-medium">Your message:</span> {applicant.adminMessage}
          </span>
        </p>
      ) : null}

      {offers.has('accept') || offers.has('reject') ? (
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
      ) : null}

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
    </li>
  );
}

/** Followers per platform, categories, state and the day they applied. */
function ApplicantFacts({ applicant }: { applicant: Applicant }) {
  const person = applicant.influencer;
  const followers = PLATFORMS.filter(
    (p) => typeof person.followers[p] === 'number' || person.verifiedFollowers[p],
  );
  const categories = [person.primaryCategory, person.secondaryCategory].filter(Boolean) as string[];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
      {/* The counts (verified with their date, and stated) take the whole row until the columns are wide enough. */}
      <div className="col-span-2 sm:col-span-1">
        <dt className="text-xs text-slate-500">Followers</dt>
        <dd className="mt-0.5">
          {followers.length ? (
            <ul className="flex flex-wrap gap-x-3 gap-y-1">
              {followers.map((platform) => (
                <li key={platform} className="inline-flex items-center gap-1 tabular-nums">
                  <PlatformIcon platform={platform as Platform} className="size-4 text-slate-600" />
                  <FollowerFigures
                    compact
                    stated={person.followers[platform]}
                    verified={person.verifiedFollowers[platform]?.followers}
                    verifiedAt={person.verifiedFollowers[platform]?.at}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-slate-500">No accounts</span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Categories</dt>
        <dd className="mt-0.5 font-medium">{categories.length ? categories.join(', ') : '–'}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">State</dt>
        <dd className="mt-0.5 font-medium">{person.state ?? '–'}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Applied</dt>
        <dd className="mt-0.5 font-medium">{formatShortDate(applicant.createdAt)}</dd>
      </div>
    </dl>
  );
}

function ShipmentSummary({ applicant }: { applicant: Applicant }) {
  if (applicant.status === 'shipped') return null; // the shipment area shows it with its actions
  const url = trackingUrl(applicant.carrier, applicant.trackingNumber);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
      <PackageCheck aria-hidden="true" className="size-4 text-mint-700" />
      PR box {applicant.deliveredAt ? `delivered ${formatShortDate(applicant.deliveredAt)}` : 'shipped'} ·{' '}
      <TrackingText applicant={applicant} url={url} />
    </p>
  );
}

function TrackingText({ applicant, url }: { applicant: Applicant; url: string | null }) {
  const text = `${applicant.carrier} ${applicant.trackingNumber}`;
  const carrierStatus = applicant.tracking?.status;
  const label = carrierStatus ? (
    <span className="text-slate-600" data-testid="carrier-status">
      · {CARRIER_STATUS_LABELS[carrierStatus] ?? carrierStatus}
    </span>
  ) : null;
  return url ? (
    <>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-medium text-mint-700 underline-offset-2 hover:underline"
      >
        {text}
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      {label}
    </>
  ) : (
    <>
      <span className="font-medium text-slate-800">{text}</span>
      {label}
    </>
  );
}

/** Accepted: record the carrier and tracking number. Shipped: show them, correct them, or mark delivered. */
function ShipmentArea({
  applicant,
  offers,
  actions,
  busy,
}: {
  applicant: Applicant;
  offers: ReadonlySet<ApplicationAction>;
  actions: ApplicantActions;
  busy: boolean;
}) {
  const id = useId();
  const shipped = applicant.status === 'shipped';
  const [editing, setEditing] = useState(!shipped);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ShipmentInput, unknown, Shipment>({
    resolver: zodResolver(shipmentSchema),
    defaultValues: { carrier: applicant.carrier ?? '', trackingNumber: applicant.trackingNumber ?? '' },
  });
  const url = trackingUrl(applicant.carrier, applicant.trackingNumber);
  const invalid = form.formState.errors.carrier ?? form.formState.errors.trackingNumber;

  const submit = form.handleSubmit(async ({ carrier, trackingNumber }) => {
    setError(null);
    const problem = await actions.ship(applicant, carrier, trackingNumber);
    setError(problem);
    if (!problem) setEditing(false);
  });

  return (
    <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 sm:p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <Truck aria-hidden="true" className="size-4 text-mint-700" />
        {shipped ? 'PR box shipped' : 'Ship the PR box'}
      </p>
      {shipped && !editing ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <TrackingText applicant={applicant} url={url} />
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button size="sm" variant="outline" onClick={() => setEditing(true)} disabled={busy}>
              <Pencil aria-hidden="true" />
              Edit tracking
            </Button>
            {offers.has('mark_delivered') ? (
              <Button
                size="sm"
                onClick={() => actions.markDelivered(applicant)}
                disabled={busy}
                aria-label={`Mark delivered for ${applicant.influencer.name}`}
              >
                <PackageCheck aria-hidden="true" />
                Mark delivered
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
          aria-label={`Shipment for ${applicant.influencer.name}`}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-carrier`} className="text-xs">
              Carrier
            </Label>
            <Input
              id={`${id}-carrier`}
              list={`${id}-carriers`}
              maxLength={CARRIER_MAX}
              placeholder="UPS"
              aria-invalid={form.formState.errors.carrier ? true : undefined}
              {...form.register('carrier')}
            />
            <datalist id={`${id}-carriers`}>
              {CARRIERS.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-tracking`} className="text-xs">
              Tracking number
            </Label>
            <Input
              id={`${id}-tracking`}
              maxLength={TRACKING_MAX}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={form.formState.errors.trackingNumber ? true : undefined}
              {...form.register('trackingNumber')}
            />
          </div>
          <div className="flex gap-2">
            {shipped ? (
              <Button variant="outline" className="h-11" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" className="h-11" disabled={busy || form.formState.isSubmitting}>
              <Truck aria-hidden="true" />
              {shipped ? 'Save tracking' : 'Mark shipped'}
            </Button>
          </div>
          {invalid || error ? (
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-3">
              {invalid?.type === 'too_small'
                ? 'Enter the carrier and the tracking number.'
                : (invalid?.message ?? error)}
            </p>
          ) : null}
        </form>
      )}
    </div>
  );
}

const SUBMISSION_STATUS: Record<string, string> = {
  submitted: 'Waiting for your review',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

function SubmissionArea({
  applicant,
  offers,
  actions,
  busy,
  credited,
}: {
  applicant: Applicant;
  offers: ReadonlySet<ApplicationAction>;
  actions: ApplicantActions;
  busy: boolean;
  credited: number | undefined;
}) {
  const submission = applicant.latestSubmission!;
  // Only the latest submission, while it waits, can be reviewed (the table decides what the application allows).
  const waiting = submission.status === 'submitted';
  const reviewable = waiting && (offers.has('approve') || offers.has('request_changes'));
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-lg p-3 sm:p-4',
        reviewable ? 'bg-yellow-50 ring-1 ring-yellow-200' : 'bg-slate-50',
      )}
      data-testid="submission"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-800">
          Content · {formatShortDate(submission.createdAt)}
        </p>
        <span className="text-xs font-medium text-slate-600">{SUBMISSION_STATUS[submission.status]}</span>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Submitted posts">
        {submission.urls.map((url) => (
          <li key={url} className="flex min-w-0">
            <PostPreview
              url={url}
              preview={submission.previews.find((p) => p.postUrl === url)}
              className="flex-1"
            />
          </li>
        ))}
      </ul>
      {submission.note ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">Note:</span> {submission.note}
        </p>
      ) : null}
      {submission.status === 'changes_requested' && submission.reviewMessage ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">You asked:</span> {submission.reviewMessage}
        </p>
      ) : null}
      {submission.status === 'approved' ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-green-800" data-testid="credited">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {credited !== undefined ? `Approved: ${credited} Mint credited` : 'Approved: reward credited'}
        </p>
      ) : null}
      {reviewable ? (
        <div className="flex flex-wrap gap-2">
          {offers.has('approve') ? (
            <Button
              size="sm"
              onClick={() => actions.approve(applicant)}
              disabled={busy}
              aria-label={`Approve content from ${applicant.influencer.name}`}
            >
              <CheckCircle2 aria-hidden="true" />
              Approve
            </Button>
          ) : null}
          {offers.has('request_changes') ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => actions.requestChanges(applicant)}
              disabled={busy}
              aria-label={`Request changes from ${applicant.influencer.name}`}
            >
              <MessageSquare aria-hidden="true" />
              Request changes
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
