import { lazy, Suspense } from 'react';

/** Boxes left per variant: read with TanStack Query, so loaded with it, as the apply panel is (decision 0044). */
const VariantStock = lazy(() =>
  Promise.all([import('./variant-stock'), import('../../../lib/with-query-client')]).then(
    ([stock, query]) => ({
      default: query.withQueryClient(stock.VariantStock),
    }),
  ),
);

/** The campaign page's boxes left per variant, once its code has loaded (nothing before). */
export function LazyVariantStock({ campaignId }: { campaignId: number }) {
  return (
    <Suspense fallback={null}>
      <VariantStock campaignId={campaignId} />
    </Suspense>
  );
}
