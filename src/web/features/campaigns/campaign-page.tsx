import { lazy, Suspense } from 'react';
import { LazySiteFooter } from '../../components/lazy-site-footer';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { getErrorMessage, isNotFound } from '../../lib/api-client';
import { Link, useParams } from '../../lib/navigation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/use-session';
import { useCampaign } from './api/campaign-reads';
import {
  ContentGuidelineCard,
  OverviewCard,
  ParticipationCard,
  RewardCard,
  ScheduleCard,
  StatsCard,
} from './components/campaign-cards';
import { CampaignHeader } from './components/campaign-header';
import { CampaignHero } from './components/campaign-hero';

/** Applying is for signed-in creators only: its code (form, dialog) loads with their session, not for every visitor. */
// It reads with TanStack Query, which comes with it (decision 0044).
const ApplyPanel = lazy(() =>
  Promise.all([import('./components/apply-panel'), import('../../lib/with-query-client')]).then(
    ([panel, query]) => ({ default: query.withQueryClient(panel.ApplyPanel) }),
  ),
);

/** /campaign/:id (spec §2): anyone can read a public campaign; applying needs a creator session. */
export function CampaignPage() {
  const { id } = useParams();
  const campaign = useCampaign(id);
  const session = useSession();
  useDocumentTitle(
    campaign.data?.name ?? (campaign.isError ? 'Campaign Not Found' : undefined),
    campaign.data?.description,
  );

  return (
    <div className="flex min-h-screen flex-col overflow-x-clip bg-slate-50">
      <CampaignHeader offerApply={!(campaign.isError && isNotFound(campaign.error))} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        {campaign.isPending ? <CampaignPageSkeleton /> : null}
        {campaign.isError ? (
          <CampaignLoadError error={campaign.error} retry={() => campaign.refetch()} />
        ) : null}
        {campaign.data ? (
          <article className="flex flex-col gap-8">
            <CampaignHero campaign={campaign.data} />
            <h2 className="sr-only">Campaign details</h2>
            <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
              <div className="flex flex-col gap-6">
                <OverviewCard campaign={campaign.data} />
                <ScheduleCard campaign={campaign.data} />
                <ParticipationCard campaign={campaign.data} />
                <ContentGuidelineCard campaign={campaign.data} session={session} />
              </div>
              <aside className="flex flex-col gap-6 lg:sticky lg:top-24" aria-label="Reward and stats">
                <RewardCard campaign={campaign.data} session={session} />
                {session.status === 'signed-in' && session.user.role === 'influencer' ? (
                  <Suspense fallback={null}>
                    <ApplyPanel campaign={campaign.data} session={session} />
                  </Suspense>
                ) : null}
                <StatsCard campaign={campaign.data} />
              </aside>
            </div>
          </article>
        ) : null}
      </main>
      <LazySiteFooter />
    </div>
  );
}

function CampaignLoadError({ error, retry }: { error: Error; retry: () => void }) {
  if (isNotFound(error)) {
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
      <p className="text-slate-600">{getErrorMessage(error)}</p>
      <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={retry}>
        Try again
      </button>
    </div>
  );
}

function CampaignPageSkeleton() {
  return (
    <div
      className="flex flex-col gap-8"
      role="status"
      aria-busy="true"
      aria-label="Loading campaign"
      data-testid="campaign-skeleton"
    >
      <div className="flex flex-col gap-3">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-9 w-2/3" />
        <div className="flex gap-2">
          <Skeleton className="h-7 w-32 rounded-full" />
          <Skeleton className="h-7 w-28 rounded-full" />
          <Skeleton className="h-7 w-32 rounded-full" />
        </div>
      </div>
      <Skeleton className="aspect-[4/3] w-full rounded-2xl md:aspect-[2/1]" />
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-56 rounded-xl" />
        </div>
        <div className="flex flex-col gap-6">
          <Skeleton className="h-64 rounded-xl" />
          <Skeleton className="h-44 rounded-xl" />
        </div>
      </div>
    </div>
  );
}
