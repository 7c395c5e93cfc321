import { Sparkles } from 'lucide-react';
import { useMatchedCampaigns } from '../api/campaign-queries';
import { CampaignCard, CampaignCardSkeleton } from './campaign-card';

/** /main: campaigns picked for the creator's categories and platforms; nothing is shown when there are none. */
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
        Open campaigns in your categories and on your platforms that you can apply to now.
      </p>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {matched.isPending
          ? ['a', 'b', 'c', 'd'].map((key) => <CampaignCardSkeleton key={key} />)
          : matched.data.items.map((campaign) => <CampaignCard key={campaign.id} campaign={campaign} />)}
      </div>
    </section>
  );
}
