import { and, eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/auth';
import type { TiktokAccess } from '../../shared/schemas/tiktok-access';
import { missingTiktokScopes, tiktokReconnectMessage } from '../integrations/tiktok/tiktok-scopes';
import type { ServiceContext } from './service-context';

/** GET /api/me/connections/tiktok: what the creator's TikTok sign-in let Mintbox read, and what to do if not all. */
export async function tiktokAccess({ db }: ServiceContext, userId: string): Promise<TiktokAccess> {
  const [account] = await db
    .select({ scope: accounts.scope })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'tiktok')));
  if (!account) return { connected: false, missing: [], message: null };
  const missing = missingTiktokScopes(account.scope);
  return { connected: true, missing, message: tiktokReconnectMessage(missing) };
}
