import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { approvedResultSchema, decidedResultSchema } from '../../../../shared/schemas/application';
import type { ApplicantGroup, ApplicantSort } from '../../../../shared/schemas/reliability';
import { idResultSchema, idStatusResultSchema } from '../../../../shared/schemas/results';
import {
  adminApplicantListSchema,
  type ShipmentReport,
  shipmentReportSchema,
} from '../../../../shared/schemas/shipping';
import { useRefreshCampaigns } from '../../../lib/admin-campaign';
import { cursorPages } from '../../../lib/admin-cursor-pages';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

const keys = privateKeys.admin.campaigns;

export type { ShipmentReport };

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
    ...cursorPages(
      `/api/admin/campaigns/${encodeURIComponent(id ?? '')}/applications`,
      { group: view.group, sort: view.sort, ...(view.missedNone ? { missed: 'none' } : {}) },
      adminApplicantListSchema,
    ),
    enabled: Boolean(id),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
export const useApplicants = (id: string | undefined, view: ApplicantView) =>
  useInfiniteQuery(applicantsQuery(id, view));

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
