import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CAMPAIGN_TYPE_LABELS, PLATFORM_LABELS } from '../../../shared/constants';
import { formatIsoDate, uploadDeadline } from '../../../shared/dates';
import { Logo } from '../../components/logo';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCampaign } from './api/campaign-queries';
import { CampaignStatusBadge } from './components/campaign-status-badge';

export function CampaignPage() {
  const { id } = useParams();
  const campaign = useCampaign(id);
  useDocumentTitle(
    campaign.data?.name ?? (campaign.isError ? 'Campaign Not Found' : undefined),
    campaign.data?.description,
  );

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link to="/" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <ArrowLeft aria-hidden="true" /> Back
          </Link>
          <Logo />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {campaign.isPending ? <CampaignPageSkeleton /> : null}
        {campaign.isError ? (
          <CampaignLoadError error={campaign.error} retry={() => campaign.refetch()} />
        ) : null}
        {campaign.data ? (
          <article className="flex flex-col gap-6">
            <img
              src={campaign.data.imageUrl}
              alt={campaign.data.name}
              width={1200}
              height={600}
              className="aspect-[2/1] w-full rounded-2xl bg-slate-200 object-cover"
            />
            <div>
              <p className="text-sm font-medium text-slate-500 uppercase">{campaign.data.brand}</p>
              <h1 className="text-3xl font-bold">{campaign.data.name}</h1>
            </div>
            <div className="grid gap-6 md:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>Campaign Overview</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                    <dt className="text-slate-500">Brand</dt>
                    <dd>{campaign.data.brand}</dd>
                    <dt className="text-slate-500">Platform</dt>
                    <dd>{PLATFORM_LABELS[campaign.data.platform]}</dd>
                    <dt className="text-slate-500">Campaign type</dt>
                    <dd>{CAMPAIGN_TYPE_LABELS[campaign.data.type]}</dd>
                  </dl>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Campaign Schedule</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                    <dt className="text-slate-500">Application Deadline</dt>
                    <dd data-testid="application-deadline">{formatIsoDate(campaign.data.deadline)}</dd>
                    <dt className="text-slate-500">Upload Deadline</dt>
                    <dd data-testid="upload-deadline">
                      {formatIsoDate(uploadDeadline(campaign.data.deadline))}
                    </dd>
                  </dl>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Participation Guide</CardTitle>
                </CardHeader>
                <CardContent className="flex flex-col gap-3 text-sm">
                  <p>{campaign.data.description}</p>
                  <ul className="flex flex-col gap-1.5">
                    {campaign.data.requirements.map((requirement) => (
                      <li key={requirement} className="flex gap-2">
                        <span aria-hidden="true" className="text-mint-600">
                          ✓
                        </span>
                        {requirement}
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Reward Details</CardTitle>
                </CardHeader>
                <CardContent className="text-sm">
                  <p className="text-2xl font-bold text-mint-700">{campaign.data.reward} Mint</p>
                  <p className="text-slate-600">1 Mint = 1 USD</p>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Campaign Stats</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
                    <dt className="text-slate-500">Applications</dt>
                    <dd>{campaign.data.applicationsCount}</dd>
                    <dt className="text-slate-500">Followers Required</dt>
                    <dd>
                      {campaign.data.followersRequired > 0
                        ? campaign.data.followersRequired.toLocaleString('en-US')
                        : 'Any'}
                    </dd>
                    <dt className="text-slate-500">Status</dt>
                    <dd>
                      <CampaignStatusBadge status={campaign.data.status} />
                    </dd>
                  </dl>
                </CardContent>
              </Card>
            </div>
            <div className="flex flex-wrap gap-2">
              {campaign.data.tags.map((tag) => (
                <Badge key={tag} variant="secondary">
                  {tag}
                </Badge>
              ))}
            </div>
          </article>
        ) : null}
      </main>
    </div>
  );
}

function CampaignLoadError({ error, retry }: { error: Error; retry: () => void }) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  if (notFound) {
    return (
      <div className="flex flex-col items-center gap-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Campaign Not Found</h1>
        <p className="text-slate-600">This campaign does not exist or is no longer available.</p>
        <Link to="/" className={buttonVariants()}>
          Back to Campaigns
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-20 text-center">
      <h1 className="text-2xl font-bold">We couldn't load this campaign</h1>
      <p className="text-slate-600">{error.message}</p>
      <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={retry}>
        Try again
      </button>
    </div>
  );
}

function CampaignPageSkeleton() {
  return (
    <div
      className="flex flex-col gap-6"
      role="status"
      aria-busy="true"
      aria-label="Loading campaign"
      data-testid="campaign-skeleton"
    >
      <Skeleton className="aspect-[2/1] w-full rounded-2xl" />
      <Skeleton className="h-8 w-1/2" />
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
