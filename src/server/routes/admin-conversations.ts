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
import { routeGroup } from '../http/route-group';
import { answer, eventStreamAnswer, jsonBody } from '../http/route-responses';
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

const teamRoute = routeGroup({ tags: TAGS.admin, middleware: adminOnly, refusals: errors });
const teamStreamRoute = routeGroup({ tags: TAGS.admin, middleware: adminOnly, refusals: streamErrors });
const teamWriteRoute = routeGroup({ tags: TAGS.admin, middleware: adminOnly, refusals: writeErrors });

const inboxRoute = teamRoute.get('/conversations', {
  summary:
    'The inbox: conversations newest activity first, filtered (all, unread, waiting for our reply; a campaign), searched by creator or text; one page of 50 (keyset: pass nextCursor back as cursor)',
  request: { query: inboxQuerySchema },
  responses: { 200: answer('The inbox', inboxSchema) },
});
const waitingRoute = teamRoute.get('/conversations/waiting-count', {
  summary: 'How many conversations wait for our reply (the number in the admin sidebar)',
  responses: { 200: answer('The count', waitingCountSchema) },
});
const inboxCampaignsRoute = teamRoute.get('/conversations/campaigns', {
  summary:
    'The choices of the inbox campaign filter: the campaigns that have conversations whose name contains q (case-insensitive), most conversations first, then by name; limit 20 by default, at most 50. With id: that campaign alone (its name for a filter kept in the URL)',
  request: { query: inboxCampaignsQuerySchema },
  responses: { 200: answer('The campaigns', inboxCampaignsSchema) },
});
const inboxStreamRoute = teamStreamRoute.get('/conversations/stream', {
  summary:
    'Server-Sent Events of every conversation (the inbox): `message` {conversationId, messageId} per change',
  responses: {
    200: eventStreamAnswer('An event stream'),
  },
});
const hideRoute = teamWriteRoute.post('/conversations/{id}/messages/{messageId}/hide', {
  summary: 'Hide a message with a reason (kept for the record; the creator no longer sees its text)',
  request: { params: messageParams, body: jsonBody(hideMessageSchema) },
  responses: { 204: { description: 'Hidden' } },
});
const savedListRoute = teamRoute.get('/saved-replies', {
  summary: "The team's saved replies, by title",
  responses: { 200: answer('Saved replies', savedReplyListSchema) },
});
const savedCreateRoute = teamWriteRoute.post('/saved-replies', {
  summary: 'Save a reply for the answers that repeat',
  request: { body: jsonBody(savedReplySchema) },
  responses: { 201: answer('Saved', savedReplyItemSchema) },
});
const savedUpdateRoute = teamWriteRoute.put('/saved-replies/{id}', {
  summary: 'Change a saved reply',
  request: { params: idParam, body: jsonBody(savedReplySchema) },
  responses: { 200: answer('Saved', savedReplyItemSchema) },
});
const savedDeleteRoute = teamRoute.delete('/saved-replies/{id}', {
  summary: 'Delete a saved reply',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' } },
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
