import { OpenAPIHono } from '@hono/zod-openapi';
import type { ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isEmbeddedDatabaseWait } from '../../db/pglite-guard';
import { errorBody, errorCodeForStatus } from '../../shared/schemas/error';
import { createAuth } from '../auth/auth';
import { fileStoreFromEnv } from '../integrations/file-storage/file-store-from-env';
import { paypalClientFromEnv } from '../integrations/paypal/paypal-client';
import { trackingClientFromEnv } from '../integrations/tracking/easypost-tracking';
import { inProcessPaymentRuns } from '../jobs/payment-runs';
import { createMailer } from '../mail/mailer';
import { requireAdminPermission } from '../middleware/admin-permission';
import { bodyGuard, type DocumentedRoutes } from '../middleware/body-limit';
import { catalogueFastPath } from '../middleware/catalogue-fast-path';
import { observeRequests } from '../middleware/observability';
import { originCheck } from '../middleware/origin-check';
import { compressWhenAsked, defaultCacheControl } from '../middleware/response-headers';
import { requireTwoFactorEnrolment } from '../middleware/second-factor';
import { securityHeaders } from '../middleware/security-headers';
import { provideServices } from '../middleware/services';
import { loadSession, requireRole, withClientAddress } from '../middleware/session';
import { rejectControlCharacters } from '../middleware/text-guard';
import { trackingWebhookFastPath } from '../middleware/tracking-webhook-fast-path';
import { dataDeletionPage } from '../pages/data-deletion-page';
import { reportPage, reportPasswordPage } from '../pages/report-page';
import { uploadedFiles } from '../pages/uploaded-files';
import { createWebRoutes } from '../pages/web';
import { systemClock } from '../process/clock';
import { createMetrics } from '../process/metrics';
import { accountSessionRoutes } from '../routes/account-sessions';
import { adminRoutes } from '../routes/admin';
import { adminAuditLogRoutes } from '../routes/admin-audit-log';
import { adminCampaignRoutes } from '../routes/admin-campaigns';
import { adminConversationRoutes } from '../routes/admin-conversations';
import { adminCreatorRoutes } from '../routes/admin-creators';
import { adminPaymentRoutes } from '../routes/admin-payments';
import { adminReviewRoutes } from '../routes/admin-review';
import { adminShippingRoutes } from '../routes/admin-shipping';
import { applicationRoutes } from '../routes/applications';
import { authRoutes } from '../routes/auth';
import { adminProductRoutes, campaignProductRoutes } from '../routes/campaign-products';
import { campaignRoutes } from '../routes/campaigns';
import { configRoutes } from '../routes/config';
import { adminContentMetricRoutes, contentMetricRoutes } from '../routes/content-metrics';
import { adminThreadRoutes, conversationRoutes } from '../routes/conversations';
import { adminDataRightsRoutes, dataRightsRoutes } from '../routes/data-rights';
import { adminProblemRoutes, myProblemRoutes } from '../routes/delivery-problems';
import { docsRoutes } from '../routes/docs';
import { healthRoutes } from '../routes/health';
import { instagramCallbackRoutes } from '../routes/instagram-callbacks';
import { instagramConnectionRoutes } from '../routes/instagram-connections';
import { adminLiveRoutes, liveRoutes } from '../routes/live';
import { adminMeRoutes, meRoutes } from '../routes/me';
import { metricsRoutes } from '../routes/metrics';
import { notificationRoutes } from '../routes/notifications';
import { onboardingRoutes } from '../routes/onboarding';
import { paypalWebhookRoutes } from '../routes/paypal-webhooks';
import { adminReportLinkRoutes } from '../routes/report-links';
import { sessionRoutes } from '../routes/session';
import { adminStoreCatalogueRoutes } from '../routes/store-catalogue';
import { storeWebhookRoutes } from '../routes/store-webhooks';
import { adminStoreRoutes } from '../routes/stores';
import { adminTaxRoutes, taxRoutes } from '../routes/tax';
import { adminTeamRoutes, teamInvitationRoutes } from '../routes/team';
import { tiktokConnectionRoutes } from '../routes/tiktok-connection';
import { trackingWebhookRoutes } from '../routes/tracking-webhooks';
import { walletRoutes } from '../routes/wallet';
import { withStandardRetryAfter } from '../services/app-rate-limits';
import { createOpenStreams } from '../services/live/open-streams';
import {
  createServiceContext,
  type PaymentRunStarter,
  type ServiceContextInput,
} from '../services/service-context';
import type { AppBindings, AppDeps } from './context';
import { AppError, EMBEDDED_DATABASE_BUSY_MESSAGE } from './errors';

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

