import { createRoute } from '@hono/zod-openapi';
import { PRODUCT_NAME } from '../../shared/constants';
import { SOCIAL_PROVIDER_IDS } from '../../shared/schemas/auth';
import { publicConfigSchema } from '../../shared/schemas/config';
import { createRouter } from '../openapi';

const configRoute = createRoute({
  method: 'get',
  path: '/config',
  tags: ['System'],
  summary: 'Public settings the web app needs (launch mode, contact address)',
  responses: {
    200: { description: 'Public settings', content: { 'application/json': { schema: publicConfigSchema } } },
  },
});

export const configRoutes = createRouter().openapi(configRoute, (c) => {
  const { env } = c.get('deps');
  c.header('Cache-Control', 'public, max-age=60');
  return c.json(
    {
      productName: PRODUCT_NAME,
      launchMode: env.launchMode,
      contactEmail: env.contactEmail,
      appUrl: env.appUrl,
      authProviders: SOCIAL_PROVIDER_IDS.filter((provider) => Boolean(env.oauth[provider])),
    },
    200,
  );
});
