import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  CONVERSATION_POLL_MS,
  conversationThreadSchema,
  type NewMessageInput,
  openedConversationSchema,
  postedMessageSchema,
  seenResultSchema,
  uploadedImageSchema,
} from '../../shared/schemas/conversations';
import { apiFetch } from './api-client';
import { PRIVATE_ROOT, privateKeys } from './query-keys';

/**
 * Issue 26: the calls of a conversation thread, shared by the creator's dashboard and the admin pages. `side` picks
 * the routes: the creator's (/api/conversations/…) or the team's (/api/admin/conversations/…).
 */
export type ConversationSide = 'creator' | 'admin';

const base = (side: ConversationSide) => (side === 'admin' ? '/api/admin' : '/api');

/** Under the private root: signing out forgets every conversation. */
export const conversationKeys = {
  all: [...PRIVATE_ROOT, 'conversations'] as const,
  thread: (side: ConversationSide, id: number) =>
    [...PRIVATE_ROOT, 'conversations', side, 'thread', id] as const,
  mine: [...PRIVATE_ROOT, 'conversations', 'creator', 'mine'] as const,
  inbox: (filters: object) => [...PRIVATE_ROOT, 'conversations', 'admin', 'inbox', filters] as const,
  // Under the inbox's key: every change the inbox stream tells of reads the campaign filter's choices again too.
  inboxCampaigns: (q: string) =>
    [...PRIVATE_ROOT, 'conversations', 'admin', 'inbox', 'campaigns', q] as const,
  inboxCampaign: (id: number) => [...PRIVATE_ROOT, 'conversations', 'admin', 'campaign', id] as const,
  waiting: [...PRIVATE_ROOT, 'conversations', 'admin', 'waiting'] as const,
  savedReplies: [...PRIVATE_ROOT, 'conversations', 'admin', 'saved-replies'] as const,
};

/** Opens (or finds) the conversation of an application; answers its id. */
export function openConversation(side: ConversationSide, applicationId: number) {
  return apiFetch(`${base(side)}/applications/${applicationId}/conversation`, {
    method: 'POST',
    json: {},
    schema: openedConversationSchema,
  });
}

/**
 * Follows a conversation (or, id null, the admins' inbox) live: a Server-Sent Events stream tells of every change
 * and the thread is read again. While the stream is down the data is asked for every 10 s instead (polling), until
 * the browser's own reconnect succeeds. Answers whether the stream is up.
 */
export function useConversationLive(side: ConversationSide, id: number | null, onChange: () => void) {
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const path =
      id === null ? `${base(side)}/conversations/stream` : `${base(side)}/conversations/${id}/stream`;
    const source = new EventSource(path);
    source.addEventListener('ready', () => setLive(true));
    source.addEventListener('message', () => onChange());
    source.addEventListener('resync', () => onChange());
    source.onerror = () => setLive(false);
    return () => source.close();
  }, [side, id, onChange]);
  return live;
}

/**
 * The signed-in creator's pages follow all their conversations (issue 26): a message from the team counts in the
 * bell at once, without waiting for the bell's own poll.
 */
export function useMyConversationsLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/me/conversations/stream');
    const changed = () => {
      void queryClient.invalidateQueries({ queryKey: privateKeys.notifications });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.mine });
    };
    source.addEventListener('message', changed);
    source.addEventListener('resync', changed);
    return () => source.close();
  }, [queryClient]);
}

/** A conversation thread, kept live (stream, or polling while the stream is down). */
export function useConversationThread(side: ConversationSide, id: number | null) {
  const queryClient = useQueryClient();
  const changed = useCallback(() => {
    if (id !== null) void queryClient.invalidateQueries({ queryKey: conversationKeys.thread(side, id) });
  }, [queryClient, side, id]);
  const live = useConversationLive(side, id, changed);
  const query = useQuery({
    queryKey: conversationKeys.thread(side, id ?? 0),
    queryFn: () => apiFetch(`${base(side)}/conversations/${id}`, { schema: conversationThreadSchema }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: live ? false : CONVERSATION_POLL_MS,
  });
  return { ...query, live };
}

/** Sending (images first, then the message), editing, deleting and marking read. */
export function useConversationActions(side: ConversationSide, id: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    void queryClient.invalidateQueries({ queryKey: privateKeys.notifications });
  };
  const send = useMutation({
    mutationFn: async ({ body, files }: { body: string; files: File[] }) => {
      const images: string[] = [];
      for (const file of files) {
        const form = new FormData();
        form.set('image', file);
        const stored = await apiFetch(`${base(side)}/conversations/${id}/images`, {
          method: 'POST',
          body: form,
          schema: uploadedImageSchema,
        });
        images.push(stored.url);
      }
      const input: NewMessageInput = { body, images };
      return apiFetch(`${base(side)}/conversations/${id}/messages`, {
        method: 'POST',
        json: input,
        schema: postedMessageSchema,
      });
    },
    onSettled: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ messageId, body }: { messageId: number; body: string }) =>
      apiFetch(`${base(side)}/conversations/${id}/messages/${messageId}`, {
        method: 'PATCH',
        json: { body },
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (messageId: number) =>
      apiFetch(`${base(side)}/conversations/${id}/messages/${messageId}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
  const hide = useMutation({
    mutationFn: ({ messageId, reason }: { messageId: number; reason: string }) =>
      apiFetch(`/api/admin/conversations/${id}/messages/${messageId}/hide`, {
        method: 'POST',
        json: { reason },
      }),
    onSettled: refresh,
  });
  const seen = useMutation({
    mutationFn: () =>
      apiFetch(`${base(side)}/conversations/${id}/seen`, {
        method: 'POST',
        json: {},
        schema: seenResultSchema,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: privateKeys.notifications });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.mine });
      // The team's inbox shows what each admin has not read.
      if (side === 'admin')
        void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'admin', 'inbox'] });
    },
  });
  return { send, edit, remove, hide, seen };
}