/**
 * The API's document as the body guard reads it. Every app registers the same routes, so it is made once per process:
 * making it takes 0.2-0.9 s of CPU, which each test's app paid again on its first POST (decision 0048).
 */
let documentedRoutes: DocumentedRoutes | undefined;

/** Where Process Payment's runs start: in this process unless the caller gives its own (decision 0045). */
function paymentRunsOf(
  deps: Omit<ServiceContextInput, 'appUrl'> & {
    env: AppDeps['env'];
    paymentRuns?: PaymentRunStarter | undefined;
  },
): PaymentRunStarter {
  const services = () => createServiceContext({ ...deps, appUrl: deps.env.appUrl });
  return deps.paymentRuns ?? inProcessPaymentRuns(services, deps.logger);
}

/** Builds the whole application: API under /api, the single-page app everywhere else. Used by main.ts and tests. */
export function createApp(appDeps: AppDeps) {
  const deps = withDefaults(appDeps);
  const app = new OpenAPIHono<AppBindings>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('user', null);
    await next();
  });
  app.use('*', provideServices);
  app.use('*', observeRequests);

  app.use('*', securityHeaders({ https: deps.env.appUrl.startsWith('https://') }));

  app.route('/api', apiRoutes(deps));

  // Uploaded images: public ones (campaign images) to anyone, private ones (evidence) to their owner and admins.
  app.get('/uploads/*', uploadedFiles);
  // The status page of an Instagram data deletion request (the url Meta is given).
  app.get('/data-deletion/:code', dataDeletionPage);
  // A campaign's read-only report for its brand (issue 39): server-rendered, no script, noindex, rate-limited.
  app.get('/report/:token', reportPage);
  app.post('/report/:token', reportPasswordPage);

  if (deps.webDir) app.route('/', createWebRoutes(deps.webDir, { render: deps.renderPage }));

  app.onError(answerError(deps.logger));
  app.notFound((c) => c.json(errorBody('Not found', 'NOT_FOUND'), 404));

  // Anonymous reads of the public catalogue and EasyPost's tracker Events are answered before Hono routes the
  // request (same checks, headers, metrics and request id as the chain; everything else, and every non-200, goes
  // through the chain).
  const catalogue = catalogueFastPath(deps);
  const trackingWebhook = trackingWebhookFastPath(deps);
  const dispatch = app.fetch;
  app.fetch = (request, env, executionCtx) =>
    catalogue(request, env, () => dispatch(request, env, executionCtx)) ??
    trackingWebhook(request, env, (read) => dispatch(read, env, executionCtx)) ??
    dispatch(request, env, executionCtx);

  return app;
}

/** What the caller left out, built from the environment; the open streams and where payment runs start. */
function withDefaults(appDeps: AppDeps) {
  const mailer = appDeps.mailer ?? createMailer(appDeps.env, appDeps.logger);
  const deps = {
    ...appDeps,
    now: appDeps.now ?? systemClock,
    mailer,
    auth: appDeps.auth ?? createAuth({ ...appDeps, mailer }),
    paypal: appDeps.paypal === undefined ? paypalClientFromEnv(appDeps.env) : appDeps.paypal,
    tracking: appDeps.tracking === undefined ? trackingClientFromEnv(appDeps.env) : appDeps.tracking,
    metrics: appDeps.metrics ?? createMetrics(),
    files: appDeps.files ?? fileStoreFromEnv(appDeps.env),
  };
  const streams =
    appDeps.streams ?? createOpenStreams({ db: appDeps.db, now: () => deps.now(), logger: appDeps.logger });
  deps.metrics.watch({ openStreams: () => streams.size });
  return { ...deps, streams, paymentRuns: paymentRunsOf(deps) };
}

type AppWithDefaults = ReturnType<typeof withDefaults>;

