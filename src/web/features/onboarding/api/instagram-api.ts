import { useMutation, useQuery } from '@tanstack/react-query';
import {
  instagramConnectionStatusSchema,
  instagramDisconnectedSchema,
} from '../../../../shared/schemas/instagram';
import { urlResultSchema } from '../../../../shared/schemas/results';
import { apiFetch } from '../../../lib/api-client';
import { getQuery, useReadAgain } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

const PATH = '/api/me/connections/instagram';

export const instagramConnectionQuery = () =>
  getQuery(privateKeys.instagram, PATH, instagramConnectionStatusSchema);
export const useInstagramConnection = () => useQuery(instagramConnectionQuery());

/** Starts the connection: the browser goes to Instagram's authorization window and comes back to /profile. */
export function useConnectInstagram() {
  return useMutation({
    mutationFn: () => apiFetch(PATH, { method: 'POST', json: {}, schema: urlResultSchema }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useDisconnectInstagram() {
  const readAgain = useReadAgain(privateKeys.instagram);
  return useMutation({
    mutationFn: () => apiFetch(PATH, { method: 'DELETE', schema: instagramDisconnectedSchema }),
    onSettled: readAgain,
  });
}
