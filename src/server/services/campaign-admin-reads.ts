import { adminCampaignStats, getAdminCampaign, listAdminCampaigns } from '../../db/queries/admin-campaigns';
import { listApplicants } from '../../db/queries/applications';
import { AppError } from '../errors';
import type { ServiceContext } from './service-context';
import { withShippingDetails } from './shipping';

/** The admins' reads of campaigns (/admin/campaigns and a campaign's review page); the writes are in campaign-admin.ts. */

export function campaignStats(ctx: ServiceContext) {
  return adminCampaignStats(ctx.db);
}

export function campaignList(ctx: ServiceContext, query: Parameters<typeof listAdminCampaigns>[1]) {
  return listAdminCampaigns(ctx.db, query);
}

/** One campaign as the admins see it (any status, with its accepted count); 404 when there is none. */
export async function adminCampaign(ctx: ServiceContext, id: number) {
  const campaign = await getAdminCampaign(ctx.db, id);
  if (!campaign) throw new AppError('NOT_FOUND', 'Campaign Not Found');
  return campaign;
}

/** A campaign's applicants with their shipping details; 404 when the campaign does not exist. */
export async function campaignApplicants(ctx: ServiceContext, id: number) {
  await adminCampaign(ctx, id);
  return withShippingDetails(ctx.db, await listApplicants(ctx.db, id));
}
