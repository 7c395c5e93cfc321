import {
  ArrowLeft,
  BarChart3,
  CheckCircle2,
  FileDown,
  Inbox,
  Pencil,
  Upload,
  Users,
  XCircle,
} from 'lucide-react';
import { type ChangeEvent, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CAMPAIGN_TYPE_LABELS, PLATFORM_LABELS } from '../../../shared/constants';
import { uploadDeadline } from '../../../shared/dates';
import { type ApplicationStatus, shipsBox as campaignShipsBox } from '../../../shared/lifecycle';
import type { Applicant } from '../../../shared/schemas/application';
import type { AdminCampaign } from '../../../shared/schemas/campaign';
import { CampaignStatusBadge } from '../../components/campaign-status-badge';
import { PlatformIcon } from '../../components/platform-icon';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Label } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { getErrorMessage, isNotFound } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { saveFile } from '../../lib/download';
import { campaignReward, formatNumber, formatShortIsoDate, formatUsd } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  type ShipmentReport,
  useAdminCampaign,
  useApplicants,
  useReviewActions,
} from './api/campaign-management';
import { AdminEmptyState } from './components/admin-layout';
import { type ApplicantActions, ApplicantCard } from './components/applicant-card';
import { CampaignFormDialog } from './components/campaign-form-dialog';
import { CampaignIcon } from './components/campaign-visuals';

const FILTERS: Array<{ id: string; label: string; statuses: ApplicationStatus[] | null }> = [
  { id: 'all', label: 'All', statuses: null },
  { id: 'review', label: 'To review', statuses: ['applied'] },
  {
    id: 'progress',
    label: 'In progress',
    statuses: ['accepted', 'shipped', 'delivered', 'content_submitted', 'changes_requested'],
  },
  { id: 'approved', label: 'Approved', statuses: ['approved'] },
  { id: 'closed', label: 'Closed', statuses: ['rejected', 'withdrawn', 'missed'] },
];

type Dialog =
  | { kind: 'decide'; ids: number[]; names: string[]; decision: 'accept' | 'reject' }
  | { kind: 'approve'; applicant: Applicant }
  | { kind: 'changes'; applicant: Applicant }
  | null;

/** /admin/campaigns/:id: the campaign and everyone who applied, with each step of their application. */
export function CampaignReviewPage() {
  const { id } = useParams();
  const campaign = useAdminCampaign(id);
  const applicants = useApplicants(id);
  useDocumentTitle(campaign.data ? `Review ${campaign.data.name}` : 'Review campaign');

  if (campaign.isPending) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-label="Loading campaign">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    );
  }
  if (campaign.isError) {
    const notFound = isNotFound(campaign.error);
    return (
      <AdminEmptyState
        icon={<Inbox aria-hidden="true" className="size-6" />}
        title={notFound ? 'Campaign Not Found' : "We couldn't load this campaign"}
      >
        <p>{notFound ? `There is no campaign with id ${id}.` : getErrorMessage(campaign.error)}</p>
        <Link to="/admin/campaigns" className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
          Back to Campaigns
        </Link>
      </AdminEmptyState>
    );
  }
  return <Review campaign={campaign.data} applicants={applicants} />;
}

