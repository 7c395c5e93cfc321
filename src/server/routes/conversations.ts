import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  conversationThreadSchema,
  editMessageSchema,
  myConversationListSchema,
  newMessageSchema,
  openedConversationSchema,
  postedMessageSchema,
  seenResultSchema,
  seenSchema,
  uploadedImageSchema,
} from '../../shared/schemas/conversations';
import { idParamSchema as idParam } from '../../shared/schemas/id-param';
import type { AppBindings } from '../http/context';
import {
  context,
  errors,
  messageParams,
  type Side,
  streamErrors,
  TAGS,
  writeErrors,
} from '../http/conversation-routes-kit';
import { AppError } from '../http/errors';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, eventStreamAnswer, jsonBody, optionalJsonBody, refusal } from '../http/route-responses';
import { creatorOnly, currentCreator } from '../middleware/creator';
import { currentUser, requireRole } from '../middleware/session';
import { leaseStream } from '../middleware/stream-lease';
import { deleteMessage, editMessage } from '../services/conversations/change-message';
import type { Viewer } from '../services/conversations/context';
import { myConversations } from '../services/conversations/inbox';
import { markSeen } from '../services/conversations/mark-seen';
import { openConversation } from '../services/conversations/open';
import { postMessage, uploadConversationImage } from '../services/conversations/post-message';
import {
  conversationStream,
  creatorConversationFilter,
  requireStreamAccess,
} from '../services/conversations/stream';
import { readThread } from '../services/conversations/thread';
import { MAX_UPLOAD_BYTES } from '../services/uploads';

/**
 * Issue 26: conversations. The creator's side under /conversations (their own only: another creator's is 404), the
 * team's under /admin/conversations (every conversation), saved replies under /admin/saved-replies.
 */

async function viewerOf(c: Context<AppBindings>, side: Side): Promise<Viewer> {
  const user = currentUser(c);
  if (side === 'admin') return { role: 'admin', userId: user.id, name: user.name };
  const creator = await currentCreator(c);
  return { role: 'creator', userId: user.id, creatorId: creator.id, name: creator.name };
}

/* The routes of a thread, defined once for both sides (the tags and the role check are the side's). */
function threadRouteDefinitions(side: Side) {
  const sideParts = { tags: TAGS[side], middleware: requireRole(side === 'admin' ? 'admin' : 'influencer') };
  const readRoute = routeGroup({ ...sideParts, refusals: errors });
  const writeRoute = routeGroup({ ...sideParts, refusals: writeErrors });
  const streamRoute = routeGroup({ ...sideParts, refusals: streamErrors });
  return {
    open: readRoute.post('/applications/{id}/conversation', {
      summary: 'Open the conversation of an application (the same one every time); answers its id',
      request: { params: idParam },
      responses: { 200: answer('The conversation', openedConversationSchema) },
    }),
    thread: readRoute.get('/conversations/{id}', {
      summary: "A conversation: messages and the application's lifecycle events, oldest first",
      request: { params: idParam },
      responses: { 200: answer('The thread', conversationThreadSchema) },
    }),
    image: writeRoute.post('/conversations/{id}/images', {
      summary:
        'Upload an image for your next message (PNG, JPEG, WebP or GIF, at most 5 MB); send its url with the message',
      request: {
        params: idParam,
        body: {
          content: { 'multipart/form-data': { schema: z.object({ image: z.any() }) } },
          required: true,
        },
      },
      responses: { 201: answer('Stored', uploadedImageSchema), 413: refusal('Image too large') },
    }),
    post: writeRoute.post('/conversations/{id}/messages', {
      summary: 'Send a message: plain text up to 4,000 characters and up to 4 uploaded images',
      request: { params: idParam, body: jsonBody(newMessageSchema) },
      responses: { 201: answer('Sent', postedMessageSchema) },
    }),
    edit: writeRoute.patch('/conversations/{id}/messages/{messageId}', {
      summary: 'Change the text of your message (within 5 minutes of sending it)',
      request: { params: messageParams, body: jsonBody(editMessageSchema) },
      responses: { 204: { description: 'Changed' } },
    }),
    remove: writeRoute.delete('/conversations/{id}/messages/{messageId}', {
      summary: 'Delete your message (only while nobody answered it)',
      request: { params: messageParams },
      responses: { 204: { description: 'Deleted' } },
    }),
    seen: readRoute.post('/conversations/{id}/seen', {
      summary: 'Mark the conversation read (up to its newest message, or up to `upTo`)',
      request: { params: idParam, body: optionalJsonBody(seenSchema) },
      responses: { 200: answer('Read up to', seenResultSchema) },
    }),
    stream: streamRoute.get('/conversations/{id}/stream', {
      summary:
        'Server-Sent Events of the conversation: `ready`, then `message` {conversationId, messageId} per change, `resync` when changes may have been missed; a comment as heartbeat',
      request: { params: idParam },
      responses: {
        200: eventStreamAnswer('An event stream'),
      },
    }),
  };
}

