import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDigestStateSchema } from '../../../../shared/schemas/me';
import { apiFetch } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/admin/me/digest: whether this admin gets the mail digest, and the server's interval. */
export const adminDigestQuery = () =>
  getQuery(privateKeys.adminDigest, '/api/admin/me/digest', adminDigestStateSchema);
export const useAdminDigest = () => useQuery(adminDigestQuery());

/** PUT /api/admin/me/digest. */
export function useSaveAdminDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiFetch('/api/admin/me/digest', { method: 'PUT', json: { enabled }, schema: adminDigestStateSchema }),
    onSuccess: (saved) => queryClient.setQueryData(privateKeys.adminDigest, saved),
  });
}
