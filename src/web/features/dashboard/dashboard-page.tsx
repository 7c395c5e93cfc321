import { ArrowRight, Compass, DollarSign, Gift, Percent, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorNote } from '../../components/error-panel';
import { StatCard } from '../../components/stat-card';
import { Button, buttonVariants } from '../../components/ui/button';
import { Tabs } from '../../components/ui/tabs';
import { firstNameOf } from '../../lib/account-paths';
import { getErrorMessage } from '../../lib/api-client';
import { formatNumber, formatUsd } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/use-session';
import { useMyAnalytics } from './api/content-metrics';
import {
  type DashboardReads,
  useMyApplications,
  useMyReliability,
  useMyStanding,
  useWallet,
} from './api/dashboard-queries';
import { AnalyticsTab } from './components/analytics-tab';
import { MyCampaigns } from './components/my-campaigns';
import { RecentActivity } from './components/recent-activity';
import { ReliabilityCard } from './components/reliability-card';
import { StandingNotice } from './components/standing-notice';
import { ThisMonthCard } from './components/this-month-card';
import { WalletCard } from './components/wallet-card';
import { WalletTab } from './components/wallet-tab';
import { computeStats, successNote } from './dashboard-stats';

const TAB_IDS = ['overview', 'campaigns', 'wallet', 'analytics'] as const;
type TabId = (typeof TAB_IDS)[number];

/**
 * /dashboard (spec §2): greets the creator by first name; Overview, My Campaigns and Analytics are computed from the
 * creator's own applications and Mint ledger, with zeros and empty states when there is nothing yet.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = TAB_IDS.includes(requested as TabId) ? (requested as TabId) : 'overview';
  const applications = useMyApplications();
  const wallet = useWallet();
  const analytics = useMyAnalytics();
  const standing = useMyStanding();
  const user = session.user;
  if (!user) return null;

  const setTab = (next: TabId) => {
    const search = new URLSearchParams(params);
    if (next === 'overview') search.delete('tab');
    else search.set('tab', next);
    setParams(search, { replace: true, preventScrollReset: true });
  };
  const items = applications.data?.items ?? [];
  const campaignsProps = {
    applications: items,
    loading: applications.isPending,
    error: applications.isError ? applications.error : null,
    retry: () => applications.refetch(),
  };

  return (
    <div className="bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Welcome back, {firstNameOf(user.name)}!</h1>
            <p className="mt-1 text-slate-600">Your campaigns, PR boxes and Mint in one place.</p>
          </div>
          <Link to="/main" className={buttonVariants({ variant: 'outline', className: 'w-fit' })}>
            <Compass aria-hidden="true" />
            Browse Campaigns
          </Link>
        </div>

        <StandingNotice standing={standing.data} openWallet={() => setTab('wallet')} />

        <Tabs
          label="Dashboard"
          active={tab}
          onChange={setTab}
          items={[
            {
              id: 'overview',
              label: 'Overview',
              content: (
                <Overview
                  applications={applications}
                  wallet={wallet}
                  analytics={analytics}
                  campaigns={<MyCampaigns {...campaignsProps} limit={3} />}
                  showAll={() => setTab('campaigns')}
                  openWallet={() => setTab('wallet')}
                />
              ),
            },
            {
              id: 'campaigns',
              label: 'My Campaigns',
              content: (
                <section aria-labelledby="my-campaigns-title" className="flex flex-col gap-4">
                  <div className="flex items-center justify-between gap-3">
                    <h2 id="my-campaigns-title" className="text-xl font-bold tracking-tight">
                      My Campaigns
                    </h2>
                    <BrowseMoreLink />
                  </div>
                  <MyCampaigns {...campaignsProps} />
                </section>
              ),
            },
            {
              id: 'wallet',
              label: 'Wallet',
              content: <WalletTab wallet={wallet} />,
            },
            {
              id: 'analytics',
              label: 'Analytics',
              content: <AnalyticsTab applications={applications} wallet={wallet} analytics={analytics} />,
            },
          ]}
        />
      </div>
    </div>
  );
}

/** "Browse More" beside My Campaigns: to the catalogue (/main). */
function BrowseMoreLink() {
  return (
    <Link to="/main" className={buttonVariants({ variant: 'link', size: 'sm' })}>
      Browse More
      <ArrowRight aria-hidden="true" />
    </Link>
  );
}

function Overview({
  applications,
  wallet,
  analytics,
  campaigns,
  showAll,
  openWallet,
}: DashboardReads & {
  campaigns: ReactNode;
  showAll: () => void;
  openWallet: () => void;
}) {
  const reliability = useMyReliability();
  const stats = computeStats(applications.data?.items ?? [], wallet.data);
  const walletReady = wallet.isSuccess;
  const appsReady = applications.isSuccess;
  const count = applications.data?.items.length ?? 0;
  return (
    <div className="flex flex-col gap-8">
      {wallet.isError || applications.isError ? (
        <ErrorNote>
          Some figures could not be loaded: {getErrorMessage(wallet.error ?? applications.error)}
        </ErrorNote>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatCard
          label="Mint Balance"
          icon={<Wallet aria-hidden="true" className="size-5" />}
          value={walletReady ? `${formatNumber(stats.mintBalance)} Mint` : null}
          note={walletReady ? `${formatNumber(stats.pendingMint)} Mint pending review` : null}
          testId="stat-mint-balance"
        />
        <StatCard
          label="Active Campaigns"
          icon={<Gift aria-hidden="true" className="size-5" />}
          value={appsReady ? formatNumber(stats.activeCampaigns) : null}
          note={appsReady ? `${formatNumber(stats.completedCampaigns)} completed` : null}
          testId="stat-active-campaigns"
        />
        <StatCard
          label="Success Rate"
          icon={<Percent aria-hidden="true" className="size-5" />}
          value={appsReady ? (stats.decided ? `${stats.successRate}%` : '—') : null}
          note={appsReady ? successNote(stats) : null}
          testId="stat-success-rate"
        />
        <StatCard
          label="Total Earnings"
          icon={<DollarSign aria-hidden="true" className="size-5" />}
          value={walletReady ? formatUsd(stats.totalEarnings) : null}
          note={walletReady ? `${formatUsd(stats.earningsThisMonth)} this month` : null}
          testId="stat-total-earnings"
        />
      </dl>
      <WalletCard
        wallet={wallet}
        footer={
          <div className="mt-4 flex justify-end border-t border-slate-100 pt-3">
            <Button variant="link" size="sm" onClick={openWallet}>
              Payouts and history
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        }
      />

      <ReliabilityCard reliability={reliability} />

      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="overview-campaigns-title" className="flex flex-col gap-4">
          <div className="flex items-center justify-between gap-3">
            <h2 id="overview-campaigns-title" className="text-xl font-bold tracking-tight">
              My Campaigns
            </h2>
            {count > 3 ? (
              <Button variant="link" size="sm" onClick={showAll}>
                See all {count}
                <ArrowRight aria-hidden="true" />
              </Button>
            ) : (
              <BrowseMoreLink />
            )}
          </div>
          {campaigns}
        </section>
        <div className="flex flex-col gap-6">
          <RecentActivity />
          <ThisMonthCard analytics={analytics} />
        </div>
      </div>
    </div>
  );
}
