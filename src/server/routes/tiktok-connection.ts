import { createRoute } from '@hono/zod-openapi';
import { errorSchema } from '../../shared/schemas/error';
import { tiktokAccessSchema } from '../../shared/schemas/tiktok-access';
import { createRouter } from '../http/openapi';
import { currentUser, requireRole } from '../middleware/session';
import { tiktokAccess } from '../services/tiktok-access';

const json = <T>(schema: T) => ({ 'application/json': { schema } });

const accessRoute = createRoute({
  method: 'get',
  path: '/me/connections/tiktok',
  tags: ['Me'],
  summary:
    'What the creator let Mintbox read from TikTok: the scopes they unticked at sign-in and what to do about it (issue 42)',
  middleware: requireRole('influencer'),
  responses: {
    200: { description: 'The grant', content: json(tiktokAccessSchema) },
    401: { description: 'Not signed in', content: json(errorSchema) },
    403: { description: 'Not a creator', content: json(errorSchema) },
  },
});

export const tiktokConnectionRoutes = createRouter().openapi(accessRoute, async (c) =>
  c.json(await tiktokAccess(c.get('services'), currentUser(c).id), 200),
);
