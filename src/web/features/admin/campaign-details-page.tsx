import { ArrowLeft, BarChart3 } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CAMPAIGN_TYPE_LABELS, PLATFORM_LABELS } from '../../../shared/constants';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAdminCampaign } from './api/admin-queries';
import { AdminEmptyState } from './components/admin-layout';

const TABS = [
  { id: 'instagram', label: 'Instagram' },
  { id: 'tiktok', label: 'TikTok' },
  { id: 'facebook', label: 'Facebook' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Spec §4 campaign status colours: active green, pending yellow, ended red, anything else grey. */
const STATUS_VARIANT: Record<string, 'green' | 'yellow' | 'red'> = {
  active: 'green',
  pending: 'yellow',
  ended: 'red',
};

/** /admin/details/:id: a campaign's name and status, and its analytics per platform. */
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
    const notFound = campaign.error instanceof ApiError && campaign.error.status === 404;
    return (
      <AdminEmptyState
        icon={<BarChart3 aria-hidden="true" className="size-6" />}
        title={notFound ? 'Campaign Not Found' : "We couldn't load this campaign"}
      >
        <p>{notFound ? `There is no campaign with id ${id}.` : campaign.error.message}</p>
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
          <Badge
            variant={STATUS_VARIANT[data.status] ?? 'grey'}
            className="capitalize"
            data-status={data.status}
          >
            {data.status}
          </Badge>
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
  const baseId = useId();
  const [active, setActive] = useState<TabId>('instagram');
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((tab) => tab.id === active);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    else return;
    event.preventDefault();
    const tab = TABS[next]!;
    setActive(tab.id);
    refs.current[tab.id]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label="Platform analytics"
        className="inline-flex rounded-lg bg-slate-200/70 p-1"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => setActive(tab.id)}
            className={cn(
              'rounded-md px-4 py-2 text-sm font-semibold transition-colors',
              active === tab.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={active !== tab.id}
          className="mt-5 focus-visible:outline-offset-4"
        >
          {tab.id === 'instagram' ? (
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
          )}
        </div>
      ))}
    </div>
  );
}
