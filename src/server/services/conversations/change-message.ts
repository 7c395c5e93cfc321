import { and, eq, inArray } from 'drizzle-orm';
import { answeredAfter, refreshConversation } from '../../../db/queries/conversations';
import { conversationAttachments, conversationMessages } from '../../../db/schema/conversations';
import { uploads } from '../../../db/schema/uploads';
import { MESSAGE_EDIT_WINDOW_MS } from '../../../shared/schemas/conversations';
import { AppError } from '../../http/errors';
import { discardImage } from '../uploads';
import {
  authorRoleOf,
  type ConversationContext,
  readableConversation,
  requireWritable,
  type Viewer,
} from './context';
import { publishConversationChange } from './live';

export const CHANGE_TEXTS = {
  notFound: 'Message not found',
  editWindow: 'Messages can be changed for 5 minutes after sending. Send a new message instead.',
  answered: 'This message was answered, so it stays in the conversation.',
  hidden: 'This message was hidden by the team and can no longer be changed.',
} as const;

/** The viewer's own message of the conversation, locked (another's message is 404: only the sender changes one). */
async function ownMessage(
  tx: Parameters<Parameters<ConversationContext['db']['transaction']>[0]>[0],
  conversationId: number,
  messageId: number,
  viewer: Viewer,
) {
  const [row] = await tx
    .select()
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.id, messageId),
        eq(conversationMessages.conversationId, conversationId),
        eq(conversationMessages.authorUserId, viewer.userId),
        eq(conversationMessages.authorRole, authorRoleOf(viewer)),
      ),
    )
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', CHANGE_TEXTS.notFound);
  if (row.hiddenAt) throw new AppError('CONFLICT', CHANGE_TEXTS.hidden);
  return row;
}

/** The sender changes their message's text within 5 minutes of sending it. */
export async function editMessage(
  ctx: ConversationContext,
  conversationId: number,
  messageId: number,
  viewer: Viewer,
  body: string,
) {
  await ctx.db.transaction(async (tx) => {
    const found = await readableConversation(tx, conversationId, viewer, { lock: true });
    requireWritable(found, viewer, ctx.now);
    const row = await ownMessage(tx, conversationId, messageId, viewer);
    if (ctx.now.getTime() - row.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS)
      throw new AppError('CONFLICT', CHANGE_TEXTS.editWindow);
    await tx
      .update(conversationMessages)
      .set({ body, editedAt: ctx.now })
      .where(eq(conversationMessages.id, messageId));
  });
  await publishConversationChange(ctx.db, { conversationId, messageId });
}

/** The sender deletes their message while nobody of the other side has written after it (its images go too). */
export async function deleteMessage(
  ctx: ConversationContext,
  conversationId: number,
  messageId: number,
  viewer: Viewer,
) {
  const names = await ctx.db.transaction(async (tx) => {
    const found = await readableConversation(tx, conversationId, viewer, { lock: true });
    requireWritable(found, viewer, ctx.now);
    const row = await ownMessage(tx, conversationId, messageId, viewer);
    if (await answeredAfter(tx, conversationId, messageId, row.authorRole))
      throw new AppError('CONFLICT', CHANGE_TEXTS.answered);
    const images = await tx
      .select({ name: conversationAttachments.uploadName })
      .from(conversationAttachments)
      .where(eq(conversationAttachments.messageId, messageId));
    await tx.delete(conversationMessages).where(eq(conversationMessages.id, messageId));
    if (images.length > 0)
      await tx.delete(uploads).where(
        inArray(
          uploads.name,
          images.map((i) => i.name),
        ),
      );
    await refreshConversation(tx, conversationId);
    return images.map((i) => i.name);
  });
  await Promise.all(names.map((name) => discardImage(ctx.files, name)));
  await publishConversationChange(ctx.db, { conversationId, messageId });
}
