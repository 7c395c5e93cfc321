import { formatNumber } from '../../../lib/format';
import { useCampaignProducts } from '../api/campaign-reads';

/**
 * The campaign page's boxes left per variant (issue 37): "Shade 02 · 12 of 40 left", "Shade 03 · Sold out". Read
 * only for a campaign with products (the card above says the total); nothing while loading or on a failure (the
 * apply form reads the same list and says why).
 */
export function VariantStock({ campaignId }: { campaignId: number }) {
  // Through the tree's readers: no TanStack Query on a first load of the page (decision 0044).
  const products = useCampaignProducts(campaignId);
  const items = products.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 pl-6 text-xs text-slate-600" data-testid="variant-stock">
      {items.flatMap((p) =>
        p.variants.map((v) => (
          <li key={v.id}>
            {items.length > 1 ? `${p.name} · ` : ''}
            {v.name} ·{' '}
            {v.soldOut || !v.available
              ? 'Sold out'
              : `${formatNumber(v.left)} of ${formatNumber(v.stock)} left`}
          </li>
        )),
      )}
    </ul>
  );
}
