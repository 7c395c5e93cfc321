import type { NotificationRow } from '../../db/schema/notifications';
import {
  markReadResultSchema,
  markReadSchema,
  type NotificationItem,
  notificationListQuerySchema,
  notificationListSchema,
} from '../../shared/schemas/notifications';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, jsonBody, refusals } from '../http/route-responses';
import { currentUser, requireSession } from '../middleware/session';
import { markRead, notificationPage } from '../services/my-notifications';

/** Issue 13: the signed-in user's own notifications (creators and admins alike). */
const common = refusals({
  400: 'Bad input',
  401: 'Not signed in',
});

const sessionRoute = routeGroup({ tags: ['Notifications'], middleware: requireSession, refusals: common });

const listRoute = sessionRoute.get('/notifications', {
  summary: 'My notifications, newest first (paged by cursor), with the unread count',
  request: { query: notificationListQuerySchema },
  responses: { 200: answer('A page of notifications', notificationListSchema) },
});

const readRoute = sessionRoute.post('/notifications/read', {
  summary: 'Mark some of my notifications read ({ ids }) or all of them ({ all: true })',
  request: { body: jsonBody(markReadSchema) },
  responses: { 200: answer('How many were marked, and the unread count now', markReadResultSchema) },
});

const view = (row: NotificationRow): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export const notificationRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const page = await notificationPage(c.get('services'), currentUser(c).id, c.req.valid('query'));
    c.header('Cache-Control', 'no-store');
    return c.json(
      { items: page.items.map(view), unreadCount: page.unreadCount, nextCursor: page.nextCursor },
      200,
    );
  })
  .openapi(readRoute, async (c) => {
    return c.json(await markRead(c.get('services'), currentUser(c).id, c.req.valid('json')), 200);
  });
