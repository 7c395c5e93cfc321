import { z } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import { campaignIdParamSchema } from '../../shared/schemas/campaign';
import {
  analyticsOverviewSchema,
  campaignAnalyticsSchema,
  campaignCreatorsPageSchema,
  campaignCreatorsQuerySchema,
  campaignPostsPageSchema,
  campaignPostsQuerySchema,
  metricsFieldsSchema,
  metricsInputSchema,
  myAnalyticsSchema,
  overviewQuerySchema,
} from '../../shared/schemas/content-metrics';
import { idResultSchema } from '../../shared/schemas/results';
import { csvFile } from '../http/csv-file';
import { AppError } from '../http/errors';
import { createRouter, describeValidationError } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, csvAnswer, jsonBody, refusal, signedInRefusals } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { creatorOnly, currentCreator } from '../middleware/creator';
import { requireRecentSecondFactor } from '../middleware/second-factor';
import { currentUser } from '../middleware/session';
import { analyticsOverview, campaignAnalytics, myAnalytics } from '../services/content-metrics/analytics';
import {
  campaignCreatorsPage,
  campaignPostsForCsv,
  campaignPostsPage,
} from '../services/content-metrics/analytics-pages';
import { campaignAnalyticsCsv, overviewCsv } from '../services/content-metrics/csv';
import {
  confirmCreatorReport,
  recordAdminMetrics,
  reportCreatorMetrics,
} from '../services/content-metrics/record';
import { MAX_UPLOAD_BYTES } from '../services/uploads';

const idParam = campaignIdParamSchema;
const common = { ...signedInRefusals, 404: refusal('Not found (or not yours)') };
const recorded = { 201: answer('Recorded', idResultSchema) };
const today = (c: { get(key: 'services'): { now(): Date } }) =>
  c.get('services').now().toISOString().slice(0, 10);

const adminRoute = routeGroup({ tags: ['Analytics'], refusals: common });
const steppedUpAdminRoute = adminRoute.behind(requireRecentSecondFactor);
const creatorRoute = routeGroup({ tags: ['Analytics'], middleware: creatorOnly, refusals: common });

/** Routes under /admin (the app lets only admins through). */
const adminRoutes = {
  campaign: adminRoute.get('/campaigns/{id}/analytics', {
    summary:
      "A campaign's content metrics per platform: totals, weekly change, daily series, posts, creators, cost",
    request: { params: idParam },
    responses: { 200: answer('Analytics', campaignAnalyticsSchema) },
  }),
  campaignPosts: adminRoute.get('/campaigns/{id}/analytics/posts', {
    summary:
      "A page of a campaign's posts on one platform (most viewed first), from the nextCursor of the analytics or of an earlier page",
    request: { params: idParam, query: campaignPostsQuerySchema },
    responses: { 200: answer('Posts', campaignPostsPageSchema) },
  }),
  campaignCreators: adminRoute.get('/campaigns/{id}/analytics/creators', {
    summary:
      "A page of a campaign's creators with figures on one platform (most engaging first), from a nextCursor",
    request: { params: idParam, query: campaignCreatorsQuerySchema },
    responses: { 200: answer('Creators', campaignCreatorsPageSchema) },
  }),
  // Creators' names and usernames: a second factor from the last 10 minutes.
  campaignCsv: steppedUpAdminRoute.get('/campaigns/{id}/analytics.csv', {
    summary: "A campaign's posts with their figures and sources as CSV",
    request: { params: idParam },
    responses: { 200: csvAnswer('CSV file') },
  }),
  overview: adminRoute.get('/analytics', {
    summary: 'All campaigns: totals, best campaigns, creators and posts for posts submitted in a date range',
    request: { query: overviewQuerySchema },
    responses: { 200: answer('Overview', analyticsOverviewSchema) },
  }),
  overviewCsv: steppedUpAdminRoute.get('/analytics.csv', {
    summary: 'The overview as CSV',
    request: { query: overviewQuerySchema },
    responses: { 200: csvAnswer('CSV file') },
  }),
  enter: adminRoute.post('/submissions/{id}/metrics', {
    summary: "Enter or correct a post's figures (source admin)",
    request: { params: idParam, body: jsonBody(metricsInputSchema) },
    responses: recorded,
  }),
  confirm: adminRoute.post('/metrics/{id}/confirm', {
    summary: "Confirm a creator's report (it counts from then on)",
    request: { params: idParam },
    responses: { 200: answer('Confirmed', idResultSchema) },
  }),
};

