import { z } from '@hono/zod-openapi';
import { accountSessionListSchema } from '../../shared/schemas/account-sessions';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, refusal } from '../http/route-responses';
import { currentUser, requireSession } from '../middleware/session';
import { endOtherSession, listAccountSessions } from '../services/account-sessions';

const sessionRoute = routeGroup({
  tags: ['Accounts'],
  middleware: requireSession,
  refusals: { 401: refusal('Not signed in') },
});

const listRoute = sessionRoute.get('/me/sessions', {
  summary:
    "The signed-in account's sessions: device, place (client address), last active, whether it is this one; never a token",
  responses: { 200: answer('Sessions', accountSessionListSchema) },
});

const endRoute = sessionRoute.delete('/me/sessions/{id}', {
  summary: 'End another session of the account by its id (this one: sign out instead)',
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    204: { description: 'Ended' },
    400: refusal('This session'),
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
