import { createRoute, z } from '@hono/zod-openapi';
import { accountSessionListSchema } from '../../shared/schemas/account-sessions';
import { createRouter } from '../http/openapi';
import { json, refusal } from '../http/route-responses';
import { currentUser, requireSession } from '../middleware/session';
import { endOtherSession, listAccountSessions } from '../services/account-sessions';

const listRoute = createRoute({
  method: 'get',
  path: '/me/sessions',
  tags: ['Accounts'],
  summary:
    "The signed-in account's sessions: device, place (client address), last active, whether it is this one; never a token",
  middleware: requireSession,
  responses: {
    200: { description: 'Sessions', content: json(accountSessionListSchema) },
    401: refusal('Not signed in'),
  },
});

const endRoute = createRoute({
  method: 'delete',
  path: '/me/sessions/{id}',
  tags: ['Accounts'],
  summary: 'End another session of the account by its id (this one: sign out instead)',
  middleware: requireSession,
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    204: { description: 'Ended' },
    400: refusal('This session'),
    401: refusal('Not signed in'),
    404: refusal('Not a session of this account'),
  },
});

/** Issue 42: sessions listed and ended by id, for creators and admins alike. */
export const accountSessionRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const user = currentUser(c);
    const list = await listAccountSessions(c.get('services'), user);
    return c.json({ sessions: list }, 200);
  })
  .openapi(endRoute, async (c) => {
    await endOtherSession(c.get('services'), currentUser(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
