import { lazy, Suspense } from 'react';
import { PageSpinner } from '../components/page-spinner';
import { CampaignGrid } from '../features/campaigns/components/campaign-grid';
import { type CampaignResults, HomePage } from '../features/landing/home-page';
import { useConfig } from '../lib/use-config';
import { SiteShell } from './site-shell';

/** The landing page's results are the campaign feature's grid. */
const campaignResults: CampaignResults = (search, clear) => (
  <CampaignGrid filters={search} onClearFilters={clear} />
);

const ComingSoonPage = lazy(() =>
  import('../features/landing/coming-soon-page').then((m) => ({ default: m.ComingSoonPage })),
);

/**
 * `/`: the marketplace landing page, or the coming-soon page when the server runs with LAUNCH_MODE=coming-soon.
 * The server writes the launch mode into the page, so this choice is made without a wait in production.
 */
export function HomeRoute() {
  const config = useConfig();
  if (config.data?.launchMode === 'coming-soon') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <ComingSoonPage />
      </Suspense>
    );
  }
  if (!config.data && config.isPending) return <PageSpinner />;
  return (
    <SiteShell>
      <HomePage campaigns={campaignResults} />
    </SiteShell>
  );
}
