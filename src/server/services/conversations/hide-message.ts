import { and, eq } from 'drizzle-orm';
import { refreshConversation } from '../../../db/queries/conversations';
import { conversationMessages } from '../../../db/schema/conversations';
import { AppError } from '../../http/errors';
import { type AuditActor, recordAdminAction } from '../audit-log';
import { type ConversationContext, readableConversation, type Viewer } from './context';
import { publishConversationChange } from './live';

/**
 * An admin hides a message with a reason: the creator sees that it was hidden, not its text or images; admins still
 * read both, with the reason and who hid it. Recorded in the audit trail. A hidden message stays hidden.
 */
export async function hideMessage(
  ctx: ConversationContext,
  conversationId: number,
  messageId: number,
  viewer: Extract<Viewer, { role: 'admin' }>,
  reason: string,
  actor: AuditActor,
) {
  await ctx.db.transaction(async (tx) => {
    await readableConversation(tx, conversationId, viewer, { lock: true });
    const [row] = await tx
      .select()
      .from(conversationMessages)
      .where(
        and(eq(conversationMessages.id, messageId), eq(conversationMessages.conversationId, conversationId)),
      )
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'Message not found');
    if (row.hiddenAt) throw new AppError('CONFLICT', 'This message is already hidden.');
    await tx
      .update(conversationMessages)
      .set({
        hiddenAt: ctx.now,
        hiddenReason: reason,
        hiddenByUserId: viewer.userId,
        hiddenByName: viewer.name,
      })
      .where(eq(conversationMessages.id, messageId));
    await refreshConversation(tx, conversationId);
    await recordAdminAction(tx, actor, {
      action: 'conversation.hide_message',
      entityType: 'conversation_message',
      entityId: messageId,
      before: { hidden: false },
      after: { hidden: true, reason },
      at: ctx.now,
    });
  });
  await publishConversationChange(ctx.db, { conversationId, messageId });
}
