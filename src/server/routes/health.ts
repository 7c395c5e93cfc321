import { z } from '@hono/zod-openapi';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { databaseAnswers, migrationState } from '../services/health';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'unreachable']),
});

const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  db: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  shuttingDown: z.boolean(),
});

const systemRoute = routeGroup({ tags: ['System'] });

const healthRoute = systemRoute.get('/health', {
  summary: 'Is the service up, and can it reach its database? (liveness)',
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

const readyRoute = systemRoute.get('/health/ready', {
  summary:
    'Should a load balancer send traffic here? Database answers, migrations applied, not shutting down',
  responses: {
    200: {
      description: 'Ready for traffic',
      content: { 'application/json': { schema: readySchema } },
    },
    503: {
      description:
        'Not ready: the database does not answer, migrations are pending, or the server is shutting down',
      content: { 'application/json': { schema: readySchema } },
    },
  },
});

export const healthRoutes = createRouter()
  .openapi(healthRoute, async (c) => {
    if (await databaseAnswers(c.get('services')))
      return c.json({ status: 'ok' as const, db: 'ok' as const }, 200);
    return c.json({ status: 'degraded' as const, db: 'unreachable' as const }, 503);
  })
  .openapi(readyRoute, async (c) => {
    const { lifecycle, migrationsSchema } = c.get('deps');
    const shuttingDown = Boolean(lifecycle?.stopping || lifecycle?.draining);
    const { db: dbState, migrations } = await migrationState(c.get('services'), migrationsSchema);
    const ready = !shuttingDown && dbState === 'ok' && migrations === 'applied';
    return c.json(
      { status: ready ? ('ready' as const) : ('not-ready' as const), db: dbState, migrations, shuttingDown },
      ready ? 200 : 503,
    );
  });
