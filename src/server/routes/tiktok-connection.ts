import { createRoute } from '@hono/zod-openapi';
import { tiktokAccessSchema } from '../../shared/schemas/tiktok-access';
import { createRouter } from '../http/openapi';
import { creatorOnlyRefusals, json } from '../http/route-responses';
import { creatorOnly } from '../middleware/creator';
import { currentUser } from '../middleware/session';
import { tiktokAccess } from '../services/tiktok-access';

const accessRoute = createRoute({
  method: 'get',
  path: '/me/connections/tiktok',
  tags: ['Me'],
  summary:
    'What the creator let Mintbox read from TikTok: the scopes they unticked at sign-in and what to do about it (issue 42)',
  middleware: creatorOnly,
  responses: {
    200: { description: 'The grant', content: json(tiktokAccessSchema) },
    ...creatorOnlyRefusals,
  },
});

export const tiktokConnectionRoutes = createRouter().openapi(accessRoute, async (c) =>
  c.json(await tiktokAccess(c.get('services'), currentUser(c).id), 200),
);
