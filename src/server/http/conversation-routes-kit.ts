import type { Context } from 'hono';
import { idParamSchema as idParam } from '../../shared/schemas/id-param';
import type { ConversationContext } from '../services/conversations/context';
import { atInstant } from '../services/service-context';
import type { AppBindings } from './context';
import { refusal, refusals } from './route-responses';

/*
 * What the conversation routes of both sides share (routes/conversations.ts: the thread, for the creator and the
 * team; routes/admin-conversations.ts: the team's inbox and saved replies): response sets, tags and the service
 * context of a request. A route imports no other route (src/boundaries.test.ts), so it lives here.
 */

export type Side = 'creator' | 'admin';
export const TAGS: Record<Side, string[]> = { creator: ['Conversations'], admin: ['Admin conversations'] };

export function context(c: Context<AppBindings>): ConversationContext {
  return atInstant(c.get('services'));
}

export const errors = refusals({
  400: 'Bad input',
  401: 'Not signed in',
  403: 'Not allowed: not a creator, suspended, or read-only',
  404: 'No such conversation (or not yours)',
});
export const writeErrors = {
  ...errors,
  409: refusal('Too late to change this message'),
  429: refusal('Too many messages; see Retry-After'),
};
export const streamErrors = {
  ...errors,
  429: refusal('Too many streams open for this session or account; see Retry-After'),
};
export const messageParams = idParam.extend({ messageId: idParam.shape.id });
