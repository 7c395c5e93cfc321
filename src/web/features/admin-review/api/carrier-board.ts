import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { carrierBoardSchema } from '../../../../shared/schemas/carrier-board';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

/**
 * GET /api/admin/campaigns/:id/carrier-statuses (issue 38): counts per carrier status and the boxes of one filter (a
 * carrier status, 'silent', or '' for every tracked box). Under the admin's campaigns key, so the live channel's
 * `campaign:<id>` topic (a shipment, a CSV import, the tracking-events job applying the carrier's news) reads it again.
 */
export const useCarrierBoard = (campaignId: number, filter: string) =>
  useQuery({
    queryKey: [...privateKeys.admin.campaigns.all, 'carrier-board', String(campaignId), filter] as const,
    queryFn: ({ signal }) =>
      apiFetch(
        `/api/admin/campaigns/${campaignId}/carrier-statuses${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`,
        { signal, schema: carrierBoardSchema },
      ),
    placeholderData: keepPreviousData,
  });
