import { Sparkles } from 'lucide-react';
import { useMatchedCampaigns } from '../api/campaign-queries';
import { CampaignCard, CampaignCardSkeleton } from './campaign-card';

/**
 * /main: campaigns in one of the creator's categories and on one of their platforms, each with why it fits ("Beauty ·
 * you post on Instagram"); nothing is shown when there are none.
 */
export function MatchedCampaigns({ enabled }: { enabled: boolean }) {
  const matched = useMatchedCampaigns(enabled);
  if (!enabled || matched.isError) return null;
  if (!matched.isPending && matched.data.items.length === 0) return null;
  return (
    <section aria-labelledby="matched-title" className="flex flex-col gap-4" data-testid="matched-campaigns">
      <div className="flex items-center gap-2">
        <Sparkles aria-hidden="true" className="size-5 text-mint-700" />
        <h2 id="matched-title" className="text-xl font-bold">
          Matched for you
        </h2>
      </div>
      <p className="-mt-2 text-sm text-slate-600">
        Open campaigns in one of your categories, on a platform you post on, that you can apply to now.
      </p>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {matched.isPending
          ? ['a', 'b', 'c', 'd'].map((key) => <CampaignCardSkeleton key={key} />)
          : matched.data.items.map((campaign) => (
              <div key={campaign.id} className="flex flex-col gap-2" data-testid="matched-campaign">
                <p
                  className="flex w-fit max-w-full items-center gap-1.5 rounded-full bg-mint-50 px-2.5 py-1 text-xs font-medium text-mint-800"
                  data-testid="match-reason"
                >
                  <Sparkles aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="truncate">{campaign.match.reason}</span>
                </p>
                <CampaignCard campaign={campaign} />
              </div>
            ))}
      </div>
    </section>
  );
}
