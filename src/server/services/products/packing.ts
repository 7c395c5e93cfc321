import { packingCounts } from '../../../db/queries/packing';
import { campaignTypeOf } from '../../../db/queries/shipping';
import { type PackingSummary, packingLabel } from '../../../shared/schemas/products';
import { AppError } from '../../http/errors';
import { keptAdminAnswer } from '../admin-answers';
import type { ServiceContext } from '../service-context';

/**
 * The shipping page's packing summary (issue 37): per SKU, the boxes to pack for the accepted creators waiting for
 * theirs ("Serum · Shade 02 × 14") and those already shipped. A campaign without products has no lines.
 */
export async function packingSummary(services: ServiceContext, campaignId: number): Promise<PackingSummary> {
  const [type, lines] = await Promise.all([
    campaignTypeOf(services.db, campaignId),
    packingCounts(services.db, campaignId),
  ]);
  if (!type) throw new AppError('NOT_FOUND', 'Campaign Not Found');
  return {
    items: lines.map((l) => ({ ...l, label: packingLabel(l.product, l.variant, l.toPack) })),
    toPack: lines.reduce((sum, l) => sum + l.toPack, 0),
    shipped: lines.reduce((sum, l) => sum + l.shipped, 0),
  };
}

/** The packing summary kept as ready bytes until a box, a choice or a variant changes (decision 0049). */
export function keptPackingSummary(services: ServiceContext, campaignId: number) {
  return keptAdminAnswer(services.db, `packing:${campaignId}`, () => packingSummary(services, campaignId));
}
