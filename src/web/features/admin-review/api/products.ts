import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProductInput, productListSchema } from '../../../../shared/schemas/products';
import { idResultSchema } from '../../../../shared/schemas/results';
import { apiFetch } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';
import { privateKeys, publicKeys } from '../../../lib/query-keys';

const keys = privateKeys.admin.campaigns;

/** GET /api/admin/campaigns/:id/products: the campaign's products with each variant's stock (issue 37). */
export const campaignProductsQuery = (campaignId: number) =>
  getQuery(
    keys.products(String(campaignId)),
    `/api/admin/campaigns/${campaignId}/products`,
    productListSchema,
  );

export function useCampaignProducts(campaignId: number) {
  return useQuery(campaignProductsQuery(campaignId));
}

/** A change to products or stock: the admin list, the public campaign and the applicants read again. */
function useProductMutation<T>(campaignId: number, call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.products(String(campaignId)) }),
        queryClient.invalidateQueries({ queryKey: publicKeys.campaigns.detail(String(campaignId)) }),
      ]),
  });
}

export function useAddProduct(campaignId: number) {
  return useProductMutation(campaignId, (input: ProductInput) =>
    apiFetch(`/api/admin/campaigns/${campaignId}/products`, {
      method: 'POST',
      json: input,
      schema: idResultSchema,
    }),
  );
}

export function useUpdateVariant(campaignId: number) {
  return useProductMutation(
    campaignId,
    ({ id, ...patch }: { id: number; stock?: number; available?: boolean }) =>
      apiFetch(`/api/admin/variants/${id}`, { method: 'PATCH', json: patch, schema: idResultSchema }),
  );
}

export function useDeleteVariant(campaignId: number) {
  return useProductMutation(campaignId, (id: number) =>
    apiFetch(`/api/admin/variants/${id}`, { method: 'DELETE', schema: idResultSchema }),
  );
}

export function useDeleteProduct(campaignId: number) {
  return useProductMutation(campaignId, (id: number) =>
    apiFetch(`/api/admin/products/${id}`, { method: 'DELETE', schema: idResultSchema }),
  );
}
