import {
  AlertTriangle,
  CalendarClock,
  Compass,
  ExternalLink,
  MessageSquare,
  PackageCheck,
  Plus,
  Send,
  Trash2,
  Truck,
  Undo2,
} from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { PLATFORM_LABELS } from '../../../../shared/constants';
import { type DeliveryProblem, isPlatformPostUrl, shipsBox } from '../../../../shared/lifecycle';
import type { MyApplication } from '../../../../shared/schemas/application';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';
import { PlatformIcon } from '../../../components/platform-icon';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonVariants } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input, Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { campaignReward, formatShortIsoDate } from '../../../lib/format';
import { useApplicationActions } from '../api/dashboard-queries';

const PROBLEM_LABELS: Record<DeliveryProblem, string> = {
  not_received: 'Not received',
  damaged: 'Damaged',
};

/** Statuses in which the upload deadline matters to the creator. */
const DEADLINE_STATUSES = ['accepted', 'shipped', 'delivered', 'content_submitted', 'changes_requested'];

type Open =
  | { kind: 'withdraw'; application: MyApplication }
  | { kind: 'report'; application: MyApplication }
  | { kind: 'submit'; application: MyApplication }
  | null;

/** My Campaigns: every application with its progress, next step and the actions open to the creator now. */
export function MyCampaigns({
  applications,
  loading,
  error,
  retry,
  limit,
}: {
  applications: MyApplication[];
  loading: boolean;
  error: Error | null;
  retry: () => void;
  limit?: number;
}) {
  const [open, setOpen] = useState<Open>(null);
  if (loading) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Loading your campaigns">
        <Skeleton className="h-36 w-full rounded-xl" />
        <Skeleton className="h-36 w-full rounded-xl" />
      </div>
    );
  }
  if (error) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">We couldn't load your campaigns.</p>
        <p className="mt-1 text-sm text-red-700">{error.message}</p>
        <Button className="mt-4" variant="outline" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (applications.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
        data-testid="campaigns-empty"
      >
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-mint-50 text-mint-700">
          <Compass aria-hidden="true" className="size-6" />
        </span>
        <p className="text-lg font-semibold">No campaigns yet</p>
        <p className="max-w-sm text-sm text-slate-600">
          Campaigns you apply to show here with their progress, PR box tracking and content deadlines.
        </p>
        <Link to="/main" className={buttonVariants({ className: 'mt-2' })}>
          <Compass aria-hidden="true" />
          Browse Campaigns
        </Link>
      </div>
    );
  }
  const shown = limit ? applications.slice(0, limit) : applications;
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="My campaigns">
        {shown.map((application) => (
          <ApplicationItem key={application.id} application={application} onOpen={setOpen} />
        ))}
      </ul>
      <ActionDialogs open={open} onClose={() => setOpen(null)} />
    </>
  );
}

function ApplicationItem({
  application: a,
  onOpen,
}: {
  application: MyApplication;
  onOpen: (open: Open) => void;
}) {
  const actions = useApplicationActions();
  const box = shipsBox(a.campaign.type);
  const canReport = box && (a.status === 'shipped' || a.status === 'delivered');
  const changes = a.status === 'changes_requested';
  const changeMessage = a.latestSubmission?.reviewMessage ?? a.adminMessage;
  const titleId = useId();

  const confirmDelivery = async () => {
    try {
      await actions.delivery.mutateAsync({ id: a.id, input: { action: 'confirm' } });
      toast({ title: 'Delivery confirmed', description: 'Post your content and submit the link.' });
    } catch (e) {
      toast({
        title: 'Could not confirm delivery',
        description: (e as Error).message,
        variant: 'destructive',
      });
    }
  };

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

        <p className="text-sm font-medium text-slate-800" data-testid="next-step">
          {a.nextStep}
        </p>

        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {DEADLINE_STATUSES.includes(a.status) ? (
            <div className="flex items-center gap-1.5">
              <dt className="flex items-center gap-1.5 text-slate-600">
                <CalendarClock aria-hidden="true" className="size-4 text-slate-500" />
                Upload deadline
              </dt>
              <dd className="font-medium">{formatShortIsoDate(a.uploadDeadline)}</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-1.5">
            <dt className="text-slate-600">Reward</dt>
            <dd className="font-medium" data-testid="reward">
              {campaignReward(a.campaign).text}
            </dd>
          </div>
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

        {a.deliveryProblem ? (
          <p className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            You reported a problem with your PR box: {PROBLEM_LABELS[a.deliveryProblem]}. The brand has been
            told.
          </p>
        ) : null}

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

        <div className="flex flex-wrap gap-2 pt-1">
          {a.canConfirmDelivery ? (
            <Button size="sm" onClick={confirmDelivery} disabled={actions.delivery.isPending}>
              <PackageCheck aria-hidden="true" />
              Confirm delivery
            </Button>
          ) : null}
          {canReport ? (
            <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'report', application: a })}>
              <AlertTriangle aria-hidden="true" />
              Report a problem
            </Button>
          ) : null}
          {a.canSubmitContent ? (
            <Button size="sm" onClick={() => onOpen({ kind: 'submit', application: a })}>
              <Send aria-hidden="true" />
              {changes ? 'Resubmit content' : 'Submit content'}
            </Button>
          ) : null}
          {a.canWithdraw ? (
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
      </div>
    </li>
  );
}

