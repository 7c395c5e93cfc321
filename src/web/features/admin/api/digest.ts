import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDigestState } from '../../../../shared/schemas/me';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/admin/me/digest: whether this admin gets the mail digest, and the server's interval. */
export function useAdminDigest() {
  return useQuery({
    queryKey: privateKeys.adminDigest,
    queryFn: ({ signal }) => apiFetch<AdminDigestState>('/api/admin/me/digest', { signal }),
  });
}

/** PUT /api/admin/me/digest. */
export function useSaveAdminDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiFetch<AdminDigestState>('/api/admin/me/digest', { method: 'PUT', json: { enabled } }),
    onSuccess: (saved) => queryClient.setQueryData(privateKeys.adminDigest, saved),
  });
}
