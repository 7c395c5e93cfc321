import { createRoute } from '@hono/zod-openapi';
import { creatorListQuerySchema, creatorListSchema } from '../../shared/schemas/creator';
import { createRouter } from '../http/openapi';
import { refusal } from '../http/route-responses';
import { creatorList } from '../services/creator-directory';

/**
 * The admin API. Everything here sits under /api/admin, behind requireRole('admin') (see app.ts): anonymous
 * callers get 401 and creators 403 on every route, including ones added later.
 */
const listCreatorsRoute = createRoute({
  method: 'get',
  path: '/influencers',
  tags: ['Admin'],
  summary: 'Creators, newest first, searchable by name, username or email',
  request: { query: creatorListQuerySchema },
  responses: {
    200: {
      description: 'A page of creators',
      content: { 'application/json': { schema: creatorListSchema } },
    },
    400: refusal('A parameter is not valid'),
    401: refusal('Not signed in'),
    403: refusal('Not an admin'),
  },
});

export const adminRoutes = createRouter().openapi(listCreatorsRoute, async (c) => {
  const { rows, total, totalCapped, nextCursor, prevCursor } = await creatorList(
    c.get('services'),
    c.req.valid('query'),
  );
  return c.json(
    {
      items: rows.map((row) => ({
        id: row.id,
        username: row.username,
        name: row.name,
        email: row.email,
        platform: row.platform,
        followers: row.followers,
        niche: row.niche,
        emailVerified: row.emailVerified,
        profileCompleted: row.profileCompleted,
        provider: row.provider,
        createdAt: row.createdAt.toISOString(),
        closedAt: row.closedAt?.toISOString() ?? null,
      })),
      total,
      totalCapped,
      nextCursor,
      prevCursor,
    },
    200,
  );
});
