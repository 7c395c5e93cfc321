import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatorMailPreferences } from '../../../../shared/mail-preferences';
import { mailPreferencesSchema } from '../../../../shared/schemas/me';
import { apiFetch } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/me/mail-preferences. */
export const mailPreferencesQuery = () =>
  getQuery(privateKeys.mailPreferences, '/api/me/mail-preferences', mailPreferencesSchema);
export const useMailPreferences = () => useQuery(mailPreferencesQuery());

/** PUT /api/me/mail-preferences: the switch moves at once and goes back when the save fails. */
export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: CreatorMailPreferences) =>
      apiFetch('/api/me/mail-preferences', {
        method: 'PUT',
        json: preferences,
        schema: mailPreferencesSchema,
      }),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: privateKeys.mailPreferences });
      const previous = queryClient.getQueryData<CreatorMailPreferences>(privateKeys.mailPreferences);
      queryClient.setQueryData(privateKeys.mailPreferences, preferences);
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) queryClient.setQueryData(privateKeys.mailPreferences, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(privateKeys.mailPreferences, saved),
  });
}
