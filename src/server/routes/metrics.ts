import { createHash, timingSafeEqual } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { errorBody } from '../../shared/schemas/error';
import { createRouter } from '../http/openapi';
import { refusal } from '../http/route-responses';

const metricsRoute = createRoute({
  method: 'get',
  path: '/metrics',
  tags: ['System'],
  summary: 'Prometheus metrics of this instance (Authorization: Bearer METRICS_TOKEN; off when it is unset)',
  responses: {
    200: {
      description: 'Metrics in the Prometheus text format',
      content: { 'text/plain': { schema: z.string() } },
    },
    401: refusal('Missing or wrong token'),
    404: refusal('Metrics are off (no METRICS_TOKEN)'),
  },
});

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time (both sides hashed first, so their lengths do not leak either). */
function sameToken(offered: string, expected: string): boolean {
  return timingSafeEqual(digest(offered), digest(expected));
}

export const metricsRoutes = createRouter().openapi(metricsRoute, async (c) => {
  const { env, metrics } = c.get('deps');
  if (!env.metricsToken) {
    return c.json(errorBody('Metrics are off: set METRICS_TOKEN to turn them on', 'NOT_FOUND'), 404);
  }
  const offered = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? '';
  if (!offered || !sameToken(offered, env.metricsToken)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    return c.json(
      errorBody('A valid metrics token is required (Authorization: Bearer …)', 'UNAUTHORIZED'),
      401,
    );
  }
  const body = await metrics.registry.metrics();
  return c.text(body, 200, { 'Content-Type': metrics.registry.contentType });
});
