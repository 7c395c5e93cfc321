import type { Context } from 'hono';
import type { AppBindings } from '../http/context';
import type { AuditActor } from '../services/audit-log';
import { clientAddress } from './session';

/** The signed-in admin as payout histories and the audit trail name them, with the client address the app trusts. */
export function adminActor(c: Context<AppBindings>): AuditActor {
  const user = c.get('user');
  const ipAddress = clientAddress(c);
  return user
    ? { userId: user.id, name: `${user.name} <${user.email}>`, ipAddress }
    : { userId: null, name: 'Admin', ipAddress };
}
