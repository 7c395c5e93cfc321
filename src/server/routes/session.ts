import { createRoute } from '@hono/zod-openapi';
import { secondFactorRequired } from '../../shared/admin-permissions';
import { type SessionResponse, type SessionUser, sessionResponseSchema } from '../../shared/schemas/session';
import type { CurrentUser } from '../http/context';
import { createRouter } from '../http/openapi';
import { sessionCreator } from '../services/creator-accounts';

const sessionRoute = createRoute({
  method: 'get',
  path: '/session',
  tags: ['Accounts'],
  summary: 'Who is signed in (null when nobody), with their creator record',
  responses: {
    200: {
      description: 'The signed-in user or null',
      content: { 'application/json': { schema: sessionResponseSchema } },
    },
  },
});

function twoFactorState(user: CurrentUser, adminRequire2fa: boolean): SessionUser['twoFactor'] {
  const required = user.role === 'admin' && secondFactorRequired(user.adminRole, adminRequire2fa);
  return { enabled: user.twoFactorEnabled, required, enrolmentRequired: required && !user.twoFactorEnabled };
}

export const sessionRoutes = createRouter().openapi(sessionRoute, async (c) => {
  const user = c.get('user');
  if (!user) return c.json({ user: null } satisfies SessionResponse, 200);
  const creator = user.role === 'influencer' ? await sessionCreator(c.get('services'), user.id) : null;
  const body: SessionResponse = {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      role: user.role,
      adminRole: user.adminRole,
      creator: creator
        ? {
            id: creator.id,
            username: creator.username,
            emailVerified: creator.emailVerified,
            profileCompleted: creator.profileCompleted,
          }
        : null,
      twoFactor: twoFactorState(user, c.get('deps').env.adminRequire2fa),
    },
  };
  return c.json(body, 200);
});
