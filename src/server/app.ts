import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { AppBindings, AppDeps } from './context';
import { AppError } from './errors';
import { campaignRoutes } from './routes/campaigns';
import { configRoutes } from './routes/config';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { createWebRoutes } from './web';

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  servers: [{ url: '/api' }],
  info: {
    title: 'Mintbox API',
    version: '1.0.0',
    description:
      'The API of Mintbox, the marketplace where creators join brand gifting campaigns and earn Mint.',
  },
};

/** Builds the whole application: API under /api, the single-page app everywhere else. Used by index.ts and tests. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppBindings>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('requestId', c.req.header('x-request-id') ?? randomUUID());
    await next();
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  const api = new OpenAPIHono<AppBindings>();
  api.use('*', compress());
  api.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  api.route('/', healthRoutes);
  api.route('/', configRoutes);
  api.route('/', campaignRoutes);
  api.route('/', docsRoutes);
  api.doc31('/openapi.json', OPENAPI_INFO);
  api.all('*', (c) => c.json({ error: `No API route for ${c.req.method} ${c.req.path}` }, 404));

  app.route('/api', api);

  if (deps.webDir) app.route('/', createWebRoutes(deps.webDir));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json({ error: error.message }, error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message =
        status === 400 ? error.message || 'The request is not valid' : error.message || 'Request failed';
      return c.json({ error: message }, status);
    }
    deps.logger.error(
      { err: error, path: c.req.path, method: c.req.method, requestId: c.get('requestId') },
      'unhandled error',
    );
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  });

  app.notFound((c) => c.json({ error: 'Not found' }, 404));

  return app;
}

export type App = ReturnType<typeof createApp>;
