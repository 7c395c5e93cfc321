import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type CreateReportLink,
  createdReportLinkSchema,
  reportLinkListSchema,
  reportLinkSchema,
} from '../../../../shared/schemas/report-links';
import { apiFetch } from '../../../lib/api-client';
import { getQuery, useReadAgain } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/admin/campaigns/:id/report-links (issue 39). */
export const useReportLinks = (campaignId: number) =>
  useQuery(
    getQuery(
      privateKeys.admin.reportLinks(campaignId),
      `/api/admin/campaigns/${campaignId}/report-links`,
      reportLinkListSchema,
    ),
  );

export function useReportLinkActions(campaignId: number) {
  const onSuccess = useReadAgain(privateKeys.admin.reportLinks(campaignId));
  return {
    create: useMutation({
      mutationFn: (input: CreateReportLink) =>
        apiFetch(`/api/admin/campaigns/${campaignId}/report-links`, {
          method: 'POST',
          json: input,
          schema: createdReportLinkSchema,
        }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (id: number) =>
        apiFetch(`/api/admin/report-links/${id}`, { method: 'DELETE', schema: reportLinkSchema }),
      onSuccess,
    }),
  };
}
