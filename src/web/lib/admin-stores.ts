import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idResultSchema } from '../../shared/schemas/results';
import {
  connectedStoreSchema,
  type StoreInput,
  storeCatalogueSchema,
  storeListSchema,
  storeOrderOutcomesSchema,
  storeSyncResultSchema,
} from '../../shared/schemas/stores';
import { apiFetch } from './api-client';
import { getQuery, useReadAgain } from './get-query';
import { privateKeys, publicKeys } from './query-keys';

const keys = privateKeys.admin;

/** GET /api/admin/stores: the connected stores with their state and what to do (issue 37). */
export const storesQuery = getQuery(keys.stores, '/api/admin/stores', storeListSchema);

export function useStores() {
  return useQuery(storesQuery);
}

/** GET /api/admin/stores/:id/products: the store's catalogue, read when the import dialog opens. */
export function useStoreCatalogue(storeId: number | null) {
  return useQuery({
    queryKey: keys.storeCatalogue(storeId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/stores/${storeId}/products`, { schema: storeCatalogueSchema, signal }),
    enabled: storeId !== null,
    staleTime: 60_000,
  });
}

export function useStoreActions() {
  const queryClient = useQueryClient();
  const settled = useReadAgain(keys.stores);
  return {
    connect: useMutation({
      mutationFn: (input: StoreInput) =>
        apiFetch('/api/admin/stores', { method: 'POST', json: input, schema: connectedStoreSchema }),
      onSettled: settled,
    }),
    resync: useMutation({
      mutationFn: (id: number) =>
        apiFetch(`/api/admin/stores/${id}/sync`, { method: 'POST', json: {}, schema: storeSyncResultSchema }),
      onSettled: () =>
        Promise.all([settled(), queryClient.invalidateQueries({ queryKey: keys.campaigns.all })]),
    }),
  };
}

/** POST /api/admin/campaigns/:id/store-products: one store product offered on the campaign. */
export function useImportStoreProduct(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { storeId: number; productId: string; stock: number }) =>
      apiFetch(`/api/admin/campaigns/${campaignId}/store-products`, {
        method: 'POST',
        json: input,
        schema: idResultSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.campaigns.products(String(campaignId)) }),
        queryClient.invalidateQueries({ queryKey: publicKeys.campaigns.detail(String(campaignId)) }),
      ]),
  });
}

/** POST /api/admin/store-orders: "Create orders" for the selected accepted applications. */
export function useCreateStoreOrders(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiFetch('/api/admin/store-orders', {
        method: 'POST',
        json: { ids },
        schema: storeOrderOutcomesSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.campaigns.applicants(String(campaignId)) }),
        queryClient.invalidateQueries({ queryKey: keys.stores }),
      ]),
  });
}
