import { PackageCheck } from 'lucide-react';
import { ErrorNote } from '../../../components/error-panel';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { usePackingSummary } from '../api/packing';
import { ReviewPanel } from './review-panel';

/**
 * The shipping part of the review page (issue 37): what to pack for the accepted creators waiting for their box, one
 * line per SKU ("Serum · Shade 02 × 14"), with the boxes already shipped. Nothing for a campaign without products.
 */
export function PackingSummary({ campaignId }: { campaignId: number }) {
  const packing = usePackingSummary(campaignId);
  if (packing.isSuccess && packing.data.items.length === 0) return null;
  return (
    <ReviewPanel titleId="packing-title" icon={PackageCheck} title="Packing summary" testId="packing-summary">
      {packing.isPending ? (
        <Skeleton className="h-16 w-full" role="status" aria-label="Loading the packing summary" />
      ) : packing.isError ? (
        <ErrorNote>The packing summary could not be loaded: {getErrorMessage(packing.error)}</ErrorNote>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {packing.data.toPack === 0
              ? 'No box to pack: every accepted creator’s box has shipped.'
              : `${formatNumber(packing.data.toPack)} ${packing.data.toPack === 1 ? 'box' : 'boxes'} to pack for accepted creators`}
            {packing.data.shipped > 0 ? ` · ${formatNumber(packing.data.shipped)} shipped` : ''}
          </p>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {packing.data.items.map((line) => (
              <li
                key={line.variantId}
                className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
              >
                <span className={line.toPack === 0 ? 'text-slate-500' : 'font-medium text-slate-900'}>
                  {line.label}
                </span>
                <span className="text-xs text-slate-500">
                  SKU {line.sku}
                  {line.shipped > 0 ? ` · ${formatNumber(line.shipped)} shipped` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </ReviewPanel>
  );
}
