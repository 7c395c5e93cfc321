import { useMutation, useQuery } from '@tanstack/react-query';
import { accountSessionListSchema } from '../../../../shared/schemas/account-sessions';
import { tiktokAccessSchema } from '../../../../shared/schemas/tiktok-access';
import { apiFetch } from '../../../lib/api-client';
import { getQuery, useReadAgain } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/me/sessions: where the account is signed in (issue 42). */
export const accountSessionsQuery = () =>
  getQuery(privateKeys.accountSessions, '/api/me/sessions', accountSessionListSchema);
export const useAccountSessions = () => useQuery(accountSessionsQuery());

/** DELETE /api/me/sessions/:id: signs another device out. */
export function useEndSession() {
  const readAgain = useReadAgain(privateKeys.accountSessions);
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: readAgain,
  });
}

/** GET /api/me/connections/tiktok: the scopes left out at the TikTok sign-in. */
export const useTiktokAccess = () =>
  useQuery(getQuery(privateKeys.tiktokAccess, '/api/me/connections/tiktok', tiktokAccessSchema));
