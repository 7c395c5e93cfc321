import { DollarSign, type LucideIcon, Megaphone, Plus, TrendingUp, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminCampaign, AdminCampaignStats } from '../../../shared/schemas/campaign';
import { AdminPageHeader } from '../../components/admin/admin-layout';
import { AdminPagedList } from '../../components/admin/admin-paged-list';
import { CampaignFormDialog } from '../../components/admin/campaign-form-dialog';
import { ErrorNote } from '../../components/error-panel';
import { ListSearch } from '../../components/list-search';
import { cursorFromParams, pageFromParams, setPageParams } from '../../components/pagination';
import { StatCard } from '../../components/stat-card';
import { Button } from '../../components/ui/button';
import { useAdminCan } from '../../lib/admin-permissions';
import { getErrorMessage } from '../../lib/api-client';
import { formatNumber, formatReach, formatThousandsUsd } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ADMIN_CAMPAIGNS_PAGE_SIZE, useAdminCampaigns, useCampaignStats } from './api/campaign-list';
import { CampaignTable } from './components/campaign-table';
import { DeleteCampaignDialog } from './components/delete-campaign-dialog';

const SEARCH_DEBOUNCE_MS = 300;

/** The search of the campaign table: typed text searches the server after a short pause, and lives in ?q=. */
function useDebouncedSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [draft, setDraft] = useState(q);
  useEffect(() => {
    const next = draft.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      const search = new URLSearchParams(params);
      if (next) search.set('q', next);
      else search.delete('q');
      search.delete('page');
      search.delete('cursor');
      setParams(search, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, q, params, setParams]);
  // Back and forward change the URL: follow it (but keep what is being typed, spaces included).
  useEffect(() => setDraft((current) => (current.trim() === q ? current : q)), [q]);

  const page = pageFromParams(params);
  const cursor = cursorFromParams(params);
  const goToPage = (next: number, nextCursor = '') => {
    const search = new URLSearchParams(params);
    search.delete('page');
    search.delete('cursor');
    setPageParams(search, next, nextCursor);
    setParams(search, { preventScrollReset: true });
  };
  return { q, draft, setDraft, page, cursor, goToPage };
}

/** /admin/campaigns 'Campaign Management': stats, search, the campaign table, add, edit and delete. */
export function CampaignsPage() {
  useDocumentTitle('Campaign Management');
  const { q, draft, setDraft, page, cursor, goToPage } = useDebouncedSearch();
  const list = useAdminCampaigns(q, cursor);
  const [editing, setEditing] = useState<AdminCampaign | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminCampaign | null>(null);

  const openForm = (campaign: AdminCampaign | null) => {
    setEditing(campaign);
    setFormOpen(true);
  };
  const { can } = useAdminCan();
  const addButton = can('POST /admin/campaigns') ? (
    <Button onClick={() => openForm(null)}>
      <Plus aria-hidden="true" />
      Add Campaign
    </Button>
  ) : null;

  return (
    <>
      <AdminPageHeader
        title="Campaign Management"
        description="Create, edit and track your brand campaigns."
        actions={addButton}
      />
      <CampaignStats />
      <ListSearch
        className="mb-5 sm:max-w-md"
        label="Search campaigns"
        value={draft}
        onChange={setDraft}
        placeholder="Search by name, brand or tag"
      />

      <AdminPagedList
        list={list}
        page={page}
        pageSize={ADMIN_CAMPAIGNS_PAGE_SIZE}
        onPage={goToPage}
        footOnlyWhenPaged
        failedTitle="We couldn't load campaigns."
        icon={<Megaphone aria-hidden="true" className="size-6" />}
        emptyTitle="No campaigns yet"
        emptyContent={
          <>
            <p>Add your first campaign: creators can apply once it is Active.</p>
            <div className="mt-4">{addButton}</div>
          </>
        }
        search={{
          active: Boolean(q),
          noMatchTitle: 'No campaigns match your search',
          noMatchHint: 'Try a different name, brand or tag.',
          onClear: () => setDraft(''),
        }}
        rows={(items) => (
          <CampaignTable
            items={items}
            busy={list.isFetching}
            actions={{ onEdit: openForm, onDelete: setDeleting }}
          />
        )}
      />

      <CampaignFormDialog open={formOpen} onOpenChange={setFormOpen} campaign={editing} />
      <DeleteCampaignDialog campaign={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** The figures above the list: label, icon and the figure read from the stats (the test id follows the label). */
const CAMPAIGN_STATS: { label: string; Icon: LucideIcon; figure: (stats: AdminCampaignStats) => string }[] = [
  { label: 'Total Campaigns', Icon: Megaphone, figure: (s) => formatNumber(s.totalCampaigns) },
  { label: 'Active Campaigns', Icon: TrendingUp, figure: (s) => formatNumber(s.activeCampaigns) },
  { label: 'Total Reach', Icon: Users, figure: (s) => formatReach(s.totalReach) },
  { label: 'Total Spent', Icon: DollarSign, figure: (s) => formatThousandsUsd(s.totalSpent) },
];

/** The four stat cards of spec §2: Total Campaigns, Active Campaigns, Total Reach (M), Total Spent ($K). */
function CampaignStats() {
  const stats = useCampaignStats();
  const data = stats.data;
  return (
    <section aria-label="Campaign stats" className="mb-6">
      {stats.isError ? (
        <ErrorNote className="mb-3 bg-transparent p-0 text-red-700">
          The stats could not be loaded: {getErrorMessage(stats.error)}
        </ErrorNote>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {CAMPAIGN_STATS.map(({ label, Icon, figure }) => (
          <StatCard
            key={label}
            label={label}
            icon={<Icon aria-hidden="true" className="size-5" />}
            value={data && figure(data)}
            failed={stats.isError}
            testId={`stat-${label.toLowerCase().replace(' ', '-')}`}
          />
        ))}
      </dl>
    </section>
  );
}
