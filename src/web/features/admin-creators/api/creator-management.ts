import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationAction } from '../../../../shared/moderation';
import { creatorDetailSchema, creatorNoteSchema } from '../../../../shared/schemas/creator-admin';
import { apiFetch } from '../../../lib/api-client';
import { privateKeys } from '../../../lib/query-keys';

/** GET /api/admin/influencers/:id: everything about one creator. */
export const creatorDetailQuery = (id: number) =>
  queryOptions({
    queryKey: privateKeys.admin.creator(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/influencers/${id}`, { signal, schema: creatorDetailSchema }),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
export const useCreatorDetail = (id: number) => useQuery(creatorDetailQuery(id));

/** Notes and standing changes on one creator; each refreshes the page and the creator list. */
export function useCreatorActions(id: number) {
  const queryClient = useQueryClient();
  const key = privateKeys.admin.creator(id);
  return {
    addNote: useMutation({
      mutationFn: (body: string) =>
        apiFetch(`/api/admin/influencers/${id}/notes`, {
          method: 'POST',
          json: { body },
          schema: creatorNoteSchema,
        }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    }),
    moderate: useMutation({
      mutationFn: ({ action, reason }: { action: ModerationAction; reason: string }) =>
        apiFetch(`/api/admin/influencers/${id}/${action}`, {
          method: 'POST',
          json: { reason },
          schema: creatorDetailSchema,
        }),
      onSuccess: (detail) => queryClient.setQueryData(key, detail),
      onSettled: () => queryClient.invalidateQueries({ queryKey: privateKeys.admin.all }),
    }),
  };
}
