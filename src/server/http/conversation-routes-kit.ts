import type { Context } from 'hono';
import { errorSchema } from '../../shared/schemas/error';
import { idParamSchema as idParam } from '../../shared/schemas/id-param';
import type { ConversationContext } from '../services/conversations/context';
import { atInstant } from '../services/service-context';
import type { AppBindings } from './context';

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

export const json = <T>(schema: T) => ({ 'application/json': { schema } });
export const errors = {
  400: { description: 'Bad input', content: json(errorSchema) },
  401: { description: 'Not signed in', content: json(errorSchema) },
  403: { description: 'Not allowed: not a creator, suspended, or read-only', content: json(errorSchema) },
  404: { description: 'No such conversation (or not yours)', content: json(errorSchema) },
};
export const writeErrors = {
  ...errors,
  409: { description: 'Too late to change this message', content: json(errorSchema) },
  429: { description: 'Too many messages; see Retry-After', content: json(errorSchema) },
};
export const streamErrors = {
  ...errors,
  429: {
    description: 'Too many streams open for this session or account; see Retry-After',
    content: json(errorSchema),
  },
};
export const messageParams = idParam.extend({ messageId: idParam.shape.id });
