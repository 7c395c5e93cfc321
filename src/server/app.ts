import { mkdirSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { createAuth } from './auth';
import type { AppBindings, AppDeps } from './context';
import { AppError } from './errors';
import { createMailer } from './mail/mailer';
import { createMetrics } from './metrics';
import { bodyGuard } from './middleware/body-limit';
import { observeRequests } from './middleware/observability';
import { originCheck } from './middleware/origin-check';
import { loadSession, requireRole, withClientAddress } from './middleware/session';
import { rejectControlCharacters } from './middleware/text-guard';
import { paypalClientFromEnv } from './payouts/paypal-client';
import { adminRoutes } from './routes/admin';
import { adminCampaignRoutes } from './routes/admin-campaigns';
import { adminPaymentRoutes } from './routes/admin-payments';
import { applicationRoutes } from './routes/applications';
import { authRoutes } from './routes/auth';
import { campaignRoutes } from './routes/campaigns';
import { configRoutes } from './routes/config';
import { adminContentMetricRoutes, contentMetricRoutes } from './routes/content-metrics';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { metricsRoutes } from './routes/metrics';
import { onboardingRoutes } from './routes/onboarding';
import { paypalWebhookRoutes } from './routes/paypal-webhooks';
import { sessionRoutes } from './routes/session';
import { walletRoutes } from './routes/wallet';
import { withStandardRetryAfter } from './services/app-rate-limits';
import { uploadsDir } from './services/uploads';
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
export function createApp(appDeps: AppDeps) {
  const mailer = appDeps.mailer ?? createMailer(appDeps.env, appDeps.logger);
  const deps = {
    ...appDeps,
    mailer,
    auth: appDeps.auth ?? createAuth({ ...appDeps, mailer }),
    paypal: appDeps.paypal === undefined ? paypalClientFromEnv(appDeps.env) : appDeps.paypal,
    metrics: appDeps.metrics ?? createMetrics(),
  };
  const app = new OpenAPIHono<AppBindings>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('user', null);
    await next();
  });
  app.use('*', observeRequests);

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
      // Browsers only honour HSTS over https; on plain http (development) it would only confuse.
      strictTransportSecurity: deps.env.appUrl.startsWith('https://')
        ? 'max-age=63072000; includeSubDomains'
        : false,
      // Device and payment features the product never uses stay off, for our pages and anything they embed.
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: [],
        usb: [],
        serial: [],
        hid: [],
        bluetooth: [],
        midi: [],
        displayCapture: [],
        accelerometer: [],
        gyroscope: [],
        magnetometer: [],
        fullscreen: ['self'],
      },
    }),
  );

  const api = new OpenAPIHono<AppBindings>();
  api.use('*', compress());
  api.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // Before anything reads a session or a body: where the request comes from.
  api.use('*', originCheck(deps.env));
  api.use('*', loadSession);
  // Who may call comes before what the call carries: admin routes answer 401/403 to anyone else first.
  api.use('/admin/*', requireRole('admin'));
  api.use('/admin', requireRole('admin'));
  api.use(
    '*',
    bodyGuard(() => api.getOpenAPI31Document(OPENAPI_INFO)),
  );
  api.use('*', rejectControlCharacters);
  api.route('/', healthRoutes);
  api.route('/', metricsRoutes);
  api.route('/', configRoutes);
  api.route('/', sessionRoutes);
  // Our sign-in routes first; everything else under /auth is Better Auth's (sign-up, sign-in, sign-out, callbacks).
  api.route('/', authRoutes);
  api.on(['GET', 'POST'], '/auth/*', async (c) =>
    withStandardRetryAfter(await deps.auth.handler(withClientAddress(c))),
  );
  api.use('/campaigns/*', comingSoonGate);
  api.use('/campaigns', comingSoonGate);
  api.route('/', campaignRoutes);
  api.route('/', onboardingRoutes);
  api.route('/', applicationRoutes);
  api.route('/', walletRoutes);
  api.route('/', contentMetricRoutes);
  // Called by PayPal, not by a browser: no session, its signature is verified with PayPal instead.
  api.route('/', paypalWebhookRoutes);
  api.route('/admin', adminRoutes);
  api.route('/admin', adminCampaignRoutes);
  api.route('/admin', adminPaymentRoutes);
  api.route('/admin', adminContentMetricRoutes);
  api.route('/', docsRoutes);
  api.doc31('/openapi.json', OPENAPI_INFO);
  api.all('*', (c) => c.json({ error: `No API route for ${c.req.method} ${c.req.path}` }, 404));

  app.route('/api', api);

  // Uploaded images: random names, so they can be cached for good.
  mkdirSync(uploadsDir(deps.env.dataDir), { recursive: true });
  app.use(
    '/uploads/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({
      root: uploadsDir(deps.env.dataDir),
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ''),
    }),
  );
  app.get('/uploads/*', (c) => c.json({ error: 'Not found' }, 404));

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
    deps.logger.error({ err: error, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  });

  app.notFound((c) => c.json({ error: 'Not found' }, 404));

  return app;
}

export type App = ReturnType<typeof createApp>;

/** Coming-soon launch mode: only admins browse the marketplace. */
const comingSoonGate: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (c.get('deps').env.launchMode === 'coming-soon' && c.get('user')?.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Mintbox is not open yet. Check back soon.');
  }
  await next();
};
