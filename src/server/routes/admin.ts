import { createRoute } from '@hono/zod-openapi';
import { influencerListQuerySchema, influencerListSchema } from '../../shared/schemas/influencer';
import { createRouter } from '../http/openapi';
import { refusal } from '../http/route-responses';
import { creatorList } from '../services/creator-directory';

/**
 * The admin API. Everything here sits under /api/admin, behind requireRole('admin') (see app.ts): anonymous
 * callers get 401 and creators 403 on every route, including ones added later.
 */
const listInfluencersRoute = createRoute({
  method: 'get',
  path: '/influencers',
  tags: ['Admin'],
  summary: 'Creators, newest first, searchable by name, username or email',
  request: { query: influencerListQuerySchema },
  responses: {
    200: {
      description: 'A page of creators',
      content: { 'application/json': { schema: influencerListSchema } },
    },
    400: refusal('A parameter is not valid'),
    401: refusal('Not signed in'),
    403: refusal('Not an admin'),
  },
});

export const adminRoutes = createRouter().openapi(listInfluencersRoute, async (c) => {
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
