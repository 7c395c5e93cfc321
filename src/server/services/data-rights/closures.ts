import { APIError } from 'better-auth/api';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { accountClosedAt } from '../../../db/queries/account-closures';
import { accountClosures } from '../../../db/schema/data-rights';
import { influencers } from '../../../db/schema/influencers';
import {
  type AccountClosure,
  closedAccountRefusal,
  DATA_RIGHTS_MESSAGES,
} from '../../../shared/schemas/data-rights';
import { AppError } from '../../errors';

/** Better Auth's session hook: a closed account gets no new session, whichever way the person signs in. */
export async function refuseClosedSignIn(db: DatabaseOrTransaction, userId: string) {
  const [closed] = await db
    .select({ id: accountClosures.influencerId })
    .from(accountClosures)
    .where(eq(accountClosures.userId, userId))
    .limit(1);
  if (closed) {
    throw new APIError('FORBIDDEN', { message: DATA_RIGHTS_MESSAGES.closedSignIn, code: 'ACCOUNT_CLOSED' });
  }
}

/**
 * 409 when the creator closed their account: a step that would credit Mint to it (approving content, an
 * adjustment) is refused in the step's transaction (decision 0028).
 */
export async function refuseClosedAccount(
  tx: DatabaseOrTransaction,
  creator: { id: number; name: string },
  step: 'review' | 'adjust',
) {
  const closedAt = await accountClosedAt(tx, creator.id);
  if (closedAt) {
    throw new AppError(
      'CONFLICT',
      closedAccountRefusal(creator.name, closedAt.toISOString().slice(0, 10), step),
    );
  }
}

/** The admins' list of closed accounts, newest first: waiting for their anonymisation date, or anonymised. */
export async function listAccountClosures(
  db: DatabaseOrTransaction,
  state: 'all' | 'pending' | 'anonymised',
): Promise<AccountClosure[]> {
  const rows = await db
    .select({ closure: accountClosures, name: influencers.name })
    .from(accountClosures)
    .innerJoin(influencers, eq(influencers.id, accountClosures.influencerId))
    .where(
      state === 'pending'
        ? isNull(accountClosures.anonymisedAt)
        : state === 'anonymised'
          ? isNotNull(accountClosures.anonymisedAt)
          : and(),
    )
    .orderBy(desc(accountClosures.closedAt))
    .limit(200);
  return rows.map(({ closure, name }) => ({
    influencerId: closure.influencerId,
    anonymousId: closure.anonymousId,
    name: closure.anonymisedAt ? null : name,
    closedAt: closure.closedAt.toISOString(),
    anonymiseAfter: closure.anonymiseAfter.toISOString(),
    anonymisedAt: closure.anonymisedAt ? closure.anonymisedAt.toISOString() : null,
    mintGivenUp: closure.mintGivenUp,
    applicationsWithdrawn: closure.applicationsWithdrawn,
  }));
}
