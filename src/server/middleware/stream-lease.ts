import type { Context } from 'hono';
import type { AppBindings } from '../http/context';
import type { StreamLease } from '../services/live/open-streams';
import { currentUser } from './session';

/**
 * The lease of an event stream the signed-in user of `c` opens (behind requireRole/requireSession): 429 past the
 * session's or the account's cap (services/live/open-streams.ts, issue 42).
 */
export function leaseStream(c: Context<AppBindings>): StreamLease {
  const user = currentUser(c);
  return c.get('deps').streams.open({ sessionId: user.sessionId, userId: user.id });
}
