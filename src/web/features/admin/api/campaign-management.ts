import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCampaign, AdminCampaignStats, CampaignInput } from '../../../../shared/schemas/campaign';
import type { AdminApplicant } from '../../../../shared/schemas/shipping';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys, publicKeys } from '../../../lib/query-keys';

/** Campaign table page size (the API allows up to 100). */
export const ADMIN_CAMPAIGNS_PAGE_SIZE = 20;

const keys = privateKeys.admin.campaigns;

export interface AdminCampaignList {
  items: AdminCampaign[];
  total: number;
}

export interface ShipmentReport {
  imported: number;
  errors: Array<{ line: number; error: string }>;
}

/** GET /api/admin/campaigns/stats: the four stat cards. */
export function useCampaignStats() {
  return useQuery({
    queryKey: keys.stats,
    queryFn: ({ signal }) => apiFetch<AdminCampaignStats>('/api/admin/campaigns/stats', { signal }),
  });
}

/** GET /api/admin/campaigns: every campaign (drafts too), searched on the server. */
export function useAdminCampaigns(q: string, offset: number) {
  return useQuery({
    queryKey: keys.list(q, offset),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        limit: String(ADMIN_CAMPAIGNS_PAGE_SIZE),
        offset: String(offset),
      });
      if (q) params.set('q', q);
      return apiFetch<AdminCampaignList>(`/api/admin/campaigns?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/campaigns/:id (drafts included): the review page and the analytics page. */
export function useAdminCampaign(id: string | undefined) {
  return useQuery({
    queryKey: keys.one(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<AdminCampaign>(`/api/admin/campaigns/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });
}

/** GET /api/admin/campaigns/:id/applications. */
export function useApplicants(id: string | undefined) {
  return useQuery({
    queryKey: keys.applicants(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ items: AdminApplicant[] }>(
        `/api/admin/campaigns/${encodeURIComponent(id ?? '')}/applications`,
        {
          signal,
        },
      ),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** After any change: the admin's campaign data and the public catalogue are out of date. */
function useRefreshCampaigns() {
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
        ? apiFetch<{ id: number }>('/api/admin/campaigns', { method: 'POST', json: input })
        : apiFetch<{ id: number }>(`/api/admin/campaigns/${id}`, { method: 'PATCH', json: input }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/admin/campaigns/${id}`, { method: 'DELETE' }),
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

/**
 * Ends a campaign. The whole campaign is sent, not just the status: the PATCH schema (campaignInputSchema.partial())
 * still fills the fields that have defaults, so a body of only { status } would reset tags, box count and more.
 */
export function useEndCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: (campaign: AdminCampaign) =>
      apiFetch<{ id: number }>(`/api/admin/campaigns/${campaign.id}`, {
        method: 'PATCH',
        json: { ...inputFromCampaign(campaign), status: 'ended' },
      }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/uploads: stores an image and answers its public path. */
export function uploadCampaignImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.set('file', file);
  return apiFetch<{ url: string }>('/api/admin/uploads', { method: 'POST', body: form });
}

/** Every review action, each refreshing the applicants and the campaign's counts afterwards. */
export function useReviewActions(campaignId: number) {
  const refresh = useRefreshCampaigns();
  const post = <T>(path: string, body: unknown = {}) => apiFetch<T>(path, { method: 'POST', json: body });
  const options = { onSettled: () => refresh() };
  return {
    decide: useMutation({
      mutationFn: async ({
        ids,
        decision,
        message,
      }: {
        ids: number[];
        decision: 'accept' | 'reject';
        message?: string | undefined;
      }): Promise<void> => {
        if (ids.length === 1) {
          await post(`/api/admin/applications/${ids[0]}/${decision}`, message ? { message } : {});
        } else {
          await post('/api/admin/applications/decisions', { ids, decision, ...(message ? { message } : {}) });
        }
      },
      ...options,
    }),
    ship: useMutation({
      mutationFn: ({
        id,
        carrier,
        trackingNumber,
      }: {
        id: number;
        carrier: string;
        trackingNumber: string;
      }) =>
        post<{ id: number; status: string }>(`/api/admin/applications/${id}/shipment`, {
          carrier,
          trackingNumber,
        }),
      ...options,
    }),
    importCsv: useMutation({
      mutationFn: (csv: string) =>
        apiFetch<ShipmentReport>(`/api/admin/campaigns/${campaignId}/shipments`, {
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          body: csv,
        }),
      ...options,
    }),
    delivered: useMutation({
      mutationFn: (id: number) => post<{ id: number }>(`/api/admin/applications/${id}/delivered`),
      ...options,
    }),
    approve: useMutation({
      mutationFn: (submissionId: number) =>
        post<{ id: number; credited: number }>(`/api/admin/submissions/${submissionId}/approve`),
      ...options,
    }),
    requestChanges: useMutation({
      mutationFn: ({ submissionId, message }: { submissionId: number; message: string }) =>
        post<{ id: number }>(`/api/admin/submissions/${submissionId}/request-changes`, { message }),
      ...options,
    }),
  };
}