function Review({
  campaign,
  applicants,
}: {
  campaign: AdminCampaign;
  applicants: ReturnType<typeof useApplicants>;
}) {
  const [editOpen, setEditOpen] = useState(false);
  const box = campaignShipsBox(campaign.type);
  return (
    <>
      <Link
        to="/admin/campaigns"
        className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-mint-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Campaigns
      </Link>
      <section
        aria-labelledby="campaign-title"
        className="mb-8 flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={campaign.imageUrl}
            alt=""
            className="aspect-[3/1] w-full rounded-lg bg-slate-100 object-cover sm:aspect-[3/2] sm:w-40"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <CampaignIcon name={campaign.name} className="hidden sm:inline-flex" />
              <h1 id="campaign-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
                {campaign.name}
              </h1>
              <CampaignStatusBadge status={campaign.status} />
            </div>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
              <span className="font-medium text-slate-800">{campaign.brand}</span>·
              <span className="inline-flex items-center gap-1">
                <PlatformIcon platform={campaign.platform} className="size-4" />
                {PLATFORM_LABELS[campaign.platform]}
              </span>
              ·<span>{CAMPAIGN_TYPE_LABELS[campaign.type]}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2 sm:flex-col">
            <Button variant="outline" size="sm" onClick={() => setEditOpen(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Link
              to={`/admin/details/${campaign.id}`}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <BarChart3 aria-hidden="true" />
              Analytics
            </Link>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 border-t border-slate-100 pt-4 text-sm md:grid-cols-3 lg:grid-cols-6">
          <Fact label="Application deadline" value={formatShortIsoDate(campaign.deadline)} />
          <Fact label="Upload deadline" value={formatShortIsoDate(uploadDeadline(campaign.deadline))} />
          <Fact label="Reward" value={campaignReward(campaign).text} />
          <Fact label="Budget" value={formatUsd(campaign.budget)} />
          <Fact label="Applications" value={formatNumber(campaign.applicationsCount)} />
          <Fact
            label={box ? 'Accepted / boxes' : 'Accepted'}
            value={`${formatNumber(campaign.acceptedCount)}${
              campaign.maxAccepted !== null ? ` / ${formatNumber(campaign.maxAccepted)}` : ''
            }`}
            testId="accepted-count"
          />
        </dl>
      </section>

      <Applicants campaign={campaign} applicants={applicants} />
      <CampaignFormDialog open={editOpen} onOpenChange={setEditOpen} campaign={campaign} />
    </>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Applicants({
  campaign,
  applicants,
}: {
  campaign: AdminCampaign;
  applicants: ReturnType<typeof useApplicants>;
}) {
  const messageId = useId();
  const box = campaignShipsBox(campaign.type);
  const review = useReviewActions(campaign.id);
  const [filter, setFilter] = useState('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [message, setMessage] = useState('');
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [credited, setCredited] = useState<Record<number, number>>({});
  const [report, setReport] = useState<ShipmentReport | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const csvInput = useRef<HTMLInputElement>(null);

  const items = applicants.data?.items ?? [];
  const reviewable = useMemo(() => items.filter((a) => a.status === 'applied'), [items]);
  const chosen = reviewable.filter((a) => selected.has(a.id));
  const shown = useMemo(() => {
    const statuses = FILTERS.find((f) => f.id === filter)?.statuses;
    return statuses ? items.filter((a) => statuses.includes(a.status)) : items;
  }, [items, filter]);
  const awaitingShipment = items.filter((a) => a.status === 'accepted');
  const busy =
    review.decide.isPending ||
    review.approve.isPending ||
    review.requestChanges.isPending ||
    review.delivered.isPending ||
    review.importCsv.isPending;

  const openDialog = (next: Dialog) => {
    setMessage('');
    setDialogError(null);
    setDialog(next);
  };
  const closeDialog = () => setDialog(null);

  const actions: ApplicantActions = {
    decide: (applicant, decision) =>
      openDialog({ kind: 'decide', ids: [applicant.id], names: [applicant.influencer.name], decision }),
    ship: async (applicant, carrier, trackingNumber) => {
      try {
        await review.ship.mutateAsync({ id: applicant.id, carrier, trackingNumber });
        toast({ title: 'Tracking saved', description: `${applicant.influencer.name} was told by email.` });
        return null;
      } catch (e) {
        return e instanceof Error ? e.message : 'The shipment could not be saved.';
      }
    },
    markDelivered: async (applicant) => {
      try {
        await review.delivered.mutateAsync(applicant.id);
        toast({ title: 'Marked delivered', description: applicant.influencer.name });
      } catch (e) {
        toast({
          title: 'Could not mark delivered',
          description: (e as Error).message,
          variant: 'destructive',
        });
      }
    },
    approve: (applicant) => openDialog({ kind: 'approve', applicant }),
    requestChanges: (applicant) => openDialog({ kind: 'changes', applicant }),
  };

  const confirm = async () => {
    if (!dialog) return;
    setDialogError(null);
    try {
      if (dialog.kind === 'decide') {
        await review.decide.mutateAsync({
          ids: dialog.ids,
          decision: dialog.decision,
          message: message.trim() || undefined,
        });
        setSelected(new Set());
        toast({
          title: `${dialog.decision === 'accept' ? 'Accepted' : 'Rejected'} ${
            dialog.ids.length === 1 ? dialog.names[0] : `${dialog.ids.length} creators`
          }`,
          description: 'They were told by email.',
          variant: 'success',
        });
      } else if (dialog.kind === 'approve') {
        const result = await review.approve.mutateAsync(dialog.applicant.latestSubmission!.id);
        setCredited((current) => ({ ...current, [dialog.applicant.id]: result.credited }));
        toast({
          title: 'Content approved',
          description: `${result.credited} Mint credited to ${dialog.applicant.influencer.name}.`,
          variant: 'success',
        });
      } else {
        if (!message.trim()) {
          setDialogError('Tell the creator what to change.');
          return;
        }
        await review.requestChanges.mutateAsync({
          submissionId: dialog.applicant.latestSubmission!.id,
          message: message.trim(),
        });
        toast({
          title: 'Changes requested',
          description: `${dialog.applicant.influencer.name} was told by email.`,
        });
      }
      closeDialog();
    } catch (e) {
      setDialogError(e instanceof Error ? e.message : 'That did not work. Try again.');
    }
  };

  const onCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setCsvError(null);
    setReport(null);
    if (file.size > 1_000_000) {
      setCsvError('The CSV file must be at most 1 MB');
      return;
    }
    try {
      const result = await review.importCsv.mutateAsync(await file.text());
      setReport(result);
    } catch (e) {
      setCsvError(e instanceof Error ? e.message : 'The file could not be imported.');
    }
  };

  const downloadTemplate = () => {
    const rows = ['application_id,carrier,tracking_number', ...awaitingShipment.map((a) => `${a.id},,`)];
    saveFile(
      new Blob([`${rows.join('\n')}\n`], { type: 'text/csv' }),
      `shipments-campaign-${campaign.id}.csv`,
    );
  };

  const counts = Object.fromEntries(
    FILTERS.map((f) => [
      f.id,
      f.statuses ? items.filter((a) => f.statuses!.includes(a.status)).length : items.length,
    ]),
  );
  const pending =
    dialog?.kind === 'decide'
      ? review.decide.isPending
      : dialog?.kind === 'approve'
        ? review.approve.isPending
        : review.requestChanges.isPending;

  return (
    <section aria-labelledby="applicants-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="applicants-title" className="text-xl font-bold tracking-tight">
          Applicants{applicants.data ? ` (${items.length})` : ''}
        </h2>
        {box ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={csvInput}
              type="file"
              accept=".csv,text/csv,text/plain"
              className="hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={onCsv}
              data-testid="csv-input"
            />
            <Button
              variant="outline"
              size="sm"
              onClick={downloadTemplate}
              disabled={awaitingShipment.length === 0}
              title="A CSV with the accepted applications waiting for a shipment"
            >
              <FileDown aria-hidden="true" />
              CSV template
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => csvInput.current?.click()}
              disabled={review.importCsv.isPending}
            >
              <Upload aria-hidden="true" />
              {review.importCsv.isPending ? 'Importing…' : 'Upload CSV'}
            </Button>
          </div>
        ) : null}
      </div>
      {box ? (
        <p className="-mt-2 text-sm text-slate-600">
          Shipments can be imported from a CSV with the columns application_id, carrier, tracking_number.
        </p>
      ) : null}

      {csvError ? <Alert variant="destructive">{csvError}</Alert> : null}
      {report ? (
        <div
          role="status"
          className={cn(
            'rounded-lg border p-3.5 text-sm',
            report.errors.length
              ? 'border-yellow-200 bg-yellow-50 text-yellow-900'
              : 'border-mint-200 bg-mint-50 text-mint-900',
          )}
          data-testid="csv-report"
        >
          <div className="flex items-start justify-between gap-3">
            <p className="font-semibold">
              Imported {report.imported} shipment{report.imported === 1 ? '' : 's'}
              {report.errors.length
                ? `; ${report.errors.length} row${report.errors.length === 1 ? '' : 's'} not imported:`
                : '.'}
            </p>
            <button
              type="button"
              className="shrink-0 rounded px-1 text-xs font-semibold underline"
              onClick={() => setReport(null)}
            >
              Dismiss
            </button>
          </div>
          {report.errors.length ? (
            <ul className="mt-2 flex list-disc flex-col gap-0.5 pl-5">
              {report.errors.map((e) => (
                <li key={`${e.line}-${e.error}`}>
                  Line {e.line}: {e.error}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {applicants.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-label="Loading applicants">
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      ) : applicants.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">We couldn't load the applicants.</p>
          <p className="mt-1 text-sm text-red-700">{applicants.error.message}</p>
          <Button className="mt-4" variant="outline" onClick={() => applicants.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
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
            <fieldset className="flex flex-wrap gap-1.5">
              <legend className="sr-only">Show applicants</legend>
              {FILTERS.map((f) => (
                <button
                  key={f.id}
                  type="button"
                  aria-pressed={filter === f.id}
                  onClick={() => setFilter(f.id)}
                  className={cn(
                    'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
                    filter === f.id
                      ? 'border-mint-700 bg-mint-700 text-white'
                      : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                  )}
                >
                  {f.label} <span className="tabular-nums opacity-80">{counts[f.id]}</span>
                </button>
              ))}
            </fieldset>
            {reviewable.length > 0 ? (
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
                      setSelected(event.target.checked ? new Set(reviewable.map((a) => a.id)) : new Set())
                    }
                  />
                  {chosen.length ? `${chosen.length} selected` : 'Select all to review'}
                </label>
                <Button
                  size="sm"
                  disabled={chosen.length === 0 || busy}
                  onClick={() =>
                    openDialog({
                      kind: 'decide',
                      ids: chosen.map((a) => a.id),
                      names: chosen.map((a) => a.influencer.name),
                      decision: 'accept',
                    })
                  }
                >
                  <CheckCircle2 aria-hidden="true" />
                  Accept selected
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={chosen.length === 0 || busy}
                  onClick={() =>
                    openDialog({
                      kind: 'decide',
                      ids: chosen.map((a) => a.id),
                      names: chosen.map((a) => a.influencer.name),
                      decision: 'reject',
                    })
                  }
                >
                  <XCircle aria-hidden="true" />
                  Reject selected
                </Button>
              </div>
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
                  onSelect={(on) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (on) next.add(applicant.id);
                      else next.delete(applicant.id);
                      return next;
                    })
                  }
                  actions={actions}
                  busy={busy}
                  credited={credited[applicant.id]}
                />
              ))}
            </ul>
          )}
        </>
      )}

      {dialog ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : closeDialog())}
          pending={pending}
          error={dialogError}
          onConfirm={confirm}
          {...dialogText(dialog, campaign)}
        >
          {dialog.kind !== 'approve' ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={messageId}>
                {dialog.kind === 'changes' ? 'What should change?' : 'Message to the creator (optional)'}
              </Label>
              <Textarea
                id={messageId}
                value={message}
                maxLength={dialog.kind === 'changes' ? 2000 : 1000}
                rows={4}
                onChange={(event) => setMessage(event.target.value)}
                required={dialog.kind === 'changes'}
                aria-required={dialog.kind === 'changes'}
                placeholder={
                  dialog.kind === 'changes'
                    ? 'e.g. Please show the product label in the first 3 seconds.'
                    : 'It is included in the email they receive.'
                }
              />
            </div>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function dialogText(dialog: NonNullable<Dialog>, campaign: AdminCampaign) {
  if (dialog.kind === 'decide') {
    const who = dialog.ids.length === 1 ? dialog.names[0]! : `${dialog.ids.length} creators`;
    const accept = dialog.decision === 'accept';
    return {
      title: `${accept ? 'Accept' : 'Reject'} ${who}?`,
      description: accept
        ? `They join ${campaign.name}${campaignShipsBox(campaign.type) ? ' and wait for their PR box' : ''}. Each gets an email.`
        : 'Each gets an email saying they were not selected this time.',
      confirmLabel: accept ? 'Accept' : 'Reject',
      confirmVariant: accept ? ('default' as const) : ('destructive' as const),
    };
  }
  if (dialog.kind === 'approve') {
    return {
      title: `Approve content from ${dialog.applicant.influencer.name}?`,
      description:
        campaign.reward > 0
          ? `This credits the reward of ${campaignReward(campaign).mint} to their balance, once.`
          : 'This campaign pays no Mint: approving marks their content as done.',
      confirmLabel: 'Approve',
      confirmVariant: 'default' as const,
    };
  }
  return {
    title: `Request changes from ${dialog.applicant.influencer.name}?`,
    description: 'They get your message by email and can submit their content again.',
    confirmLabel: 'Send request',
    confirmVariant: 'default' as const,
  };
}