/** The routes of one thread, for one side (the same rules; the side decides who may read what). */
export function threadRoutes(side: Side) {
  const routes = threadRouteDefinitions(side);

  return createRouter()
    .openapi(routes.open, async (c) => {
      const viewer = await viewerOf(c, side);
      return c.json(await openConversation(context(c), c.req.valid('param').id, viewer), 200);
    })
    .openapi(routes.thread, async (c) => {
      const viewer = await viewerOf(c, side);
      return c.json(await readThread(context(c), c.req.valid('param').id, viewer), 200);
    })
    .openapi(routes.image, async (c) => {
      const length = Number(c.req.header('content-length') ?? 0);
      if (length > MAX_UPLOAD_BYTES + 64 * 1024)
        throw new AppError('PAYLOAD_TOO_LARGE', 'image: images must be at most 5 MB', {}, undefined, 'image');
      const file = (c.req.valid('form') as { image?: unknown }).image;
      if (!(file instanceof File))
        throw new AppError('BAD_REQUEST', 'image: choose an image to attach', {}, undefined, 'image');
      const viewer = await viewerOf(c, side);
      return c.json(await uploadConversationImage(context(c), c.req.valid('param').id, viewer, file), 201);
    })
    .openapi(routes.post, async (c) => {
      const viewer = await viewerOf(c, side);
      const { body, images } = c.req.valid('json');
      return c.json(await postMessage(context(c), c.req.valid('param').id, viewer, { body, images }), 201);
    })
    .openapi(routes.edit, async (c) => {
      const viewer = await viewerOf(c, side);
      const { id, messageId } = c.req.valid('param');
      await editMessage(context(c), id, messageId, viewer, c.req.valid('json').body);
      return c.body(null, 204);
    })
    .openapi(routes.remove, async (c) => {
      const viewer = await viewerOf(c, side);
      const { id, messageId } = c.req.valid('param');
      await deleteMessage(context(c), id, messageId, viewer);
      return c.body(null, 204);
    })
    .openapi(routes.seen, async (c) => {
      const viewer = await viewerOf(c, side);
      const body = (await c.req.json().catch(() => ({}))) as unknown;
      const parsed = seenSchema.safeParse(body ?? {});
      if (!parsed.success)
        throw new AppError('VALIDATION_FAILED', 'upTo must be a message id', {}, undefined, 'upTo');
      return c.json(await markSeen(context(c), c.req.valid('param').id, viewer, parsed.data.upTo), 200);
    })
    .openapi(routes.stream, async (c) => {
      const viewer = await viewerOf(c, side);
      const { id } = c.req.valid('param');
      // Access is checked when the stream opens: a refused open is a JSON 401/404, never an empty stream.
      await requireStreamAccess(c.get('services'), id, viewer);
      return conversationStream(c, c.get('services'), {
        conversationId: id,
        lifecycle: c.get('deps').lifecycle,
        lease: leaseStream(c),
      }) as never;
    });
}

/* The creator's own list of conversations and its stream. */
const creatorRoute = routeGroup({
  tags: TAGS.creator,
  middleware: creatorOnly,
  refusals: errors,
});
const creatorStreamRoute = routeGroup({
  tags: TAGS.creator,
  middleware: creatorOnly,
  refusals: streamErrors,
});

export const conversationRoutes = createRouter()
  .route('/', threadRoutes('creator'))
  .openapi(
    creatorRoute.get('/me/conversations', {
      summary: "The creator's conversations (by application) with how many of the team's messages are unread",
      responses: { 200: answer('Conversations', myConversationListSchema) },
    }),
    async (c) => {
      const viewer = await viewerOf(c, 'creator');
      if (viewer.role !== 'creator') throw new AppError('FORBIDDEN', 'You do not have access to this.');
      return c.json(await myConversations(c.get('services'), viewer.creatorId, viewer.userId), 200);
    },
  )
  .openapi(
    creatorStreamRoute.get('/me/conversations/stream', {
      summary:
        "Server-Sent Events of every conversation of the creator's (the bell and the dashboard): `message` {conversationId, messageId} per change",
      responses: {
        200: eventStreamAnswer('An event stream'),
      },
    }),
    async (c) => {
      const viewer = await viewerOf(c, 'creator');
      if (viewer.role !== 'creator') throw new AppError('FORBIDDEN', 'You do not have access to this.');
      const services = c.get('services');
      return conversationStream(c, services, {
        conversationId: null,
        lifecycle: c.get('deps').lifecycle,
        accept: creatorConversationFilter(services, viewer.creatorId),
        lease: leaseStream(c),
      }) as never;
    },
  );

/** The team's side of every thread, under /admin (mounted after the inbox's own /conversations routes). */
export const adminThreadRoutes = threadRoutes('admin');
