import { invalidate, onInvalidate } from '../../../db/cache-invalidation';
import type { Database } from '../../../db/client';

/**
 * Live delivery of conversation changes to open streams, on the instances' bus (src/db/cache-invalidation.ts):
 * the writing instance's streams hear it at once, the others through PostgreSQL NOTIFY on their LISTEN connection
 * (PGlite: one process, the local call is the whole bus). The payload is the conversation id and the message id;
 * a stream tells its browser, which reads the thread again.
 */
export const CONVERSATION_CHANNEL = 'conversations';

/** A change: the message `messageId` of conversation `conversationId` was written, edited, hidden or deleted. */
export interface ConversationChange {
  conversationId: number;
  messageId: number;
}

/** Tells every instance (call after the change committed; never throws). */
export async function publishConversationChange(db: Database, change: ConversationChange): Promise<void> {
  await invalidate(db, CONVERSATION_CHANNEL, `${change.conversationId}:${change.messageId}`);
}

/**
 * Calls `listener` for every change (of one conversation when `conversationId` is given). `null` means "something
 * may have changed that was not heard" (the LISTEN connection came back after a drop): read again.
 */
export function subscribeConversationChanges(
  db: Database,
  conversationId: number | null,
  listener: (change: ConversationChange | null) => void,
): () => void {
  return onInvalidate(db, CONVERSATION_CHANNEL, (key) => {
    if (key === null) return listener(null);
    const match = /^(\d+):(\d+)$/.exec(key);
    if (!match) return;
    const change = { conversationId: Number(match[1]), messageId: Number(match[2]) };
    if (conversationId === null || change.conversationId === conversationId) listener(change);
  });
}
