import type { ModerationAction } from '../../shared/moderation';
import {
  creatorDetailSchema,
  creatorNoteInputSchema,
  creatorNoteSchema,
  moderationInputSchema,
} from '../../shared/schemas/creator-admin';
import { idParamSchema as idParam } from '../../shared/schemas/id-param';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { adminOnlyRefusals, answer, jsonBody, refusal } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { creatorDetail } from '../services/creator-directory';
import { addCreatorNote, moderateCreator } from '../services/creator-moderation';

/** Issue 13: one creator's page for admins, private notes, and suspend / ban / restore. Behind requireRole('admin'). */
const common = { ...adminOnlyRefusals, 404: refusal('No such creator') };

const creatorsRoute = routeGroup({ tags: ['Admin creators'], refusals: common });

const detailRoute = creatorsRoute.get('/influencers/{id}', {
  summary:
    'One creator: profile, handles and follower counts (with when they last changed), tier, engagement, applications, Mint history, payouts, delivery problems, private notes and the moderation audit log',
  request: { params: idParam },
  responses: { 200: answer('The creator', creatorDetailSchema) },
});

const noteRoute = creatorsRoute.post('/influencers/{id}/notes', {
  summary: 'Add a private admin note (never shown to the creator)',
  request: { params: idParam, body: jsonBody(creatorNoteInputSchema) },
  responses: { 201: answer('The note', creatorNoteSchema) },
});

const moderationRoute = (action: ModerationAction, summary: string) =>
  creatorsRoute.post(`/influencers/{id}/${action}`, {
    summary,
    request: { params: idParam, body: jsonBody(moderationInputSchema) },
    responses: {
      200: answer('The creator now', creatorDetailSchema),
      409: refusal('The creator is already in that standing'),
    },
  });

const suspendRoute = moderationRoute(
  'suspend',
  'Suspend a creator (cannot apply; campaigns under way go on); the creator is told by mail',
);
const banRoute = moderationRoute(
  'ban',
  'Ban a creator: signed out everywhere, cannot sign in or apply, pending payouts held for review; told by mail',
);
const restoreRoute = moderationRoute('restore', 'Lift a suspension or a ban; the creator is told by mail');

export const adminCreatorRoutes = createRouter()
  .openapi(detailRoute, async (c) =>
    c.json(await creatorDetail(c.get('services'), c.req.valid('param').id), 200),
  )
  .openapi(noteRoute, async (c) => {
    const ctx = c.get('services');
    const note = await addCreatorNote(
      ctx.db,
      c.req.valid('param').id,
      c.req.valid('json').body,
      adminActor(c),
      ctx.now(),
    );
    return c.json(
      { id: note.id, body: note.body, author: note.authorName, createdAt: note.createdAt.toISOString() },
      201,
    );
  });

for (const [route, action] of [
  [suspendRoute, 'suspend'],
  [banRoute, 'ban'],
  [restoreRoute, 'restore'],
] as const) {
  adminCreatorRoutes.openapi(route, async (c) => {
    const ctx = c.get('services');
    const id = c.req.valid('param').id;
    await moderateCreator(ctx, id, action, c.req.valid('json').reason, adminActor(c));
    return c.json(await creatorDetail(ctx, id), 200);
  });
}
