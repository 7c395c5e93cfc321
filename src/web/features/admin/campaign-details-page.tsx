import { ArrowLeft, BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CAMPAIGN_TYPE_LABELS, PLATFORM_LABELS } from '../../../shared/constants';
import { CampaignStatusBadge } from '../../components/campaign-status-badge';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs } from '../../components/ui/tabs';
import { getErrorMessage, isNotFound } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAdminCampaign } from './api/campaign-management';
import { AdminEmptyState } from './components/admin-layout';

const TABS = [
  { id: 'instagram', label: 'Instagram' },
  { id: 'tiktok', label: 'TikTok' },
  { id: 'facebook', label: 'Facebook' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /admin/details/:id: a campaign's name and status, and its analytics per platform. It reads the admin's endpoint,
 * which has drafts too (the public one hides them).
 */
export function CampaignDetailsPage() {
  const { id } = useParams();
  const campaign = useAdminCampaign(id);
  useDocumentTitle(campaign.data ? `${campaign.data.name} analytics` : 'Campaign analytics');

  if (campaign.isPending) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-label="Loading campaign">
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-5 w-40" />
        <Skeleton className="mt-4 h-64 w-full rounded-xl" />
      </div>
    );
  }
  if (campaign.isError) {
    const notFound = isNotFound(campaign.error);
    return (
      <AdminEmptyState
        icon={<BarChart3 aria-hidden="true" className="size-6" />}
        title={notFound ? 'Campaign Not Found' : "We couldn't load this campaign"}
      >
        <p>{notFound ? `There is no campaign with id ${id}.` : getErrorMessage(campaign.error)}</p>
        <Link to="/admin/campaigns" className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
          Back to Campaigns
        </Link>
      </AdminEmptyState>
    );
  }

  const data = campaign.data;
  return (
    <>
      <Link
        to="/admin/campaigns"
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-semibold text-mint-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Campaigns
      </Link>
      <div className="mb-6 flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{data.name}</h1>
          <CampaignStatusBadge status={data.status} />
        </div>
        <p className="text-sm text-slate-600">
          {data.brand} · {PLATFORM_LABELS[data.platform]} · {CAMPAIGN_TYPE_LABELS[data.type]}
        </p>
      </div>
      <PlatformTabs />
    </>
  );
}

function PlatformTabs() {
  const [active, setActive] = useState<TabId>('instagram');
  return (
    <Tabs
      label="Platform analytics"
      active={active}
      onChange={setActive}
      items={TABS.map((tab) => ({
        id: tab.id,
        label: tab.label,
        content:
          tab.id === 'instagram' ? (
            <AdminEmptyState
              icon={<BarChart3 aria-hidden="true" className="size-6" />}
              title="No Instagram results yet"
            >
              <p>
                Likes, comments, reach and engagement appear here once creators' posts for this campaign are
                approved and their metrics are recorded.
              </p>
            </AdminEmptyState>
          ) : (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-600">
              {tab.label} analytics coming soon...
            </div>
          ),
      }))}
    />
  );
}
