import { CAMPAIGN_SKELETON_COUNT } from '../../../../shared/constants';
import { nounFor } from '../../../../shared/wording';
import { ErrorPanel } from '../../../components/error-panel';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { type CampaignFilters, useCampaignList } from '../api/campaign-reads';
import { CampaignCard, CampaignCardSkeleton } from './campaign-card';

const SKELETON_KEYS = Array.from({ length: CAMPAIGN_SKELETON_COUNT }, (_, i) => `skeleton-${i}`);

/**
 * The campaign grid: 8 skeleton cards while loading, then the first 8 campaigns; See More Campaigns adds 8 and
 * disappears when all are shown (spec §4).
 */
export function CampaignGrid({
  filters,
  onClearFilters,
}: {
  filters: CampaignFilters;
  onClearFilters?: (() => void) | undefined;
}) {
  const list = useCampaignList(filters);
  const gridClass = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

  if (list.isPending) {
    return (
      <div className={gridClass} role="status" aria-busy="true" aria-label="Loading campaigns">
        {SKELETON_KEYS.map((key) => (
          <CampaignCardSkeleton key={key} />
        ))}
      </div>
    );
  }

  if (!list.data) {
    return (
      <ErrorPanel title="We couldn't load campaigns." error={list.error} onRetry={() => list.refetch()} />
    );
  }

  const campaigns = list.data.pages.flatMap((page) => page.items);
  const firstPage = list.data.pages[0];
  const totalCount = firstPage?.total ?? 0;
  const total = `${formatNumber(totalCount)}${firstPage?.totalCapped ? '+' : ''}`;
  const filtered = Boolean(filters.platform || filters.q);

  if (campaigns.length === 0) {
    return (
      <div
        className="rounded-xl border border-dashed border-slate-300 p-10 text-center"
        data-testid="campaigns-empty"
      >
        <p className="text-lg font-semibold">
          {filtered ? 'No campaigns match your search' : 'No campaigns yet'}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {filtered
            ? 'Try another platform or fewer keywords.'
            : 'New brand campaigns are on their way. Check back soon.'}
        </p>
        {filtered && onClearFilters ? (
          <Button className="mt-4" variant="outline" onClick={onClearFilters}>
            Clear filters
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <p className="sr-only" aria-live="polite">
        Showing {campaigns.length} of {total} {nounFor(totalCount, 'campaign')}
      </p>
      <div className={gridClass}>
        {campaigns.map((campaign) => (
          <CampaignCard key={campaign.id} campaign={campaign} />
        ))}
        {list.isFetchingNextPage
          ? SKELETON_KEYS.map((key) => <CampaignCardSkeleton key={`more-${key}`} />)
          : null}
      </div>
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            size="lg"
            variant="outline"
            onClick={() => list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            See More Campaigns
          </Button>
        </div>
      ) : null}
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {getErrorMessage(list.error, 'Could not load more campaigns.')}
        </p>
      ) : null}
    </div>
  );
}
