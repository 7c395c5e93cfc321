import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationAction } from '../../../../shared/moderation';
import type { CreatorDetail, CreatorNote } from '../../../../shared/schemas/creator-admin';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/admin/influencers/:id: everything about one creator. */
export function useCreatorDetail(id: number) {
  return useQuery({
    queryKey: privateKeys.admin.creator(id),
    queryFn: ({ signal }) => apiFetch<CreatorDetail>(`/api/admin/influencers/${id}`, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

/** Notes and standing changes on one creator; each refreshes the page and the creator list. */
export function useCreatorActions(id: number) {
  const queryClient = useQueryClient();
  const key = privateKeys.admin.creator(id);
  return {
    addNote: useMutation({
      mutationFn: (body: string) =>
        apiFetch<CreatorNote>(`/api/admin/influencers/${id}/notes`, { method: 'POST', json: { body } }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    }),
    moderate: useMutation({
      mutationFn: ({ action, reason }: { action: ModerationAction; reason: string }) =>
        apiFetch<CreatorDetail>(`/api/admin/influencers/${id}/${action}`, {
          method: 'POST',
          json: { reason },
        }),
      onSuccess: (detail) => queryClient.setQueryData(key, detail),
      onSettled: () => queryClient.invalidateQueries({ queryKey: privateKeys.admin.all }),
    }),
  };
}