function ActionDialogs({ open, onClose }: { open: Open; onClose: () => void }) {
  if (!open) return null;
  if (open.kind === 'withdraw') return <WithdrawDialog application={open.application} onClose={onClose} />;
  if (open.kind === 'report') return <ReportDialog application={open.application} onClose={onClose} />;
  return <SubmitDialog application={open.application} onClose={onClose} />;
}

function WithdrawDialog({ application, onClose }: { application: MyApplication; onClose: () => void }) {
  const { withdraw } = useApplicationActions();
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Withdraw from ${application.campaign.name}?`}
      description="The brand will no longer review your application. You cannot apply to this campaign again."
      confirmLabel="Withdraw"
      confirmVariant="destructive"
      pending={withdraw.isPending}
      error={withdraw.error?.message}
      onConfirm={async () => {
        try {
          await withdraw.mutateAsync(application.id);
          toast({ title: 'Application withdrawn', description: application.campaign.name });
          onClose();
        } catch {
          // Shown in the dialog.
        }
      }}
    />
  );
}

function ReportDialog({ application, onClose }: { application: MyApplication; onClose: () => void }) {
  const id = useId();
  const { delivery } = useApplicationActions();
  const [problem, setProblem] = useState<DeliveryProblem>('not_received');
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Report a problem with your PR box"
      description={`${application.campaign.brand} is told at once and will get back to you.`}
      confirmLabel="Send report"
      pending={delivery.isPending}
      error={delivery.error?.message}
      onConfirm={async () => {
        try {
          await delivery.mutateAsync({
            id: application.id,
            input: { action: 'report', problem, note: note.trim() || undefined },
          });
          toast({ title: 'Problem reported', description: 'The brand has been told.' });
          onClose();
        } catch {
          // Shown in the dialog.
        }
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">What happened?</legend>
        {(Object.keys(PROBLEM_LABELS) as DeliveryProblem[]).map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm font-medium',
              problem === value ? 'border-mint-600 bg-mint-50' : 'border-slate-200',
            )}
          >
            <input
              type="radio"
              name={`${id}-problem`}
              value={value}
              checked={problem === value}
              onChange={() => setProblem(value)}
              className="size-4 accent-mint-700"
            />
            {value === 'not_received' ? 'My PR box has not arrived' : 'My PR box arrived damaged'}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-note`}>Details (optional)</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={1000}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

function SubmitDialog({ application, onClose }: { application: MyApplication; onClose: () => void }) {
  const id = useId();
  const { submit } = useApplicationActions();
  const platform = PLATFORM_LABELS[application.campaign.platform];
  const [urls, setUrls] = useState<string[]>(['']);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const changeMessage =
    application.status === 'changes_requested'
      ? (application.latestSubmission?.reviewMessage ?? application.adminMessage)
      : null;

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const links = urls.map((u) => u.trim()).filter(Boolean);
    if (links.length === 0) {
      setProblem(`Add the link to your ${platform} post.`);
      return;
    }
    const bad = links.find((u) => !isPlatformPostUrl(u, application.campaign.platform));
    if (bad) {
      setProblem(`${bad} is not a link to a ${platform} post.`);
      return;
    }
    setProblem(null);
    try {
      await submit.mutateAsync({ id: application.id, urls: links, note: note.trim() || undefined });
      toast({
        title: 'Content submitted',
        description: 'The brand will review it soon.',
        variant: 'success',
      });
      onClose();
    } catch (e) {
      setProblem((e as Error).message);
    }
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Submit your content for ${application.campaign.name}`}
      description={`Add the link to your ${platform} post. Due by ${formatShortIsoDate(application.uploadDeadline)}.`}
      confirmLabel="Submit"
      pending={submit.isPending}
      error={problem}
      onConfirm={() => onSubmit()}
    >
      {changeMessage ? <Alert title="Changes requested">{changeMessage}</Alert> : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">
          <PlatformIcon
            platform={application.campaign.platform}
            className="mr-1.5 inline size-4 align-[-2px]"
          />
          {platform} post links
        </legend>
        {urls.map((url, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions in a short list being edited
          <div key={index} className="flex gap-2">
            <label htmlFor={`${id}-url-${index}`} className="sr-only">
              Link {index + 1}
            </label>
            <Input
              id={`${id}-url-${index}`}
              type="url"
              inputMode="url"
              value={url}
              placeholder={PLACEHOLDERS[application.campaign.platform]}
              onChange={(event) => setUrls(urls.map((u, i) => (i === index ? event.target.value : u)))}
              autoComplete="off"
            />
            {urls.length > 1 ? (
              <Button
                variant="ghost"
                size="icon"
                className="h-11 shrink-0"
                aria-label={`Remove link ${index + 1}`}
                onClick={() => setUrls(urls.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ))}
        {urls.length < 10 ? (
          <Button variant="ghost" size="sm" className="w-fit" onClick={() => setUrls([...urls, ''])}>
            <Plus aria-hidden="true" />
            Add another link
          </Button>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-note`}>Note to the brand (optional)</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={1000}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

const PLACEHOLDERS: Record<string, string> = {
  instagram: 'https://www.instagram.com/p/…',
  tiktok: 'https://www.tiktok.com/@you/video/…',
  youtube: 'https://www.youtube.com/watch?v=…',
  facebook: 'https://www.facebook.com/…',
};
