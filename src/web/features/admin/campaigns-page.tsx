import {
  ChevronLeft,
  ChevronRight,
  DollarSign,
  Eye,
  Megaphone,
  Pencil,
  Plus,
  Search,
  Trash2,
  TrendingUp,
  Users,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AdminCampaign } from '../../../shared/schemas/campaign';
import { CampaignStatusBadge } from '../../components/campaign-status-badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import {
  formatMillions,
  formatNumber,
  formatShortIsoDate,
  formatThousands,
  formatThousandsUsd,
  formatUsd,
} from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  ADMIN_CAMPAIGNS_PAGE_SIZE,
  useAdminCampaigns,
  useCampaignStats,
  useDeleteCampaign,
  useEndCampaign,
} from './api/campaign-management';
import { AdminEmptyState, AdminPageHeader } from './components/admin-layout';
import { CampaignFormDialog } from './components/campaign-form-dialog';
import { CampaignIcon } from './components/campaign-visuals';

const SEARCH_DEBOUNCE_MS = 300;
const SKELETON_ROWS = Array.from({ length: 5 }, (_, i) => `row-${i}`);

/** /admin/campaigns 'Campaign Management': stats, search, the campaign table, add, edit and delete. */
export function CampaignsPage() {
  useDocumentTitle('Campaign Management');
  const searchId = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const offset = (page - 1) * ADMIN_CAMPAIGNS_PAGE_SIZE;
  const stats = useCampaignStats();
  const list = useAdminCampaigns(q, offset);
  const [draft, setDraft] = useState(q);
  const [editing, setEditing] = useState<AdminCampaign | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminCampaign | null>(null);

  // Typing searches on the server after a short pause; the search lives in the URL (?q=).
  useEffect(() => {
    const next = draft.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      const search = new URLSearchParams(params);
      if (next) search.set('q', next);
      else search.delete('q');
      search.delete('page');
      setParams(search, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, q, params, setParams]);
  // Back and forward change the URL: follow it (but keep what is being typed, spaces included).
  useEffect(() => setDraft((current) => (current.trim() === q ? current : q)), [q]);

  const goToPage = (next: number) => {
    const search = new URLSearchParams(params);
    if (next > 1) search.set('page', String(next));
    else search.delete('page');
    setParams(search, { preventScrollReset: true });
  };

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (campaign: AdminCampaign) => {
    setEditing(campaign);
    setFormOpen(true);
  };
  const review = (campaign: AdminCampaign) => navigate(`/admin/campaigns/${campaign.id}`);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_CAMPAIGNS_PAGE_SIZE));

  return (
    <>
      <AdminPageHeader
        title="Campaign Management"
        description="Create, edit and track your brand campaigns."
        actions={
          <Button onClick={openAdd}>
            <Plus aria-hidden="true" />
            Add Campaign
          </Button>
        }
      />

      <StatCards stats={stats} />

      <search className="mb-5 block sm:max-w-md">
        <form onSubmit={(event) => event.preventDefault()} className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search campaigns
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id={searchId}
            type="search"
            value={draft}
            maxLength={100}
            placeholder="Search by name, brand or tag"
            onChange={(event) => setDraft(event.target.value)}
            className="pl-9"
          />
        </form>
      </search>

      {list.isError && !list.data ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">We couldn't load campaigns.</p>
          <p className="mt-1 text-sm text-red-700">{list.error.message}</p>
          <Button className="mt-4" variant="outline" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data && items.length === 0 ? (
        total > 0 ? (
          <AdminEmptyState
            icon={<Megaphone aria-hidden="true" className="size-6" />}
            title="This page is empty"
          >
            <Button className="mt-2" variant="outline" onClick={() => goToPage(1)}>
              Back to the first page
            </Button>
          </AdminEmptyState>
        ) : (
          <AdminEmptyState
            icon={<Megaphone aria-hidden="true" className="size-6" />}
            title={q ? 'No campaigns match your search' : 'No campaigns yet'}
          >
            <p>
              {q
                ? 'Try a different name, brand or tag.'
                : 'Add your first campaign: creators can apply once it is Active.'}
            </p>
            {q ? (
              <Button className="mt-4" variant="outline" onClick={() => setDraft('')}>
                Clear search
              </Button>
            ) : (
              <Button className="mt-4" onClick={openAdd}>
                <Plus aria-hidden="true" />
                Add Campaign
              </Button>
            )}
          </AdminEmptyState>
        )
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {/* 640 px and wider: the table. */}
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[880px] text-left text-sm" aria-busy={list.isFetching}>
              <caption className="sr-only">Campaigns</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Budget
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Reach
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Timeline
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Influencers
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data
                  ? items.map((campaign) => (
                      <tr
                        key={campaign.id}
                        data-testid="campaign-row"
                        data-campaign-id={campaign.id}
                        className="cursor-pointer hover:bg-slate-50"
                        onClick={(event) => {
                          if ((event.target as HTMLElement).closest('a,button')) return;
                          review(campaign);
                        }}
                      >
                        <td className="px-4 py-3">
                          <div className="flex min-w-52 items-center gap-3">
                            <CampaignIcon name={campaign.name} />
                            <div className="min-w-0">
                              <Link
                                to={`/admin/campaigns/${campaign.id}`}
                                className="font-semibold text-slate-900 hover:text-mint-700 hover:underline"
                              >
                                {campaign.name}
                              </Link>
                              <p className="text-xs text-slate-500">{campaign.brand}</p>
                            </div>
                          </div>
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums">{formatUsd(campaign.budget)}</td>
                        <td className="px-4 py-3 text-right tabular-nums">
                          {formatThousands(campaign.reach)}
                        </td>
                        <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                          {formatShortIsoDate(campaign.deadline)}
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums" data-testid="influencers-count">
                          {formatNumber(campaign.acceptedCount)}
                          {campaign.maxAccepted !== null ? (
                            <span className="text-slate-500"> / {formatNumber(campaign.maxAccepted)}</span>
                          ) : null}
                        </td>
                        <td className="px-4 py-3">
                          <CampaignStatusBadge status={campaign.status} />
                        </td>
                        <td className="px-4 py-3">
                          <RowActions
                            campaign={campaign}
                            onEdit={() => openEdit(campaign)}
                            onDelete={() => setDeleting(campaign)}
                          />
                        </td>
                      </tr>
                    ))
                  : SKELETON_ROWS.map((key) => (
                      <tr key={key}>
                        <td colSpan={7} className="px-4 py-3">
                          <Skeleton className="h-10 w-full" />
                        </td>
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>

          {/* Under 640 px: one card per campaign. */}
          <ul
            className="divide-y divide-slate-100 sm:hidden"
            aria-label="Campaigns"
            aria-busy={list.isFetching}
          >
            {list.data
              ? items.map((campaign) => (
                  <li key={campaign.id} className="flex flex-col gap-3 p-4" data-testid="campaign-card-admin">
                    <div className="flex items-start gap-3">
                      <CampaignIcon name={campaign.name} />
                      <div className="min-w-0 flex-1">
                        <Link
                          to={`/admin/campaigns/${campaign.id}`}
                          className="font-semibold break-words text-slate-900 hover:underline"
                        >
                          {campaign.name}
                        </Link>
                        <p className="text-xs text-slate-500">{campaign.brand}</p>
                      </div>
                      <CampaignStatusBadge status={campaign.status} />
                    </div>
                    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                      <div>
                        <dt className="text-xs text-slate-500">Budget</dt>
                        <dd className="font-medium tabular-nums">{formatUsd(campaign.budget)}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-slate-500">Reach</dt>
                        <dd className="font-medium tabular-nums">{formatThousands(campaign.reach)}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-slate-500">Timeline</dt>
                        <dd className="font-medium">{formatShortIsoDate(campaign.deadline)}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-slate-500">Influencers</dt>
                        <dd className="font-medium tabular-nums">
                          {formatNumber(campaign.acceptedCount)}
                          {campaign.maxAccepted !== null ? ` / ${formatNumber(campaign.maxAccepted)}` : ''}
                        </dd>
                      </div>
                    </dl>
                    <RowActions
                      campaign={campaign}
                      onEdit={() => openEdit(campaign)}
                      onDelete={() => setDeleting(campaign)}
                      wide
                    />
                  </li>
                ))
              : SKELETON_ROWS.slice(0, 3).map((key) => (
                  <li key={key} className="p-4">
                    <Skeleton className="h-28 w-full" />
                  </li>
                ))}
          </ul>

          {list.data && total > ADMIN_CAMPAIGNS_PAGE_SIZE ? (
            <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:flex-row">
              <p className="text-slate-600" aria-live="polite">
                Showing {offset + 1}–{offset + items.length} of {formatNumber(total)}
              </p>
              <div className="flex items-center gap-2">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <span className="text-slate-600">
                  Page {page} of {pages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => goToPage(page + 1)}
                >
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      )}

      <CampaignFormDialog open={formOpen} onOpenChange={setFormOpen} campaign={editing} />
      <DeleteCampaignDialog campaign={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function StatCards({ stats }: { stats: ReturnType<typeof useCampaignStats> }) {
  const data = stats.data;
  const cards: Array<{ label: string; value: string | undefined; icon: ReactNode; testId: string }> = [
    {
      label: 'Total Campaigns',
      value: data ? formatNumber(data.totalCampaigns) : undefined,
      icon: <Megaphone aria-hidden="true" className="size-5" />,
      testId: 'stat-total-campaigns',
    },
    {
      label: 'Active Campaigns',
      value: data ? formatNumber(data.activeCampaigns) : undefined,
      icon: <TrendingUp aria-hidden="true" className="size-5" />,
      testId: 'stat-active-campaigns',
    },
    {
      label: 'Total Reach',
      value: data ? formatMillions(data.totalReach) : undefined,
      icon: <Users aria-hidden="true" className="size-5" />,
      testId: 'stat-total-reach',
    },
    {
      label: 'Total Spent',
      value: data ? formatThousandsUsd(data.totalSpent) : undefined,
      icon: <DollarSign aria-hidden="true" className="size-5" />,
      testId: 'stat-total-spent',
    },
  ];
  return (
    <section aria-label="Campaign stats" className="mb-6">
      {stats.isError ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          The stats could not be loaded: {stats.error.message}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {cards.map((card) => (
          <div
            key={card.label}
            className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 sm:pr-16"
          >
            <dt className="text-xs font-medium text-slate-600 sm:text-sm">
              {card.label}
              <span className="absolute top-5 right-5 hidden size-10 items-center justify-center rounded-lg bg-mint-50 text-mint-700 sm:inline-flex">
                {card.icon}
              </span>
            </dt>
            <dd className="mt-1 text-2xl font-bold tracking-tight tabular-nums" data-testid={card.testId}>
              {card.value ?? (stats.isError ? '–' : <Skeleton className="h-8 w-16" />)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function RowActions({
  campaign,
  onEdit,
  onDelete,
  wide = false,
}: {
  campaign: AdminCampaign;
  onEdit: () => void;
  onDelete: () => void;
  wide?: boolean;
}) {
  return (
    <div className={cn('flex items-center gap-1', wide ? 'flex-wrap gap-2' : 'justify-end')}>
      <Link
        to={`/admin/campaigns/${campaign.id}`}
        className={buttonVariants({ variant: wide ? 'outline' : 'ghost', size: 'sm' })}
        aria-label={wide ? undefined : `Review ${campaign.name}`}
      >
        <Eye aria-hidden="true" />
        Review
      </Link>
      <Button
        variant={wide ? 'outline' : 'ghost'}
        size={wide ? 'sm' : 'icon'}
        onClick={onEdit}
        aria-label={`Edit ${campaign.name}`}
        className={wide ? undefined : 'size-9'}
      >
        <Pencil aria-hidden="true" />
        {wide ? 'Edit' : null}
      </Button>
      <Button
        variant={wide ? 'outline' : 'ghost'}
        size={wide ? 'sm' : 'icon'}
        onClick={onDelete}
        aria-label={`Delete ${campaign.name}`}
        className={cn(wide ? 'text-red-700' : 'size-9 text-red-700 hover:bg-red-50')}
      >
        <Trash2 aria-hidden="true" />
        {wide ? 'Delete' : null}
      </Button>
    </div>
  );
}

/** Delete, with a question first; a campaign with applications cannot go (409), so the dialog offers to end it. */
function DeleteCampaignDialog({
  campaign,
  onClose,
}: {
  campaign: AdminCampaign | null;
  onClose: () => void;
}) {
  const remove = useDeleteCampaign();
  const end = useEndCampaign();
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [shown, setShown] = useState<AdminCampaign | null>(campaign);
  if (campaign && campaign !== shown) {
    setShown(campaign);
    setError(null);
    setConflict(null);
  }
  const target = campaign ?? shown;
  if (!target) return null;

  const close = () => {
    remove.reset();
    end.reset();
    onClose();
  };
  const onDelete = async () => {
    setError(null);
    try {
      await remove.mutateAsync(target.id);
      toast({ title: 'Campaign deleted', description: target.name, variant: 'success' });
      close();
    } catch (e) {
      const message = e instanceof Error ? e.message : 'The campaign could not be deleted.';
      if (e instanceof ApiError && e.status === 409) setConflict(message);
      else setError(message);
    }
  };
  const onEnd = async () => {
    setError(null);
    try {
      await end.mutateAsync(target);
      toast({ title: 'Campaign ended', description: target.name, variant: 'success' });
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The campaign could not be ended.');
    }
  };
  const onOpenChange = (open: boolean) => (open ? undefined : close());

  if (conflict !== null) {
    const ended = target.status === 'ended';
    return (
      <ConfirmDialog
        open={campaign !== null}
        onOpenChange={onOpenChange}
        title={`${target.name} cannot be deleted`}
        description={
          <>
            <p>{conflict}</p>
            <p className="mt-2">
              {ended
                ? 'It is already ended: creators cannot apply, and its applications stay in your records.'
                : 'Ending it stops new applications; its applicants and their work stay in your records.'}
            </p>
          </>
        }
        confirmLabel={ended ? 'Close' : 'End campaign'}
        confirmVariant={ended ? 'outline' : 'destructive'}
        onConfirm={ended ? close : onEnd}
        pending={end.isPending}
        error={error}
      />
    );
  }
  return (
    <ConfirmDialog
      open={campaign !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${target.name}?`}
      description="This removes the campaign for good. A campaign that creators applied to cannot be deleted; you can end it instead."
      confirmLabel="Delete"
      confirmVariant="destructive"
      onConfirm={onDelete}
      pending={remove.isPending}
      error={error}
    />
  );
}
