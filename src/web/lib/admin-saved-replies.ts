import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type SavedReplyInput,
  savedReplyItemSchema,
  savedReplyListSchema,
} from '../../shared/schemas/conversation-inbox';
import { apiFetch } from './api-client';
import { conversationKeys } from './conversations';
import { getQuery, useReadAgain } from './get-query';

/** The team's saved replies, by title. */
export function useSavedReplies() {
  return useQuery(
    getQuery(conversationKeys.savedReplies, '/api/admin/saved-replies', savedReplyListSchema, {
      staleTime: 60_000,
    }),
  );
}

/** Create, change and delete a saved reply; each reads the list again. */
export function useSavedReplyActions() {
  const refresh = useReadAgain(conversationKeys.savedReplies);
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: SavedReplyInput }) =>
        id === null
          ? apiFetch('/api/admin/saved-replies', {
              method: 'POST',
              json: input,
              schema: savedReplyItemSchema,
            })
          : apiFetch(`/api/admin/saved-replies/${id}`, {
              method: 'PUT',
              json: input,
              schema: savedReplyItemSchema,
            }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiFetch(`/api/admin/saved-replies/${id}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}
