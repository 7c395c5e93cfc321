import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type InboxFilter,
  inboxCampaignsSchema,
  inboxSchema,
} from '../../../../shared/schemas/conversation-inbox';
import { INBOX_POLL_MS } from '../../../lib/admin-nav-counts';
import { apiFetch } from '../../../lib/api-client';
import { conversationKeys } from '../../../lib/conversations';

/**
 * Issue 26, the team's side: the inbox and its campaign filter (the number waiting for a reply is in
 * lib/admin-nav-counts, the saved replies in lib/admin-saved-replies).
 */
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
