import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { createRouter } from '../openapi';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'unreachable']),
});

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['System'],
  summary: 'Is the service up, and can it reach its database?',
  responses: {
    200: {
      description: 'Service and database are up',
      content: { 'application/json': { schema: healthSchema } },
    },
    503: {
      description: 'The database cannot be reached',
      content: { 'application/json': { schema: healthSchema } },
    },
  },
});

export const healthRoutes = createRouter().openapi(healthRoute, async (c) => {
  const { db, logger } = c.get('deps');
  try {
    await db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const, db: 'ok' as const }, 200);
  } catch (error) {
    logger.error({ err: error }, 'health check: database unreachable');
    return c.json({ status: 'degraded' as const, db: 'unreachable' as const }, 503);
  }
});
