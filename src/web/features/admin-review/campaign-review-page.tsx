import { BarChart3, Inbox, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CAMPAIGN_TYPE_LABELS, PLATFORM_LABELS, shipsBox } from '../../../shared/constants';
import { uploadDeadline } from '../../../shared/lifecycle/deadlines';
import type { AdminCampaign } from '../../../shared/schemas/campaign';
import { AdminBackLink } from '../../components/admin/admin-back-link';
import { AdminCampaignPage } from '../../components/admin/admin-campaign-page';
import { CampaignFormDialog } from '../../components/admin/campaign-form-dialog';
import { CampaignIcon } from '../../components/admin/campaign-visuals';
import { CampaignStatusBadge } from '../../components/campaign-status-badge';
import { PlatformIcon } from '../../components/platform-icon';
import { Button, buttonVariants } from '../../components/ui/button';
import { useAdminCampaign } from '../../lib/admin-campaign';
import { useCan } from '../../lib/admin-permissions';
import { campaignReward, formatNumber, formatShortIsoDate, formatUsd } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ApplicantsSection } from './components/applicants-section';
import { CampaignProductsPanel } from './components/campaign-products-panel';
import { CarrierBoard } from './components/carrier-board';
import { PackingSummary } from './components/packing-summary';

/** /admin/campaigns/:id: the campaign and everyone who applied, with each step of their application. */
export function CampaignReviewPage() {
  const { id } = useParams();
  const campaign = useAdminCampaign(id);
  useDocumentTitle(campaign.data ? `Review ${campaign.data.name}` : 'Review campaign');

  return (
    <AdminCampaignPage
      id={id}
      campaign={campaign}
      icon={<Inbox aria-hidden="true" className="size-6" />}
      loadingBlocks={[
        'h-5 w-28',
        'h-32 w-full rounded-xl',
        'h-48 w-full rounded-xl',
        'h-48 w-full rounded-xl',
      ]}
    >
      {(data) => <Review campaign={data} />}
    </AdminCampaignPage>
  );
}

function Review({ campaign }: { campaign: AdminCampaign }) {
  const [editOpen, setEditOpen] = useState(false);
  const edit = useCan('PATCH /admin/campaigns/{id}');
  const box = shipsBox(campaign.type);
  return (
    <>
      <AdminBackLink to="/admin/campaigns">Campaigns</AdminBackLink>
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
            {edit ? (
              <Button variant="outline" size="sm" onClick={() => setEditOpen(true)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            ) : null}
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

      {box ? <CampaignProductsPanel campaignId={campaign.id} /> : null}
      {box ? <PackingSummary campaignId={campaign.id} /> : null}
      {box ? <CarrierBoard campaignId={campaign.id} /> : null}
      <ApplicantsSection campaign={campaign} />
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
