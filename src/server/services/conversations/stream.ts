import type { Context } from 'hono';
import { findConversation } from '../../../db/queries/conversations';
import type { ServerLifecycle } from '../../http/context';
import type { StreamLease } from '../live/open-streams';
import { type EventFeed, serveEventStream } from '../live/server-sent-events';
import type { ServiceContext } from '../service-context';
import { readableConversation, type Viewer } from './context';
import { type ConversationChange, subscribeConversationChanges } from './live';

/**
 * Server-Sent Events for one conversation (or, `conversationId` null, every conversation: the admins' inbox). The
 * caller checked the session and the access before (a refused open answers JSON 401/404, not a stream). Events:
 * `ready` once, `message` with `{ conversationId, messageId }` per change, `resync` when changes may have been
 * missed (read everything again), and a comment as heartbeat; the loop is `serveEventStream`
 * (live/server-sent-events.ts). Ends when the client goes, the session ends (`lease`) or the server stops.
 */
export function conversationStream(
  c: Context,
  { db }: ServiceContext,
  {
    conversationId,
    accept,
    ...options
  }: {
    /** The stream's hold on its session (issue 42): it finishes when the session ends. */
    lease: StreamLease;
    conversationId: number | null;
    lifecycle?: ServerLifecycle | undefined;
    heartbeatMs?: number;
    /** With `conversationId` null: which changes this stream tells (a creator's stream: their conversations only). */
    accept?: ((change: ConversationChange) => Promise<boolean>) | undefined;
  },
) {
  const queue: Array<ConversationChange | null> = [];
  const feed: EventFeed = {
    listen: (arrived) =>
      subscribeConversationChanges(db, conversationId, (change) => {
        queue.push(change);
        arrived();
      }),
    waiting: () => queue.length > 0,
    take: async () => {
      const change = queue.shift();
      if (change && accept && !(await accept(change))) return null;
      return change
        ? { event: 'message', data: JSON.stringify(change), id: String(change.messageId) }
        : { event: 'resync', data: '{}' };
    },
  };
  return serveEventStream(c, feed, { ...options, ready: { conversationId } });
}

/** A conversation's stream opens only for a viewer who may read it: 404 otherwise (as JSON, before any event). */
export async function requireStreamAccess({ db }: ServiceContext, id: number, viewer: Viewer): Promise<void> {
  await readableConversation(db, id, viewer);
}

/**
 * The filter of a creator's stream of every conversation of theirs: whether a change is about one of their
 * conversations (ownership read from the database once per conversation, then remembered for the stream's life).
 */
export function creatorConversationFilter(
  { db }: ServiceContext,
  creatorId: number,
): (change: ConversationChange) => Promise<boolean> {
  const known = new Map<number, boolean>();
  return async ({ conversationId }) => {
    let mine = known.get(conversationId);
    if (mine === undefined) {
      mine = (await findConversation(db, conversationId, { creatorId })) !== null;
      if (known.size > 1000) known.clear();
      known.set(conversationId, mine);
    }
    return mine;
  };
}
