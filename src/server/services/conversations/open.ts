import { ensureConversation, findApplicationForConversation } from '../../../db/queries/conversations';
import { AppError } from '../../http/errors';
import { type ConversationContext, scopeOfViewer, type Viewer } from './context';

/**
 * Opens the conversation of an application (the same one every time): a creator for their own application, from the
 * moment they applied (a question about the campaign may come before any decision); an admin for any application.
 */
export async function openConversation(
  ctx: ConversationContext,
  applicationId: number,
  viewer: Viewer,
): Promise<{ id: number }> {
  const application = await findApplicationForConversation(ctx.db, applicationId, scopeOfViewer(viewer));
  if (!application) throw new AppError('NOT_FOUND', 'Application not found');
  return { id: await ensureConversation(ctx.db, application, ctx.now) };
}
