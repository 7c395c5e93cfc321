import { createRoute } from '@hono/zod-openapi';
import { publicConfigSchema } from '../../shared/schemas/config';
import { createRouter } from '../http/openapi';
import { publicConfig } from '../pages/web-meta';

const configRoute = createRoute({
  method: 'get',
  path: '/config',
  tags: ['System'],
  summary: 'Public settings the web app needs (launch mode, contact address, enabled sign-in providers)',
  responses: {
    200: { description: 'Public settings', content: { 'application/json': { schema: publicConfigSchema } } },
  },
});

export const configRoutes = createRouter().openapi(configRoute, (c) => {
  c.header('Cache-Control', 'public, max-age=60');
  return c.json(publicConfig(c.get('deps')), 200);
});
