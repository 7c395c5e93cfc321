import {
  AlertTriangle,
  CalendarClock,
  ExternalLink,
  MessageSquare,
  PackageCheck,
  Send,
  Truck,
  Undo2,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { PLATFORM_LABELS, shipsBox } from '../../../../shared/constants';
import { offeredActions } from '../../../../shared/lifecycle/moves';
import { IN_PROGRESS_STATUSES, isIn } from '../../../../shared/lifecycle/statuses';
import type { MyApplication } from '../../../../shared/schemas/application';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';
import { toastFailure } from '../../../components/failure-toast';
import { PlatformIcon } from '../../../components/platform-icon';
import { Button, buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { campaignReward, formatShortIsoDate } from '../../../lib/format';
import { useApplicationActions } from '../api/dashboard-queries';
import { CarrierTimeline } from './carrier-timeline';
import { DeliveryProblemNote } from './delivery-problem-note';
import { PostingClockNote } from './posting-clock-note';

/** A step the creator opens a dialog for. */
export type ApplicationDialog = {
  kind: 'withdraw' | 'report' | 'submit' | 'message' | 'choice';
  application: MyApplication;
};

/** One application in My Campaigns: the campaign, its progress, next step, facts, messages and what can be done now. */
export function ApplicationItem({
  application: a,
  onOpen,
}: {
  application: MyApplication;
  onOpen: (dialog: ApplicationDialog) => void;
}) {
  const titleId = useId();
  return (
    <li
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:p-5"
      data-testid="my-campaign"
      data-application-id={a.id}
      aria-labelledby={titleId}
    >
      <img
        src={a.campaign.imageUrl}
        alt=""
        className="aspect-[2/1] w-full shrink-0 rounded-lg bg-slate-100 object-cover sm:aspect-[3/2] sm:w-36 sm:self-start"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} className="font-semibold break-words text-slate-900">
              {a.campaign.name}
            </h3>
            <p className="flex items-center gap-1.5 text-sm text-slate-600">
              {a.campaign.brand} ·
              <PlatformIcon platform={a.campaign.platform} className="size-3.5" />
              {PLATFORM_LABELS[a.campaign.platform]}
            </p>
          </div>
          <ApplicationStatusBadge status={a.status} />
        </div>
        <ProgressBar application={a} />
        <p className="text-sm font-medium text-slate-800" data-testid="next-step">
          {a.nextStep}
        </p>
        <ApplicationFacts application={a} />
        <PostingClockNote application={a} />
        <CarrierTimeline tracking={a.tracking} />
        <ApplicationMessages application={a} />
        <ApplicationActions application={a} onOpen={onOpen} />
      </div>
    </li>
  );
}

function ProgressBar({ application: a }: { application: MyApplication }) {
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs font-medium text-slate-600">
        <span>Progress</span>
        <span className="tabular-nums">{a.progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Progress of ${a.campaign.name}`}
        aria-valuenow={a.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn('h-full rounded-full', a.progress === 100 ? 'bg-green-600' : 'bg-mint-600')}
          style={{ width: `${a.progress}%` }}
        />
      </div>
    </div>
  );
}

/** Upload deadline (while content is due or in review), reward and tracking. */
function ApplicationFacts({ application: a }: { application: MyApplication }) {
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {isIn(IN_PROGRESS_STATUSES, a.status) ? (
        <div className="flex items-center gap-1.5">
          <dt className="flex items-center gap-1.5 text-slate-600">
            <CalendarClock aria-hidden="true" className="size-4 text-slate-500" />
            Upload deadline
          </dt>
          <dd className="font-medium" data-testid="upload-deadline">
            {formatShortIsoDate(a.uploadDeadline)}
            {a.postingClock?.paused ? ' (on hold)' : ''}
          </dd>
        </div>
      ) : null}
      <div className="flex items-center gap-1.5">
        <dt className="text-slate-600">Reward</dt>
        <dd className="font-medium" data-testid="reward">
          {campaignReward(a.campaign).text}
        </dd>
      </div>
      {a.choices.length > 0 ? (
        <div className="flex items-center gap-1.5">
          <dt className="text-slate-600">Your box</dt>
          <dd className="font-medium" data-testid="chosen-variants">
            {a.choices.map((c) => `${c.product} · ${c.variant}`).join(', ')}
          </dd>
        </div>
      ) : null}
      {a.trackingNumber ? (
        <div className="flex items-center gap-1.5" data-testid="tracking">
          <dt className="flex items-center gap-1.5 text-slate-600">
            <Truck aria-hidden="true" className="size-4 text-slate-500" />
            Tracking
          </dt>
          <dd className="font-medium">
            {a.trackingUrl ? (
              <a
                href={a.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-mint-700 underline-offset-2 hover:underline"
              >
                {a.carrier} {a.trackingNumber}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              `${a.carrier} ${a.trackingNumber}`
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The brand's words (a change request or a decision message), a reported problem, and the content sent. */
function ApplicationMessages({ application: a }: { application: MyApplication }) {
  const changes = a.status === 'changes_requested';
  const changeMessage = a.latestSubmission?.reviewMessage ?? a.adminMessage;
  return (
    <>
      {changes && changeMessage ? (
        <div
          className="flex gap-2 rounded-lg border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900"
          data-testid="change-request"
        >
          <MessageSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            <span className="font-semibold">Changes requested:</span> {changeMessage}
          </p>
        </div>
      ) : a.adminMessage && (a.status === 'accepted' || a.status === 'rejected') ? (
        <p className="flex gap-2 text-sm text-slate-700">
          <MessageSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>
            <span className="font-semibold">Message from {a.campaign.brand}:</span> {a.adminMessage}
          </span>
        </p>
      ) : null}

      {shipsBox(a.campaign.type) ? <DeliveryProblemNote application={a} /> : null}

      {a.latestSubmission && !changes ? (
        <div className="text-sm">
          <p className="text-slate-600">
            {a.latestSubmission.status === 'approved' ? 'Approved content:' : 'Submitted content:'}
          </p>
          <ul>
            {a.latestSubmission.urls.map((url) => (
              <li key={url}>
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all text-mint-700 underline-offset-2 hover:underline"
                >
                  {url}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** What the creator can do now: confirm delivery, report a problem, submit content, withdraw, view the campaign. */
function ApplicationActions({
  application: a,
  onOpen,
}: {
  application: MyApplication;
  onOpen: (dialog: ApplicationDialog) => void;
}) {
  const { delivery } = useApplicationActions();
  // The steps the table of moves offers the creator at this status (src/shared/lifecycle/moves.ts); content also needs
  // the upload deadline to be open, which the server says in canSubmitContent.
  const offers = offeredActions(a.status, 'creator', shipsBox(a.campaign.type));
  const confirmDelivery = async () => {
    try {
      await delivery.mutateAsync({ id: a.id, input: { action: 'confirm' } });
      toast({ title: 'Delivery confirmed', description: 'Post your content and submit the link.' });
    } catch (error) {
      toastFailure('Could not confirm delivery', error);
    }
  };
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      {offers.has('confirm_delivery') ? (
        <Button size="sm" onClick={confirmDelivery} disabled={delivery.isPending}>
          <PackageCheck aria-hidden="true" />
          Confirm delivery
        </Button>
      ) : null}
      {offers.has('report_problem') ? (
        <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'report', application: a })}>
          <AlertTriangle aria-hidden="true" />
          Report a problem
        </Button>
      ) : null}
      {offers.has('submit_content') && a.canSubmitContent ? (
        <Button size="sm" onClick={() => onOpen({ kind: 'submit', application: a })}>
          <Send aria-hidden="true" />
          {a.status === 'changes_requested' ? 'Resubmit content' : 'Submit content'}
        </Button>
      ) : null}
      {a.canChangeChoice ? (
        <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'choice', application: a })}>
          Change my choice
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="outline"
        onClick={() => onOpen({ kind: 'message', application: a })}
        aria-label={`Message the brand about ${a.campaign.name}`}
      >
        <MessageSquare aria-hidden="true" />
        Message the brand
      </Button>
      {offers.has('withdraw') ? (
        <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'withdraw', application: a })}>
          <Undo2 aria-hidden="true" />
          Withdraw
        </Button>
      ) : null}
      <Link
        to={`/campaign/${a.campaign.id}`}
        className={buttonVariants({ size: 'sm', variant: 'outline' })}
        aria-label={`View Details of ${a.campaign.name}`}
      >
        View Details
      </Link>
    </div>
  );
}