/** The API under /api: the request checks in order, then every router, the OpenAPI document and a 404 in JSON. */
function apiRoutes(deps: AppWithDefaults) {
  const api = new OpenAPIHono<AppBindings>();
  api.use('*', compressWhenAsked());
  api.use('*', defaultCacheControl('no-store'));
  // Before anything reads a session or a body: where the request comes from.
  api.use('*', originCheck(deps.env));
  api.use('*', loadSession);
  // Who may call comes before what the call carries: admin routes answer 401/403 to anyone else first.
  api.use('/admin/*', requireRole('admin'));
  api.use('/admin', requireRole('admin'));
  // Issue 39: the route's permission from the one table (src/shared/admin-permissions.ts), 403 FORBIDDEN_ROLE otherwise.
  api.use('/admin/*', requireAdminPermission);
  // ADMIN_REQUIRE_2FA: nothing under /admin until an authenticator is enrolled (enrolment is under /auth/two-factor).
  api.use('/admin/*', requireTwoFactorEnrolment);
  api.use('/admin', requireTwoFactorEnrolment);
  api.use(
    '*',
    bodyGuard(() => (documentedRoutes ??= api.getOpenAPI31Document(OPENAPI_INFO))),
  );
  api.use('*', rejectControlCharacters);
  mountApiRoutes(api, deps.auth);
  api.all('*', (c) => c.json(errorBody(`No API route for ${c.req.method} ${c.req.path}`, 'NOT_FOUND'), 404));
  return api;
}

/** Every router of the API, in the order they answer (Better Auth's handler after our own sign-in routes). */
function mountApiRoutes(api: OpenAPIHono<AppBindings>, auth: AppWithDefaults['auth']) {
  api.route('/', healthRoutes);
  api.route('/', metricsRoutes);
  api.route('/', configRoutes);
  api.route('/', sessionRoutes);
  api.route('/', accountSessionRoutes);
  // Our sign-in routes first; everything else under /auth is Better Auth's (sign-up, sign-in, sign-out, callbacks).
  api.route('/', authRoutes);
  api.on(['GET', 'POST'], '/auth/*', async (c) =>
    withStandardRetryAfter(await auth.handler(withClientAddress(c))),
  );
  api.use('/campaigns/*', comingSoonGate);
  api.use('/campaigns', comingSoonGate);
  const publicAndCreatorRouters = [
    campaignRoutes,
    onboardingRoutes,
    applicationRoutes,
    campaignProductRoutes,
    walletRoutes,
    taxRoutes,
    meRoutes,
    dataRightsRoutes,
    myProblemRoutes,
    contentMetricRoutes,
    notificationRoutes,
    conversationRoutes,
    liveRoutes,
    instagramConnectionRoutes,
    tiktokConnectionRoutes,
    teamInvitationRoutes,
    // Called by PayPal, not by a browser: no session, its signature is verified with PayPal instead.
    paypalWebhookRoutes,
    trackingWebhookRoutes,
    storeWebhookRoutes,
    // Called by Meta (Instagram's Deauthorize and Data Deletion callbacks): the signed_request is verified instead.
    instagramCallbackRoutes,
  ];
  for (const router of publicAndCreatorRouters) api.route('/', router);
  const adminRouters = [
    adminRoutes,
    adminCampaignRoutes,
    adminReviewRoutes,
    adminPaymentRoutes,
    adminCreatorRoutes,
    adminShippingRoutes,
    adminProblemRoutes,
    adminContentMetricRoutes,
    adminMeRoutes,
    adminDataRightsRoutes,
    adminAuditLogRoutes,
    adminConversationRoutes,
    adminThreadRoutes,
    adminLiveRoutes,
    adminTaxRoutes,
    adminProductRoutes,
    adminStoreRoutes,
    adminStoreCatalogueRoutes,
    adminTeamRoutes,
    adminReportLinkRoutes,
  ];
  for (const router of adminRouters) api.route('/admin', router);
  api.route('/', docsRoutes);
  api.doc31('/openapi.json', OPENAPI_INFO);
}

/** One answer for every error: AppError as it says, Hono's HTTP errors, 503 for a busy embedded database, else 500. */
function answerError(logger: AppWithDefaults['logger']): ErrorHandler<AppBindings> {
  return (error, c) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message =
        status === 400 ? error.message || 'The request is not valid' : error.message || 'Request failed';
      return c.json(errorBody(message, errorCodeForStatus(status)), status);
    }
    if (isEmbeddedDatabaseWait(error)) {
      // A statement waited for the embedded database past its bound (src/db/pglite-guard.ts): try again shortly.
      logger.warn({ err: error, path: c.req.path, method: c.req.method }, 'embedded database busy');
      c.header('Retry-After', '5');
      return c.json(errorBody(EMBEDDED_DATABASE_BUSY_MESSAGE, 'UNAVAILABLE'), 503);
    }
    logger.error({ err: error, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json(errorBody('Something went wrong on our side. Please try again.', 'INTERNAL_ERROR'), 500);
  };
}

export type App = ReturnType<typeof createApp>;

/** Coming-soon launch mode: only admins browse the marketplace. */
const comingSoonGate: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (c.get('deps').env.launchMode === 'coming-soon' && c.get('user')?.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Mintbox is not open yet. Check back soon.');
  }
  await next();
};
