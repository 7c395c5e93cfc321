import { and, count, desc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../client';
import { users } from '../schema/auth';
import { creators } from '../schema/creators';
import { notifications } from '../schema/notifications';
import { readColumn } from './first-row';

/** One page of a user's notifications, newest first (by id: the order they were written); ownership in the WHERE. */
export async function listMyNotifications(
  db: DatabaseOrTransaction,
  userId: string,
  { limit, cursor }: { limit: number; cursor?: number | undefined },
) {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), cursor === undefined ? undefined : lt(notifications.id, cursor)),
    )
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
}

/** How many of a user's notifications are unread. */
export async function countUnread(db: DatabaseOrTransaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * Marks some of a user's unread notifications read: those of `ids`, the "new message" ones of the conversation at
 * `conversationLink` (the reader opened the thread), or all; other users' rows are never touched. Answers how many.
 */
export async function markNotificationsRead(
  db: DatabaseOrTransaction,
  userId: string,
  which: { ids: number[] } | { conversationLink: string } | { all: true },
  now: Date,
): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        'ids' in which ? inArray(notifications.id, which.ids) : undefined,
        'conversationLink' in which
          ? and(
              eq(notifications.kind, 'conversation_message'),
              eq(notifications.link, which.conversationLink),
            )
          : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}

/** The sign-in accounts of every active admin (not banned). */
export async function activeAdminUserIds(db: DatabaseOrTransaction): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), or(isNull(users.banned), ne(users.banned, true))))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/** The sign-in account of a creator, or null (a creator record without one cannot read notifications). */
export async function userIdOfCreator(db: DatabaseOrTransaction, creatorId: number) {
  return readColumn(db, creators.authUserId, eq(creators.id, creatorId));
}

/** A creator's name as admins read it in a notification ("Ana Lee"), or "A creator". */
export async function creatorNameOf(db: DatabaseOrTransaction, creatorId: number): Promise<string> {
  return (await readColumn(db, creators.name, eq(creators.id, creatorId))) || 'A creator';
}
