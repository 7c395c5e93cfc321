import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { waitingCountSchema } from '../../shared/schemas/conversation-inbox';
import { adminProblemListSchema } from '../../shared/schemas/delivery-problems';
import { apiFetch } from './api-client';
import { conversationKeys, useConversationLive } from './conversations';
import { privateKeys } from './query-keys';

/** The admin frame's sidebar figures: conversations waiting for a reply (live) and open delivery problems. */

/** While the inbox stream is down, the inbox and the sidebar count are asked for this often. */
export const INBOX_POLL_MS = 15_000;

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

/** The open count for the sidebar badge (one row asked for; refreshed every few minutes and after every action). */
export function useOpenProblemCount() {
  const query = useQuery({
    queryKey: privateKeys.admin.problemsOpenCount,
    queryFn: ({ signal }) =>
      apiFetch('/api/admin/problems?status=open&limit=1', { signal, schema: adminProblemListSchema }),
    staleTime: 60_000,
    refetchInterval: 180_000,
  });
  return query.data?.openCount ?? 0;
}
