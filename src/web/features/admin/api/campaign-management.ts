import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { approvedResultSchema, decidedResultSchema } from '../../../../shared/schemas/application';
import {
  type AdminCampaign,
  type AdminCampaignList,
  adminCampaignListSchema,
  adminCampaignSchema,
  adminCampaignStatsSchema,
  type CampaignInput,
} from '../../../../shared/schemas/campaign';
import type { ApplicantGroup, ApplicantSort } from '../../../../shared/schemas/reliability';
import { idResultSchema, idStatusResultSchema, urlResultSchema } from '../../../../shared/schemas/results';
import {
  adminApplicantListSchema,
  type ShipmentReport,
  shipmentReportSchema,
} from '../../../../shared/schemas/shipping';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys, publicKeys } from '../../../lib/query-keys';

/** Campaign table page size (the API allows up to 100). */
export const ADMIN_CAMPAIGNS_PAGE_SIZE = 20;

const keys = privateKeys.admin.campaigns;

export type { AdminCampaignList, ShipmentReport };

/** GET /api/admin/campaigns/stats: the four stat cards. */
export const campaignStatsQuery = () =>
  queryOptions({
    queryKey: keys.stats,
    queryFn: ({ signal }) =>
      apiFetch('/api/admin/campaigns/stats', { signal, schema: adminCampaignStatsSchema }),
  });
export const useCampaignStats = () => useQuery(campaignStatsQuery());

/** GET /api/admin/campaigns: every campaign (drafts too), searched on the server. */
export const adminCampaignsQuery = (q: string, cursor: string) =>
  queryOptions({
    queryKey: keys.list(q, cursor),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(ADMIN_CAMPAIGNS_PAGE_SIZE) });
      if (cursor) params.set('cursor', cursor);
      if (q) params.set('q', q);
      return apiFetch(`/api/admin/campaigns?${params}`, { signal, schema: adminCampaignListSchema });
    },
    placeholderData: keepPreviousData,
  });
export const useAdminCampaigns = (q: string, cursor: string) => useQuery(adminCampaignsQuery(q, cursor));

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

/** How the review page shows its applicants: a status group, an order, and "missed none" (issue 27). */
export interface ApplicantView {
  group: ApplicantGroup;
  sort: ApplicantSort;
  missedNone: boolean;
}

/** GET /api/admin/campaigns/:id/applications: keyset pages of one view, loaded one "Show more" at a time (issue 28). */
export const applicantsQuery = (id: string | undefined, view: ApplicantView) =>
  infiniteQueryOptions({
    queryKey: keys.applicants(id ?? '', view.group, view.sort, view.missedNone ? 'none' : 'any'),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ group: view.group, sort: view.sort });
      if (view.missedNone) params.set('missed', 'none');
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch(`/api/admin/campaigns/${encodeURIComponent(id ?? '')}/applications?${params}`, {
        signal,
        schema: adminApplicantListSchema,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(id),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
export const useApplicants = (id: string | undefined, view: ApplicantView) =>
  useInfiniteQuery(applicantsQuery(id, view));

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
        ? apiFetch('/api/admin/campaigns', { method: 'POST', json: input, schema: idResultSchema })
        : apiFetch(`/api/admin/campaigns/${id}`, { method: 'PATCH', json: input, schema: idResultSchema }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteCampaign() {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch(`/api/admin/campaigns/${id}`, { method: 'DELETE' });
    },
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
      apiFetch(`/api/admin/campaigns/${campaign.id}`, {
        method: 'PATCH',
        json: { ...inputFromCampaign(campaign), status: 'ended' },
        schema: idResultSchema,
      }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/uploads: stores an image and answers its public path. */
export function uploadCampaignImage(file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiFetch('/api/admin/uploads', { method: 'POST', body: form, schema: urlResultSchema });
}

/** Every review action, each refreshing the applicants and the campaign's counts afterwards. */
export function useReviewActions(campaignId: number) {
  const refresh = useRefreshCampaigns();
  const post = <S extends z.ZodType>(path: string, schema: S, body: unknown = {}) =>
    apiFetch(path, { method: 'POST', json: body, schema });
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
          await post(
            `/api/admin/applications/${ids[0]}/${decision}`,
            idStatusResultSchema,
            message ? { message } : {},
          );
        } else {
          await post('/api/admin/applications/decisions', decidedResultSchema, {
            ids,
            decision,
            ...(message ? { message } : {}),
          });
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
      }) => post(`/api/admin/applications/${id}/shipment`, idStatusResultSchema, { carrier, trackingNumber }),
      ...options,
    }),
    importCsv: useMutation({
      mutationFn: (csv: string) =>
        apiFetch(`/api/admin/campaigns/${campaignId}/shipments`, {
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          body: csv,
          schema: shipmentReportSchema,
        }),
      ...options,
    }),
    delivered: useMutation({
      mutationFn: (id: number) => post(`/api/admin/applications/${id}/delivered`, idStatusResultSchema),
      ...options,
    }),
    approve: useMutation({
      mutationFn: (submissionId: number) =>
        post(`/api/admin/submissions/${submissionId}/approve`, approvedResultSchema),
      ...options,
    }),
    requestChanges: useMutation({
      mutationFn: ({ submissionId, message }: { submissionId: number; message: string }) =>
        post(`/api/admin/submissions/${submissionId}/request-changes`, idResultSchema, { message }),
      ...options,
    }),
  };
}
