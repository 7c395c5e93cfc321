import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MarkReadInput,
  markReadResultSchema,
  NOTIFICATION_POLL_MS,
  type NotificationList,
  notificationListSchema,
} from '../../shared/schemas/notifications';
import { apiFetch } from './api-client';
import { privateKeys } from './query-keys';

/**
 * The signed-in user's newest notifications and unread count (GET /api/notifications). Asked again every minute
 * while the app is open and whenever its window gets the focus back; `enabled` is false while signed out.
 */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: privateKeys.notifications,
    queryFn: ({ signal }) =>
      apiFetch('/api/notifications?limit=20', { signal, schema: notificationListSchema }),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
}

/** Marks some or all of the caller's notifications read, and updates the list at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkReadInput) =>
      apiFetch('/api/notifications/read', { method: 'POST', json: input, schema: markReadResultSchema }),
    onMutate: (input) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationList>(privateKeys.notifications, (list) => {
        if (!list) return list;
        const marks = (id: number) => 'all' in input || input.ids.includes(id);
        const items = list.items.map((item) =>
          item.readAt === null && marks(item.id) ? { ...item, readAt: now } : item,
        );
        const newlyRead = list.items.filter((item) => item.readAt === null && marks(item.id)).length;
        return {
          ...list,
          items,
          unreadCount: 'all' in input ? 0 : Math.max(0, list.unreadCount - newlyRead),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: privateKeys.notifications }),
  });
}
