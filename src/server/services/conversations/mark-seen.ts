import { eq, max } from 'drizzle-orm';
import { readConversationNotifications } from '../../../db/queries/conversation-notices';
import { markRead } from '../../../db/queries/conversations';
import { conversationMessages } from '../../../db/schema/conversations';
import { type ConversationContext, conversationLink, readableConversation, type Viewer } from './context';
import { publishConversationChange } from './live';

/**
 * The viewer has read the conversation up to its newest message (or up to `upTo`): their unread count drops, the
 * creator's bell forgets its "new message" notification, and the team's "seen" marks follow the creator's read.
 */
export async function markSeen(
  ctx: ConversationContext,
  conversationId: number,
  viewer: Viewer,
  upTo?: number,
): Promise<{ lastReadMessageId: number }> {
  const found = await readableConversation(ctx.db, conversationId, viewer);
  const [row] = await ctx.db
    .select({ id: max(conversationMessages.id) })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId));
  const newest = row?.id ?? 0;
  const mark = upTo === undefined ? newest : Math.min(upTo, newest);
  if (mark === 0) return { lastReadMessageId: 0 };
  await ctx.db.transaction(async (tx) => {
    await markRead(tx, conversationId, viewer.userId, mark, ctx.now);
    if (viewer.role === 'creator')
      await readConversationNotifications(
        tx,
        viewer.userId,
        conversationLink(found.conversation.applicationId),
        ctx.now,
      );
  });
  // The team's open thread shows "seen" without asking again.
  if (viewer.role === 'creator') await publishConversationChange(ctx.db, { conversationId, messageId: mark });
  return { lastReadMessageId: mark };
}
