import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { findConversation } from '../../../db/queries/conversations';
import type { ServerLifecycle } from '../../http/context';
import type { StreamLease } from '../live/open-streams';
import type { ServiceContext } from '../service-context';
import { readableConversation, type Viewer } from './context';
import { type ConversationChange, subscribeConversationChanges } from './live';

/** A comment line this often keeps proxies from closing a quiet stream (most close after 60 s idle). */
export const STREAM_HEARTBEAT_MS = 20_000;
/** How often a stream looks whether the server is shutting down (then it ends, and the browser reconnects elsewhere). */
const STREAM_TICK_MS = 1000;
/** The browser waits this long before reconnecting a dropped stream. */
const STREAM_RETRY_MS = 3000;

/**
 * Server-Sent Events for one conversation (or, `conversationId` null, every conversation: the admins' inbox). The
 * caller checked the session and the access before (a refused open answers JSON 401/404, not a stream). Events:
 * `ready` once, `message` with `{ conversationId, messageId }` per change, `resync` when changes may have been
 * missed (read everything again), and a comment as heartbeat. Ends when the client goes, the session ends (`lease`)
 * or the server stops.
 */
export function conversationStream(
  c: Context,
  { db }: ServiceContext,
  {
    conversationId,
    lifecycle,
    heartbeatMs = STREAM_HEARTBEAT_MS,
    accept,
    lease,
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
  c.header('Cache-Control', 'no-store, no-transform');
  // Proxies such as nginx buffer answers unless told not to.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const queue: Array<ConversationChange | null> = [];
    let wake: (() => void) | null = null;
    const unsubscribe = subscribeConversationChanges(db, conversationId, (change) => {
      queue.push(change);
      wake?.();
    });
    stream.onAbort(() => wake?.());
    lease.onEnd(() => wake?.());
    try {
      await stream.writeSSE({
        event: 'ready',
        data: JSON.stringify({ conversationId }),
        retry: STREAM_RETRY_MS,
      });
      // The heartbeat measures time gone by (a monotonic clock), not the time of day a service reads from its context.
      let lastWrite = performance.now();
      while (!stream.aborted && !stream.closed && !lease.ended) {
        if (queue.length === 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, STREAM_TICK_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
        while (queue.length > 0 && !stream.aborted && !lease.ended) {
          const change = queue.shift();
          if (change && accept && !(await accept(change))) continue;
          await stream.writeSSE(
            change
              ? { event: 'message', data: JSON.stringify(change), id: String(change.messageId) }
              : { event: 'resync', data: '{}' },
          );
          lastWrite = performance.now();
        }
        if (lifecycle?.stopping || lifecycle?.draining) break;
        if (performance.now() - lastWrite >= heartbeatMs) {
          await stream.write(': heartbeat\n\n');
          lastWrite = performance.now();
        }
      }
    } catch (error) {
      // Writing to a stream the browser just closed fails; anything else is a fault.
      if (!stream.aborted && !stream.closed) throw error;
    } finally {
      unsubscribe();
      lease.release();
    }
  });
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
  influencerId: number,
): (change: ConversationChange) => Promise<boolean> {
  const known = new Map<number, boolean>();
  return async ({ conversationId }) => {
    let mine = known.get(conversationId);
    if (mine === undefined) {
      mine = (await findConversation(db, conversationId, { influencerId })) !== null;
      if (known.size > 1000) known.clear();
      known.set(conversationId, mine);
    }
    return mine;
  };
}
