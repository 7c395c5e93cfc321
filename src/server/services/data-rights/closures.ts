import { APIError } from 'better-auth/api';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { accountClosedAt } from '../../../db/queries/account-closures';
import { keyset, keysetPage } from '../../../db/queries/keyset';
import { creators } from '../../../db/schema/creators';
import { accountClosures } from '../../../db/schema/data-rights';
import { decodeCursor } from '../../../shared/page-cursor';
import {
  ACCOUNT_CLOSURE_PAGE_SIZE,
  type AccountClosureList,
  type AccountClosureQuery,
  closedAccountRefusal,
  DATA_RIGHTS_MESSAGES,
} from '../../../shared/schemas/data-rights';
import { AppError } from '../../http/errors';

/** Better Auth's session hook: a closed account gets no new session, whichever way the person signs in. */
export async function refuseClosedSignIn(db: DatabaseOrTransaction, userId: string) {
  const [closed] = await db
    .select({ id: accountClosures.creatorId })
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

/**
 * The admins' list of closed accounts, newest first, a page at a time by keyset on (closed_at, influencer_id)
 * (issue 28: `account_closures_closed_idx`, read backwards): waiting for their anonymisation date, or anonymised.
 */
export async function listAccountClosures(
  db: DatabaseOrTransaction,
  {
    state,
    cursor: text,
    limit = ACCOUNT_CLOSURE_PAGE_SIZE,
  }: Pick<AccountClosureQuery, 'state' | 'cursor'> & { limit?: number },
): Promise<AccountClosureList> {
  const cursor = text ? decodeCursor(text) : null;
  if (text && !cursor) {
    throw new AppError(
      'VALIDATION_FAILED',
      'cursor is not valid: load the first page again',
      {},
      undefined,
      'cursor',
    );
  }
  const page = keyset(accountClosures.closedAt, accountClosures.creatorId, cursor);
  const read = await db
    .select({ closure: accountClosures, name: creators.name })
    .from(accountClosures)
    .innerJoin(creators, eq(creators.id, accountClosures.creatorId))
    .where(
      and(
        state === 'pending'
          ? isNull(accountClosures.anonymisedAt)
          : state === 'anonymised'
            ? isNotNull(accountClosures.anonymisedAt)
            : undefined,
        page.where,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  const { rows, nextCursor } = keysetPage(read, limit, cursor, (row) => ({
    createdAt: row.closure.closedAt,
    id: row.closure.creatorId,
  }));
  const items = rows.map(({ closure, name }) => ({
    creatorId: closure.creatorId,
    anonymousId: closure.anonymousId,
    name: closure.anonymisedAt ? null : name,
    closedAt: closure.closedAt.toISOString(),
    anonymiseAfter: closure.anonymiseAfter.toISOString(),
    anonymisedAt: closure.anonymisedAt ? closure.anonymisedAt.toISOString() : null,
    mintGivenUp: closure.mintGivenUp,
    applicationsWithdrawn: closure.applicationsWithdrawn,
  }));
  return { items, nextCursor };
}
