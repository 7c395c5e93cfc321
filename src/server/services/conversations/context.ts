import { type FoundConversation, findConversation } from '../../../db/queries/conversations';
import { readOnlyFrom } from '../../../shared/schemas/conversations';
import { AppError } from '../../http/errors';
import type { AtInstant } from '../service-context';

/** What the conversation use cases need from a request (or a job). */
/** What a conversation use case reaches: the request's services with the clock read once. */
export type ConversationContext = AtInstant;

/**
 * Who reads or writes: the creator of the application (their own conversations only) or an admin of the team.
 * `name` is the account name (an admin signs as the brand with their first name).
 */
export type Viewer =
  | { role: 'creator'; userId: string; creatorId: number; name: string }
  | { role: 'admin'; userId: string; name: string };

export const scopeOfViewer = (viewer: Viewer) =>
  viewer.role === 'creator' ? { creatorId: viewer.creatorId } : ({ admin: true } as const);

export const authorRoleOf = (viewer: Viewer): 'creator' | 'team' =>
  viewer.role === 'creator' ? 'creator' : 'team';

export const NOT_FOUND_MESSAGE = 'Conversation not found';

/** The conversation if the viewer may read it; 404 otherwise (another creator's conversation is not confirmed). */
export async function readableConversation(
  db: Parameters<typeof findConversation>[0],
  id: number,
  viewer: Viewer,
  options: { lock?: boolean } = {},
): Promise<FoundConversation> {
  const found = await findConversation(db, id, scopeOfViewer(viewer), options);
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return found;
}

export const TEXTS = {
  suspended:
    'Your account is suspended, so you cannot send messages for now. You can still read this conversation.',
  banned: 'Your account is closed, so you cannot send messages.',
  readOnly:
    'This conversation is read-only: its campaign ended more than 30 days ago. You can still read it.',
} as const;

/** Why the viewer cannot write in this conversation now, or null when they can. */
export function writeRefusal(found: FoundConversation, viewer: Viewer, now: Date): string | null {
  const until = readOnlyFrom(found.campaign);
  if (until && until.getTime() <= now.getTime()) return TEXTS.readOnly;
  if (viewer.role === 'creator') {
    if (found.creator.standing === 'suspended') return TEXTS.suspended;
    if (found.creator.standing === 'banned') return TEXTS.banned;
  }
  return null;
}

/** 403 with the reason when the viewer cannot write. */
export function requireWritable(found: FoundConversation, viewer: Viewer, now: Date): void {
  const refusal = writeRefusal(found, viewer, now);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
}

/** The dashboard path that opens a conversation (the notification's link). */
export const conversationLink = (applicationId: number) =>
  `/dashboard?tab=campaigns&conversation=${applicationId}`;
