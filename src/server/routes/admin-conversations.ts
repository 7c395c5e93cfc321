import { createRoute, z } from '@hono/zod-openapi';
import {
  inboxCampaignsQuerySchema,
  inboxCampaignsSchema,
  inboxQuerySchema,
  inboxSchema,
  savedReplyItemSchema,
  savedReplyListSchema,
  savedReplySchema,
  waitingCountSchema,
} from '../../shared/schemas/conversation-inbox';
import { hideMessageSchema } from '../../shared/schemas/conversations';
import { idParamSchema as idParam } from '../../shared/schemas/id-param';
import {
  context,
  errors,
  messageParams,
  streamErrors,
  TAGS,
  writeErrors,
} from '../http/conversation-routes-kit';
import { createRouter } from '../http/openapi';
import { json } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { currentUser, requireRole } from '../middleware/session';
import { leaseStream } from '../middleware/stream-lease';
import { hideMessage } from '../services/conversations/hide-message';
import { adminInbox, inboxCampaigns, waitingConversations } from '../services/conversations/inbox';
import {
  createSavedReply,
  deleteSavedReply,
  savedReplyList,
  updateSavedReply,
} from '../services/conversations/saved-replies';
import { conversationStream } from '../services/conversations/stream';

const adminOnly = requireRole('admin');
const adminTags = TAGS.admin;

const inboxRoute = createRoute({
  method: 'get',
  path: '/conversations',
  tags: adminTags,
  summary:
    'The inbox: conversations newest activity first, filtered (all, unread, waiting for our reply; a campaign), searched by creator or text; one page of 50 (keyset: pass nextCursor back as cursor)',
  middleware: adminOnly,
  request: { query: inboxQuerySchema },
  responses: { 200: { description: 'The inbox', content: json(inboxSchema) }, ...errors },
});
const waitingRoute = createRoute({
  method: 'get',
  path: '/conversations/waiting-count',
  tags: adminTags,
  summary: 'How many conversations wait for our reply (the number in the admin sidebar)',
  middleware: adminOnly,
  responses: { 200: { description: 'The count', content: json(waitingCountSchema) }, ...errors },
});
const inboxCampaignsRoute = createRoute({
  method: 'get',
  path: '/conversations/campaigns',
  tags: adminTags,
  summary:
    'The choices of the inbox campaign filter: the campaigns that have conversations whose name contains q (case-insensitive), most conversations first, then by name; limit 20 by default, at most 50. With id: that campaign alone (its name for a filter kept in the URL)',
  middleware: adminOnly,
  request: { query: inboxCampaignsQuerySchema },
  responses: { 200: { description: 'The campaigns', content: json(inboxCampaignsSchema) }, ...errors },
});
const inboxStreamRoute = createRoute({
  method: 'get',
  path: '/conversations/stream',
  tags: adminTags,
  summary:
    'Server-Sent Events of every conversation (the inbox): `message` {conversationId, messageId} per change',
  middleware: adminOnly,
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...streamErrors,
  },
});
const hideRoute = createRoute({
  method: 'post',
  path: '/conversations/{id}/messages/{messageId}/hide',
  tags: adminTags,
  summary: 'Hide a message with a reason (kept for the record; the creator no longer sees its text)',
  middleware: adminOnly,
  request: { params: messageParams, body: { content: json(hideMessageSchema), required: true } },
  responses: { 204: { description: 'Hidden' }, ...writeErrors },
});
const savedListRoute = createRoute({
  method: 'get',
  path: '/saved-replies',
  tags: adminTags,
  summary: "The team's saved replies, by title",
  middleware: adminOnly,
  responses: {
    200: { description: 'Saved replies', content: json(savedReplyListSchema) },
    ...errors,
  },
});
const savedCreateRoute = createRoute({
  method: 'post',
  path: '/saved-replies',
  tags: adminTags,
  summary: 'Save a reply for the answers that repeat',
  middleware: adminOnly,
  request: { body: { content: json(savedReplySchema), required: true } },
  responses: { 201: { description: 'Saved', content: json(savedReplyItemSchema) }, ...writeErrors },
});
const savedUpdateRoute = createRoute({
  method: 'put',
  path: '/saved-replies/{id}',
  tags: adminTags,
  summary: 'Change a saved reply',
  middleware: adminOnly,
  request: { params: idParam, body: { content: json(savedReplySchema), required: true } },
  responses: { 200: { description: 'Saved', content: json(savedReplyItemSchema) }, ...writeErrors },
});
const savedDeleteRoute = createRoute({
  method: 'delete',
  path: '/saved-replies/{id}',
  tags: adminTags,
  summary: 'Delete a saved reply',
  middleware: adminOnly,
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...errors },
});

/** Mounted under /admin (admins only, like every admin route). The fixed paths come before /conversations/{id}. */
export const adminConversationRoutes = createRouter()
  .openapi(inboxRoute, async (c) => {
    return c.json(await adminInbox(c.get('services'), currentUser(c).id, c.req.valid('query')), 200);
  })
  .openapi(waitingRoute, async (c) =>
    c.json({ waitingCount: await waitingConversations(c.get('services')) }, 200),
  )
  .openapi(inboxCampaignsRoute, async (c) =>
    c.json(await inboxCampaigns(c.get('services'), c.req.valid('query')), 200),
  )
  .openapi(inboxStreamRoute, async (c) => {
    const { lifecycle } = c.get('deps');
    return conversationStream(c, c.get('services'), {
      conversationId: null,
      lifecycle,
      lease: leaseStream(c),
    }) as never;
  })
  .openapi(hideRoute, async (c) => {
    const user = currentUser(c);
    const { id, messageId } = c.req.valid('param');
    await hideMessage(
      context(c),
      id,
      messageId,
      { role: 'admin', userId: user.id, name: user.name },
      c.req.valid('json').reason,
      adminActor(c),
    );
    return c.body(null, 204);
  })
  .openapi(savedListRoute, async (c) => c.json({ items: await savedReplyList(c.get('services')) }, 200))
  .openapi(savedCreateRoute, async (c) =>
    c.json(await createSavedReply(c.get('services'), c.req.valid('json'), currentUser(c).id), 201),
  )
  .openapi(savedUpdateRoute, async (c) =>
    c.json(await updateSavedReply(c.get('services'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(savedDeleteRoute, async (c) => {
    await deleteSavedReply(c.get('services'), c.req.valid('param').id);
    return c.body(null, 204);
  });
