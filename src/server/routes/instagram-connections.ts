import { createRoute, z } from '@hono/zod-openapi';
import { instagramConnectionStatusSchema, instagramDisconnectedSchema } from '../../shared/schemas/instagram';
import { urlResultSchema } from '../../shared/schemas/results';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, creatorOnlyRefusals, refusal } from '../http/route-responses';
import { creatorOnly, currentCreator } from '../middleware/creator';
import { currentUser } from '../middleware/session';
import {
  completeInstagramConnection,
  disconnectInstagram,
  instagramConnectionStatus,
  startInstagramConnection,
} from '../services/instagram-connection';

const PATH = '/me/connections/instagram';

const creatorRoute = routeGroup({
  tags: ['Connections'],
  middleware: creatorOnly,
  refusals: creatorOnlyRefusals,
});

const routes = {
  status: creatorRoute.get(PATH, {
    summary: 'Your Instagram connection: whether it can be made, and the connected account',
    responses: { 200: answer('Status', instagramConnectionStatusSchema) },
  }),
  start: creatorRoute.post(PATH, {
    summary:
      "Start connecting your Instagram professional account: the Instagram authorization window's address (open it in the browser)",
    responses: {
      200: answer('Where to go', urlResultSchema),
      409: refusal('Instagram is not set up on this server'),
    },
  }),
  disconnect: creatorRoute.delete(PATH, {
    summary: 'Disconnect your Instagram account (its token is deleted; figures already read stay)',
    responses: {
      200: answer('Disconnected', instagramDisconnectedSchema),
      404: refusal('Nothing connected'),
    },
  }),
  callback: createRoute({
    method: 'get',
    path: `${PATH}/callback`,
    tags: ['Connections'],
    summary:
      'Instagram sends the browser here after the authorization window; redirects to /profile?instagram=<connected|cancelled|invalid|failed|unavailable>',
    request: {
      query: z.object({
        code: z.string().max(2000).optional(),
        state: z.string().max(2000).optional(),
        error: z.string().max(200).optional(),
        error_reason: z.string().max(200).optional(),
        error_description: z.string().max(500).optional(),
      }),
    },
    responses: { 302: { description: 'Back to /profile with the result' } },
  }),
};

export const instagramConnectionRoutes = createRouter()
  .openapi(routes.status, async (c) => {
    const creator = await currentCreator(c);
    return c.json(await instagramConnectionStatus(c.get('services'), c.get('deps').env, creator.id), 200);
  })
  .openapi(routes.start, async (c) => {
    await currentCreator(c);
    return c.json(startInstagramConnection(c.get('services'), c.get('deps').env, currentUser(c).id), 200);
  })
  .openapi(routes.disconnect, async (c) => {
    const creator = await currentCreator(c);
    await disconnectInstagram(c.get('services'), creator.id);
    return c.json({ connected: false as const }, 200);
  })
  .openapi(routes.callback, async (c) => {
    // A top-level navigation from Instagram: answered with a redirect, never JSON. The state binds it to the
    // signed-in user who started it.
    const query = c.req.valid('query');
    const result = await completeInstagramConnection(c.get('services'), c.get('deps').env, {
      user: c.get('user'),
      state: query.state,
      code: query.code,
      error: query.error,
    });
    return c.redirect(`/profile?instagram=${result}`, 302);
  });