export const adminContentMetricRoutes = createRouter()
  .openapi(adminRoutes.campaign, async (c) =>
    c.json(await campaignAnalytics(c.get('services'), c.req.valid('param').id), 200),
  )
  .openapi(adminRoutes.campaignPosts, async (c) =>
    c.json(await campaignPostsPage(c.get('services'), c.req.valid('param').id, c.req.valid('query')), 200),
  )
  .openapi(adminRoutes.campaignCreators, async (c) =>
    c.json(await campaignCreatorsPage(c.get('services'), c.req.valid('param').id, c.req.valid('query')), 200),
  )
  .openapi(adminRoutes.campaignCsv, async (c) => {
    const { id } = c.req.valid('param');
    const posts = await campaignPostsForCsv(c.get('services'), id);
    return csvFile(c, `mintbox-campaign-${id}-analytics-${today(c)}.csv`, campaignAnalyticsCsv(posts));
  })
  .openapi(adminRoutes.overview, async (c) =>
    c.json(await analyticsOverview(c.get('services'), c.req.valid('query')), 200),
  )
  .openapi(adminRoutes.overviewCsv, async (c) => {
    const overview = await analyticsOverview(c.get('services'), c.req.valid('query'));
    return csvFile(c, `mintbox-analytics-${overview.from}-${overview.to}.csv`, overviewCsv(overview));
  })
  .openapi(adminRoutes.enter, async (c) => {
    const row = await recordAdminMetrics(c.get('services'), {
      submissionId: c.req.valid('param').id,
      input: c.req.valid('json'),
      adminId: currentUser(c).id,
      actor: adminActor(c),
    });
    return c.json(row, 201);
  })
  .openapi(adminRoutes.confirm, async (c) => {
    const row = await confirmCreatorReport(
      c.get('services'),
      c.req.valid('param').id,
      currentUser(c).id,
      adminActor(c),
    );
    return c.json({ id: row.id }, 200);
  });

const creatorRoutes = {
  report: creatorRoute.post('/submissions/{id}/metrics', {
    summary:
      "Report your post's figures with a screenshot (PNG, JPEG, WebP or GIF, at most 5 MB); they count once an admin confirms them",
    request: {
      params: idParam,
      body: {
        content: { 'multipart/form-data': { schema: metricsFieldsSchema.extend({ screenshot: z.any() }) } },
        required: true,
      },
    },
    responses: { ...recorded, 413: refusal('Screenshot too large') },
  }),
  mine: creatorRoute.get('/me/analytics', {
    summary:
      "The creator's own figures: this month against last month, totals and every post with its source",
    responses: { 200: answer('Analytics', myAnalyticsSchema) },
  }),
};

export const contentMetricRoutes = createRouter()
  .openapi(creatorRoutes.report, async (c) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_UPLOAD_BYTES + 64 * 1024)
      throw new AppError('PAYLOAD_TOO_LARGE', 'screenshot: images must be at most 5 MB');
    const form = c.req.valid('form') as Record<string, unknown>;
    const parsed = metricsInputSchema.safeParse(form);
    if (!parsed.success) throw new AppError('BAD_REQUEST', describeValidationError(parsed.error as ZodError));
    const file = form.screenshot;
    if (!(file instanceof File))
      throw new AppError('BAD_REQUEST', 'screenshot: add a screenshot of the figures');
    const creator = await currentCreator(c);
    // Evidence is private: the creator who sent it and admins see it (uploaded-files.ts).
    const row = await reportCreatorMetrics(c.get('services'), {
      submissionId: c.req.valid('param').id,
      creatorId: creator.id,
      input: parsed.data,
      screenshot: file,
      ownerUserId: currentUser(c).id,
    });
    return c.json(row, 201);
  })
  .openapi(creatorRoutes.mine, async (c) => {
    const creator = await currentCreator(c);
    return c.json(await myAnalytics(c.get('services'), creator.id), 200);
  });
