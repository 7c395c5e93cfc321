import { decodeCampaignCursor } from '../../db/queries/campaign-list-filters';
import { listPublicCampaigns } from '../../db/queries/campaigns';
import type { CampaignListQuery } from '../../shared/schemas/campaign';
import { AppError } from '../http/errors';
import type { ServiceContext } from './service-context';

/** One page of the public catalogue; the cursor is the text the previous page handed out (400 when it is not one). */
export function publicCampaignPage(ctx: ServiceContext, query: CampaignListQuery) {
  const { cursor: cursorText, ...filters } = query;
  const cursor = cursorText ? decodeCampaignCursor(cursorText) : undefined;
  if (cursor === null) throw new AppError('BAD_REQUEST', 'cursor is not valid');
  return listPublicCampaigns(ctx.db, { ...filters, cursor });
}
