import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '../../shared/schemas/notifications';
import { userIdRef } from './auth';
import { identityId, ts } from './columns';

/**
 * Issue 13: the in-app notification centre. One row per recipient (a creator's sign-in account, or each active
 * admin), written in the same transaction as the change it reports (src/server/services/notifications.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: identityId(),
    userId: userIdRef(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An app path to the thing it is about, e.g. /dashboard?tab=campaigns or /admin/problems. */
    link: text('link').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    // "My notifications, newest first" (paged by id).
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    // "My unread, newest first" and the unread count.
    index('notifications_user_unread_idx').on(t.userId, t.id.desc()).where(sql`${t.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
