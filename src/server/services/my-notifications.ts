import { countUnread, listMyNotifications, markNotificationsRead } from '../../db/queries/notifications';
import type { ServiceContext } from './service-context';

/** The notification centre of the signed-in user (bell and list); the writer is notifications.ts. */

/** A page of the user's notifications, newest first, with how many are unread in all. */
export async function notificationPage(
  ctx: ServiceContext,
  userId: string,
  page: Parameters<typeof listMyNotifications>[2],
) {
  const [found, unreadCount] = await Promise.all([
    listMyNotifications(ctx.db, userId, page),
    countUnread(ctx.db, userId),
  ]);
  return { ...found, unreadCount };
}

/** Marks some or all of the user's notifications read (now); answers how many changed and how many stay unread. */
export async function markRead(
  ctx: ServiceContext,
  userId: string,
  which: Parameters<typeof markNotificationsRead>[2],
) {
  const marked = await markNotificationsRead(ctx.db, userId, which, ctx.now());
  return { marked, unreadCount: await countUnread(ctx.db, userId) };
}
