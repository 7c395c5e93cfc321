import { createRoute } from '@hono/zod-openapi';
import type { NotificationRow } from '../../db/schema/notifications';
import {
  markReadResultSchema,
  markReadSchema,
  type NotificationItem,
  notificationListQuerySchema,
  notificationListSchema,
} from '../../shared/schemas/notifications';
import { createRouter } from '../http/openapi';
import { json, refusal } from '../http/route-responses';
import { currentUser, requireSession } from '../middleware/session';
import { markRead, notificationPage } from '../services/my-notifications';

/** Issue 13: the signed-in user's own notifications (creators and admins alike). */
const common = {
  400: refusal('Bad input'),
  401: refusal('Not signed in'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/notifications',
  tags: ['Notifications'],
  summary: 'My notifications, newest first (paged by cursor), with the unread count',
  middleware: requireSession,
  request: { query: notificationListQuerySchema },
  responses: {
    200: { description: 'A page of notifications', content: json(notificationListSchema) },
    ...common,
  },
});

const readRoute = createRoute({
  method: 'post',
  path: '/notifications/read',
  tags: ['Notifications'],
  summary: 'Mark some of my notifications read ({ ids }) or all of them ({ all: true })',
  middleware: requireSession,
  request: { body: { content: json(markReadSchema), required: true } },
  responses: {
    200: {
      description: 'How many were marked, and the unread count now',
      content: json(markReadResultSchema),
    },
    ...common,
  },
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
