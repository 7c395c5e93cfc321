import { useMutation, useQuery } from '@tanstack/react-query';
import { choiceRequestResultSchema, packingSummarySchema } from '../../../../shared/schemas/products';
import { apiFetch } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/admin/campaigns/:id/packing: the boxes to pack per SKU (issue 37), read again after every review step. */
export function usePackingSummary(campaignId: number) {
  return useQuery(
    getQuery(
      privateKeys.admin.campaigns.packing(String(campaignId)),
      `/api/admin/campaigns/${campaignId}/packing`,
      packingSummarySchema,
    ),
  );
}

/** POST /api/admin/applications/:id/choice-request: the creator's option sold out; ask them for another. */
export function useAskForAnotherChoice() {
  return useMutation({
    mutationFn: (applicationId: number) =>
      apiFetch(`/api/admin/applications/${applicationId}/choice-request`, {
        method: 'POST',
        json: {},
        schema: choiceRequestResultSchema,
      }),
  });
}
