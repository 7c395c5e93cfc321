import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CloseAccountInput,
  closeAccountResultSchema,
  closurePreviewSchema,
  dataExportSchema,
  dataExportStateSchema,
} from '../../../../shared/schemas/data-rights';
import { apiFetch } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { getQuery } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/me/data-export: the latest "Download my data" request (checked again every 15 s while it is built). */
export const dataExportQuery = () =>
  queryOptions({
    queryKey: privateKeys.dataExport,
    queryFn: ({ signal }) => apiFetch('/api/me/data-export', { signal, schema: dataExportStateSchema }),
    refetchInterval: (query) => (query.state.data?.latest?.status === 'requested' ? 15_000 : false),
  });
export const useDataExport = () => useQuery(dataExportQuery());

/** POST /api/me/data-export. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/me/data-export', { method: 'POST', json: {}, schema: dataExportStateSchema }),
    onSuccess: (state) => queryClient.setQueryData(privateKeys.dataExport, state),
  });
}

/** POST /api/me/data-export/link: what a mailed link stands for (ready, downloaded, expired) before the download. */
export const dataExportLinkQuery = (token: string) =>
  queryOptions({
    queryKey: [...privateKeys.dataExport, 'link', token],
    queryFn: ({ signal }) =>
      apiFetch('/api/me/data-export/link', {
        method: 'POST',
        json: { token },
        signal,
        schema: dataExportSchema,
      }),
    retry: false,
  });
export const useDataExportLink = (token: string) => useQuery(dataExportLinkQuery(token));

/** POST /api/me/data-export/download: the file behind a mailed link, saved by the browser. */
export async function downloadDataExport(token: string): Promise<void> {
  await downloadFile('/api/me/data-export/download', 'mintbox-data.json', {
    method: 'POST',
    json: { token },
  });
}

/** GET /api/me/account-closure: the statement shown before closing. */
export const closurePreviewQuery = () =>
  getQuery(privateKeys.accountClosure, '/api/me/account-closure', closurePreviewSchema);
export const useClosurePreview = (enabled: boolean) => useQuery({ ...closurePreviewQuery(), enabled });

/** POST /api/me/account-closure. */
export const closeAccount = (input: CloseAccountInput) =>
  apiFetch('/api/me/account-closure', { method: 'POST', json: input, schema: closeAccountResultSchema });
