import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { CAMPAIGN_TYPE_LABELS, PLATFORM_LABELS, type Platform } from '../../../shared/constants';
import { AdminBackLink } from '../../components/admin/admin-back-link';
import { AdminCampaignPage } from '../../components/admin/admin-campaign-page';
import { CampaignStatusBadge } from '../../components/campaign-status-badge';
import { ErrorNote } from '../../components/error-panel';
import { StatCard } from '../../components/stat-card';
import { LoadingBlocks } from '../../components/ui/skeleton';
import { Tabs } from '../../components/ui/tabs';
import { useAdminCampaign } from '../../lib/admin-campaign';
import { useCan } from '../../lib/admin-permissions';
import { getErrorMessage } from '../../lib/api-client';
import { formatNumber, formatUsd } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCampaignAnalytics } from './api/content-metrics';
import { ExportCsvButton } from './components/export-csv-button';
import { platformTabItems } from './components/platform-analytics';
import { ReportLinksPanel } from './components/report-links-panel';

/**
 * /admin/details/:id: a campaign's name and status, and its analytics per platform. It reads the admin's endpoint,
 * which has drafts too (the public one hides them).
 */
export function CampaignDetailsPage() {
  const { id } = useParams();
  const campaign = useAdminCampaign(id);
  useDocumentTitle(campaign.data ? `${campaign.data.name} analytics` : 'Campaign analytics');

  return (
    <AdminCampaignPage
      id={id}
      campaign={campaign}
      icon={<BarChart3 aria-hidden="true" className="size-6" />}
      loadingBlocks={['h-9 w-72', 'h-5 w-40', 'mt-4 h-64 w-full rounded-xl']}
    >
      {(data) => (
        <>
          <AdminBackLink to="/admin/campaigns">Campaigns</AdminBackLink>
          <div className="mb-6 flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{data.name}</h1>
              <CampaignStatusBadge status={data.status} />
            </div>
            <p className="text-sm text-slate-600">
              {data.brand} · {PLATFORM_LABELS[data.platform]} · {CAMPAIGN_TYPE_LABELS[data.type]}
            </p>
          </div>
          <CampaignAnalyticsView id={id} />
          <ReportLinksPanel campaignId={data.id} />
        </>
      )}
    </AdminCampaignPage>
  );
}

/** Under a cost: what it divides, or why it shows '—'. */
function costNote(spent: number, count: number, per: 'views' | 'interactions'): string {
  if (spent <= 0) return 'Nothing spent yet';
  if (count <= 0) return `No ${per} counted yet`;
  return `${formatUsd(spent)} spent ÷ ${formatNumber(count)} ${per}`;
}

function CampaignAnalyticsView({ id }: { id: string | undefined }) {
  const analytics = useCampaignAnalytics(id);
  const [chosen, setActive] = useState<Platform | null>(null);
  const mayExport = useCan('GET /admin/campaigns/{id}/analytics.csv');
  if (analytics.isPending) {
    return (
      <LoadingBlocks
        className="flex flex-col gap-4"
        label="Loading analytics"
        blocks={['h-24 w-full rounded-xl', 'h-64 w-full rounded-xl']}
      />
    );
  }
  if (analytics.isError) {
    return <ErrorNote>The analytics could not be loaded: {getErrorMessage(analytics.error)}</ErrorNote>;
  }
  const data = analytics.data;
  const active = chosen ?? data.campaign.platform;
  const views = data.platforms.reduce((sum, tab) => sum + (tab.totals.views ?? 0), 0);
  const interactions = data.platforms.reduce((sum, tab) => sum + tab.totals.interactions, 0);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-1 flex-col gap-2">
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <StatCard label="Budget" value={formatUsd(data.campaign.budget)} />
            <StatCard
              label="Mint spent"
              value={`${formatNumber(data.mintSpent)} Mint`}
              note="Mint credited for approved posts"
              testId="mint-spent"
            />
            <StatCard
              label="Cost per view"
              value={data.costPerView === null ? '—' : `$${data.costPerView.toFixed(4)}`}
              note={costNote(data.costSpent, views, 'views')}
              testId="cost-per-view"
            />
            <StatCard
              label="Cost per engagement"
              value={data.costPerEngagement === null ? '—' : `$${data.costPerEngagement.toFixed(2)}`}
              note={costNote(data.costSpent, interactions, 'interactions')}
              testId="cost-per-engagement"
            />
          </dl>
          <p className="text-xs text-slate-500" data-testid="cost-basis">
            Costs: {data.costBasis}.
          </p>
        </div>
        {mayExport ? (
          <ExportCsvButton
            path={`/api/admin/campaigns/${data.campaign.id}/analytics.csv`}
            fileName="campaign-analytics.csv"
            className="w-fit"
          />
        ) : null}
      </div>
      <Tabs label="Platform analytics" active={active} onChange={setActive} items={platformTabItems(data)} />
    </div>
  );
}
