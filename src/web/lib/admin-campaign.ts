import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminCampaign, adminCampaignSchema, type CampaignInput } from '../../shared/schemas/campaign';
import { idResultSchema, urlResultSchema } from '../../shared/schemas/results';
import { apiFetch } from './api-client';
import { privateKeys, publicKeys } from './query-keys';

/**
 * One admin campaign, read and saved: the campaign page, its analytics page and the campaign form (new and edit) of
 * the admin features (features/admin-campaigns, admin-review, admin-analytics) share these.
 */

const keys = privateKeys.admin.campaigns;

/** GET /api/admin/campaigns/:id (drafts included): the review page and the analytics page. */
export const adminCampaignQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: keys.one(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/campaigns/${encodeURIComponent(id ?? '')}`, {
        signal,
        schema: adminCampaignSchema,
      }),
    enabled: Boolean(id),
  });
export const useAdminCampaign = (id: string | undefined) => useQuery(adminCampaignQuery(id));

/** After any change: the admin's campaign data and the public catalogue are out of date. */
export function useRefreshCampaigns() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.all }),
      queryClient.invalidateQueries({ queryKey: publicKeys.campaigns.all }),
    ]);
}

export function useSaveCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CampaignInput }) =>
      id === null
        ? apiFetch('/api/admin/campaigns', { method: 'POST', json: input, schema: idResultSchema })
        : apiFetch(`/api/admin/campaigns/${id}`, { method: 'PATCH', json: input, schema: idResultSchema }),
    onSuccess: () => refresh(),
  });
}

/** The campaign's current values as a complete form input. */
export function inputFromCampaign(campaign: AdminCampaign): CampaignInput {
  return {
    name: campaign.name,
    brand: campaign.brand,
    platform: campaign.platform,
    type: campaign.type,
    description: campaign.description,
    requirements: campaign.requirements,
    deadline: campaign.deadline,
    reward: campaign.reward,
    followersRequired: campaign.followersRequired,
    status: campaign.status,
    budget: campaign.budget,
    productValue: campaign.productValue,
    reach: campaign.reach,
    imageUrl: campaign.imageUrl,
    // The server keeps the main image first in the gallery; the input carries the extra photos only.
    gallery: campaign.gallery.filter((url) => url !== campaign.imageUrl),
    tags: campaign.tags,
    maxAccepted: campaign.maxAccepted,
  };
}

/** POST /api/admin/uploads: stores an image and answers its public path. */
export function uploadCampaignImage(file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiFetch('/api/admin/uploads', { method: 'POST', body: form, schema: urlResultSchema });
}
