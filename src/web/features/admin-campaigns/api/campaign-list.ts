import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type AdminCampaign,
  type AdminCampaignList,
  adminCampaignListSchema,
  adminCampaignStatsSchema,
} from '../../../../shared/schemas/campaign';
import { idResultSchema } from '../../../../shared/schemas/results';
import { inputFromCampaign, useRefreshCampaigns } from '../../../lib/admin-campaign';
import { tablePageQuery } from '../../../lib/admin-cursor-pages';
import { apiFetch } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

/** Campaign table page size (the API allows up to 100). */
export const ADMIN_CAMPAIGNS_PAGE_SIZE = 20;

const keys = privateKeys.admin.campaigns;

export type { AdminCampaignList };

/** GET /api/admin/campaigns/stats: the four stat cards. */
export const campaignStatsQuery = () =>
  getQuery(keys.stats, '/api/admin/campaigns/stats', adminCampaignStatsSchema);
export const useCampaignStats = () => useQuery(campaignStatsQuery());

/** GET /api/admin/campaigns: every campaign (drafts too), searched on the server. */
export const adminCampaignsQuery = (q: string, cursor: string) =>
  tablePageQuery(keys.list(q, cursor), '/api/admin/campaigns', adminCampaignListSchema, {
    limit: ADMIN_CAMPAIGNS_PAGE_SIZE,
    cursor,
    filters: { q },
  });
export const useAdminCampaigns = (q: string, cursor: string) => useQuery(adminCampaignsQuery(q, cursor));

export function useDeleteCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch(`/api/admin/campaigns/${id}`, { method: 'DELETE' });
    },
    onSuccess: () => refresh(),
  });
}

/**
 * Ends a campaign. The whole campaign is sent, not just the status: the PATCH schema (campaignInputSchema.partial())
 * still fills the fields that have defaults, so a body of only { status } would reset tags, box count and more.
 */
export function useEndCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (campaign: AdminCampaign) =>
      apiFetch(`/api/admin/campaigns/${campaign.id}`, {
        method: 'PATCH',
        json: { ...inputFromCampaign(campaign), status: 'ended' },
        schema: idResultSchema,
      }),
    onSuccess: () => refresh(),
  });
}
