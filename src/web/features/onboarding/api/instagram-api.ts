import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstagramConnectionStatus } from '../../../../shared/schemas/instagram';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

const PATH = '/api/me/connections/instagram';

export function useInstagramConnection() {
  return useQuery({
    queryKey: privateKeys.instagram,
    queryFn: ({ signal }) => apiFetch<InstagramConnectionStatus>(PATH, { signal }),
  });
}

/** Starts the connection: the browser goes to Instagram's authorization window and comes back to /profile. */
export function useConnectInstagram() {
  return useMutation({
    mutationFn: () => apiFetch<{ url: string }>(PATH, { method: 'POST', json: {} }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useDisconnectInstagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ connected: false }>(PATH, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privateKeys.instagram }),
  });
}
