import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ShippingAddressInput, shippingAddressViewSchema } from '../../../../shared/schemas/shipping';
import { apiFetch } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { privateKeys } from '../../../lib/query-keys';

/** PATCH /api/admin/applications/:id/shipping-address; refreshes the applicants. */
export function useShippingAddressOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ShippingAddressInput }) =>
      apiFetch(`/api/admin/applications/${id}/shipping-address`, {
        method: 'PATCH',
        json: input,
        schema: shippingAddressViewSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privateKeys.admin.campaigns.all }),
  });
}

/** The carrier CSV of a campaign's accepted creators waiting for a box (it doubles as the shipments template). */
export function downloadShippingCsv(campaignId: number): Promise<void> {
  return downloadFile(
    `/api/admin/campaigns/${campaignId}/shipping.csv`,
    `shipping-campaign-${campaignId}.csv`,
  );
}
