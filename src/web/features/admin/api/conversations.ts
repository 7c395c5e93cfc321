import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  type InboxFilter,
  inboxCampaignsSchema,
  inboxSchema,
  type SavedReplyInput,
  savedReplyItemSchema,
  savedReplyListSchema,
  waitingCountSchema,
} from '../../../../shared/schemas/conversation-inbox';
import { apiFetch } from '../../../lib/api-client';
import { conversationKeys, useConversationLive } from '../../../lib/conversations';

/** Issue 26, the team's side: the inbox, the number waiting for a reply, saved replies. */
export interface InboxFilters {
  filter: InboxFilter;
  campaignId?: number | undefined;
  q?: string | undefined;
}

function inboxPath({ filter, campaignId, q }: InboxFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('filter', filter);
  if (campaignId) params.set('campaignId', String(campaignId));
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/api/admin/conversations${query ? `?${query}` : ''}`;
}

/** While the inbox stream is down, the inbox and the sidebar count are asked for this often. */
const INBOX_POLL_MS = 15_000;

/**
 * GET /api/admin/conversations: newest activity first, a page of 50 at a time ("Show more conversations" reads the
 * next by its cursor); kept fresh by `useInboxLive` in the admin frame, which reads the pages shown again.
 */
export function useInbox(filters: InboxFilters, live: boolean) {
  return useInfiniteQuery({
    queryKey: conversationKeys.inbox(filters),
    queryFn: ({ signal, pageParam }) =>
      apiFetch(inboxPath(filters, pageParam), { signal, schema: inboxSchema }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: live ? false : INBOX_POLL_MS,
  });
}

/**
 * GET /api/admin/conversations/campaigns?q=…: the choices of the inbox's campaign filter, a search among the
 * campaigns with conversations (most conversations first, 20 at a time); asked only while the list is open.
 */
export function useInboxCampaigns(q: string, enabled: boolean) {
  return useQuery({
    queryKey: conversationKeys.inboxCampaigns(q),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/conversations/campaigns${q ? `?${new URLSearchParams({ q })}` : ''}`, {
        signal,
        schema: inboxCampaignsSchema,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The campaign the inbox is filtered by (its id in the URL), read by id for its name. */
export function useInboxCampaign(id: number | undefined) {
  return useQuery({
    queryKey: conversationKeys.inboxCampaign(id ?? 0),
    queryFn: async ({ signal }) => {
      const found = await apiFetch(`/api/admin/conversations/campaigns?id=${id}`, {
        signal,
        schema: inboxCampaignsSchema,
      });
      return found.items[0] ?? null;
    },
    enabled: id !== undefined,
    staleTime: 60_000,
  });
}

/**
 * The admin frame follows every conversation on the inbox stream: each change refreshes the inbox, the sidebar
 * count and the bell. Answers whether the stream is up (else the queries poll).
 */
export function useInboxLive(): boolean {
  const queryClient = useQueryClient();
  const changed = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'admin', 'inbox'] });
    void queryClient.invalidateQueries({ queryKey: conversationKeys.waiting });
  }, [queryClient]);
  return useConversationLive('admin', null, changed);
}

/** GET /api/admin/conversations/waiting-count: the number in the sidebar. */
export function useWaitingCount(live: boolean): number {
  const query = useQuery({
    queryKey: conversationKeys.waiting,
    queryFn: ({ signal }) =>
      apiFetch('/api/admin/conversations/waiting-count', { signal, schema: waitingCountSchema }),
    staleTime: 0,
    refetchInterval: live ? false : INBOX_POLL_MS,
  });
  return query.data?.waitingCount ?? 0;
}

/** The team's saved replies, by title. */
export function useSavedReplies() {
  return useQuery({
    queryKey: conversationKeys.savedReplies,
    queryFn: ({ signal }) => apiFetch('/api/admin/saved-replies', { signal, schema: savedReplyListSchema }),
    staleTime: 60_000,
  });
}

/** Create, change and delete a saved reply; each reads the list again. */
export function useSavedReplyActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: conversationKeys.savedReplies });
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
