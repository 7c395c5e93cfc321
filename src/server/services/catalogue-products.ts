import { findPublicCampaign } from '../../db/queries/application-lifecycle-reads';
import { productsOf } from '../../db/queries/products';
import { AppError } from '../http/errors';
import type { ServiceContext } from './service-context';

/** A public campaign's products with boxes left (404 for a draft or a campaign that does not exist). */
export async function publicCampaignProducts(services: ServiceContext, campaignId: number) {
  const campaign = await findPublicCampaign(services.db, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign Not Found');
  return productsOf(services.db, campaignId);
}
