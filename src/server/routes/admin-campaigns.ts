import { createRoute, z } from '@hono/zod-openapi';
import { CAMPAIGN_STATUSES } from '../../shared/constants';
import { cursorParam, pageLimitParam } from '../../shared/page-cursor';
import {
  approvedResultSchema,
  bulkDecisionSchema,
  changesRequestSchema,
  decidedResultSchema,
  decisionSchema,
  shipmentSchema,
} from '../../shared/schemas/application';
import {
  adminCampaignListSchema,
  adminCampaignSchema,
  adminCampaignStatsSchema,
  campaignIdParamSchema,
  campaignInputSchema,
  campaignPatchSchema,
} from '../../shared/schemas/campaign';
import { errorSchema } from '../../shared/schemas/error';
import { applicantsQuerySchema } from '../../shared/schemas/reliability';
import { idResultSchema, idStatusResultSchema, urlResultSchema } from '../../shared/schemas/results';
import { adminApplicantListSchema, shipmentReportSchema } from '../../shared/schemas/shipping';
import { AppError } from '../http/errors';
import { createRouter } from '../http/openapi';
import { adminActor } from '../middleware/admin-actor';
import { currentUser } from '../middleware/session';
import {
  approveSubmission,
  decideApplications,
  markDelivered,
  requestChanges,
} from '../services/applications/admin-review';
import { importShipmentsCsv, recordShipment } from '../services/applications/shipments';
import { createCampaign, deleteCampaign, updateCampaign } from '../services/campaign-admin';
import {
  adminCampaign,
  campaignApplicants,
  campaignList,
  campaignStats,
} from '../services/campaign-admin-reads';
import { createStoreOrders } from '../services/stores/orders';
import { storeAccessFromEnv } from '../services/stores/store-access';
import { MAX_UPLOAD_BYTES, storeUpload } from '../services/uploads';

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const idParam = campaignIdParamSchema;
const common = {
  400: { description: 'Bad input', content: json(errorSchema) },
  401: { description: 'Not signed in', content: json(errorSchema) },
  403: { description: 'Not an admin', content: json(errorSchema) },
  404: { description: 'Not found', content: json(errorSchema) },
  409: { description: 'A step out of order', content: json(errorSchema) },
};
const created = { 201: { description: 'Created', content: json(idResultSchema) } };
const done = (description: string) => ({
  200: { description, content: json(idStatusResultSchema) },
});

const listQuery = z.object({
  q: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(100).optional()),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(CAMPAIGN_STATUSES, { error: 'status must be draft, active, pending or ended' }).optional(),
  ),
  limit: pageLimitParam(50),
  cursor: cursorParam,
});

const routes = {
  stats: createRoute({
    method: 'get',
    path: '/campaigns/stats',
    tags: ['Admin'],
    summary: 'Total and active campaigns, total reach, total spent (Mint paid as rewards)',
    responses: { 200: { description: 'Stats', content: json(adminCampaignStatsSchema) }, ...common },
  }),
  list: createRoute({
    method: 'get',
    path: '/campaigns',
    tags: ['Admin'],
    summary: 'All campaigns (drafts included), searchable, with the accepted-creator count',
    request: { query: listQuery },
    responses: {
      200: {
        description: 'Campaigns',
        content: json(adminCampaignListSchema),
      },
      ...common,
    },
  }),
  one: createRoute({
    method: 'get',
    path: '/campaigns/{id}',
    tags: ['Admin'],
    summary: 'One campaign (drafts included)',
    request: { params: idParam },
    responses: { 200: { description: 'Campaign', content: json(adminCampaignSchema) }, ...common },
  }),
  create: createRoute({
    method: 'post',
    path: '/campaigns',
    tags: ['Admin'],
    summary: 'Add a campaign',
    request: { body: { content: json(campaignInputSchema), required: true } },
    responses: { ...created, ...common },
  }),
  update: createRoute({
    method: 'patch',
    path: '/campaigns/{id}',
    tags: ['Admin'],
    summary: 'Edit a campaign (any subset of fields)',
    request: { params: idParam, body: { content: json(campaignPatchSchema), required: true } },
    responses: {
      200: { description: 'Saved', content: json(idResultSchema) },
      ...common,
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/campaigns/{id}',
    tags: ['Admin'],
    summary: 'Delete a campaign without applications (others must be ended)',
    request: { params: idParam },
    responses: { 204: { description: 'Deleted' }, ...common },
  }),
  applicants: createRoute({
    method: 'get',
    path: '/campaigns/{id}/applications',
    tags: ['Admin'],
    summary:
      'Applicants with tier, followers per platform, handles (linked to their profiles), categories, state, shipping, content and reliability record; accepted ones with their full shipping address. One keyset page (newest or most posts on time first, by status group, "missed none"), with the next cursor and the count of each group',
    request: { params: idParam, query: applicantsQuerySchema },
    responses: {
      200: { description: 'Applicants', content: json(adminApplicantListSchema) },
      ...common,
    },
  }),
  decideMany: createRoute({
    method: 'post',
    path: '/applications/decisions',
    tags: ['Admin'],
    summary: 'Accept or reject several applications at once (all or none)',
    request: { body: { content: json(bulkDecisionSchema), required: true } },
    responses: {
      200: { description: 'Decided', content: json(decidedResultSchema) },
      ...common,
    },
  }),
  accept: createRoute({
    method: 'post',
    path: '/applications/{id}/accept',
    tags: ['Admin'],
    summary: 'Accept an application (optional message)',
    request: { params: idParam, body: { content: json(decisionSchema), required: false } },
    responses: { ...done('Accepted'), ...common },
  }),
  reject: createRoute({
    method: 'post',
    path: '/applications/{id}/reject',
    tags: ['Admin'],
    summary: 'Reject an application (optional message)',
    request: { params: idParam, body: { content: json(decisionSchema), required: false } },
    responses: { ...done('Rejected'), ...common },
  }),
  shipment: createRoute({
    method: 'post',
    path: '/applications/{id}/shipment',
    tags: ['Admin'],
    summary: "Record the PR box's carrier and tracking number",
    request: { params: idParam, body: { content: json(shipmentSchema), required: true } },
    responses: { ...done('Shipped'), ...common },
  }),
  shipmentsCsv: createRoute({
    method: 'post',
    path: '/campaigns/{id}/shipments',
    tags: ['Admin'],
    summary: 'Import shipments from CSV (application_id, carrier, tracking_number); reports bad rows',
    request: {
      params: idParam,
      body: {
        content: { 'text/csv': { schema: z.string() }, 'text/plain': { schema: z.string() } },
        required: true,
      },
    },
    responses: {
      200: {
        description: 'Report',
        content: json(shipmentReportSchema),
      },
      ...common,
    },
  }),
  delivered: createRoute({
    method: 'post',
    path: '/applications/{id}/delivered',
    tags: ['Admin'],
    summary: 'Mark a shipped PR box delivered',
    request: { params: idParam },
    responses: { ...done('Delivered'), ...common },
  }),
  approve: createRoute({
    method: 'post',
    path: '/submissions/{id}/approve',
    tags: ['Admin'],
    summary: "Approve content: credits the campaign's reward once",
    request: { params: idParam },
    responses: {
      200: {
        description: 'Approved',
        content: json(approvedResultSchema),
      },
      ...common,
    },
  }),
  requestChanges: createRoute({
    method: 'post',
    path: '/submissions/{id}/request-changes',
    tags: ['Admin'],
    summary: 'Send content back with a message',
    request: { params: idParam, body: { content: json(changesRequestSchema), required: true } },
    responses: {
      200: { description: 'Sent back', content: json(idResultSchema) },
      ...common,
    },
  }),
  upload: createRoute({
    method: 'post',
    path: '/uploads',
    tags: ['Admin'],
    summary: 'Upload a campaign image (PNG, JPEG, WebP or GIF, at most 5 MB)',
    request: {
      body: { content: { 'multipart/form-data': { schema: z.object({ file: z.any() }) } }, required: true },
    },
    responses: {
      201: { description: 'Stored', content: json(urlResultSchema) },
      413: { description: 'Too large', content: json(errorSchema) },
      ...common,
    },
  }),
};

export const adminCampaignRoutes = createRouter()
  .openapi(routes.stats, async (c) => c.json(await campaignStats(c.get('services')), 200))
  .openapi(routes.list, async (c) => c.json(await campaignList(c.get('services'), c.req.valid('query')), 200))
  .openapi(routes.one, async (c) =>
    c.json(await adminCampaign(c.get('services'), c.req.valid('param').id), 200),
  )
  .openapi(routes.create, async (c) => {
    const row = await createCampaign(
      c.get('deps').db,
      c.req.valid('json'),
      c.get('services').now(),
      adminActor(c),
    );
    return c.json({ id: row.id }, 201);
  })
  .openapi(routes.update, async (c) => {
    const row = await updateCampaign(
      c.get('deps').db,
      c.req.valid('param').id,
      c.req.valid('json'),
      c.get('services').now(),
      adminActor(c),
    );
    return c.json({ id: row.id }, 200);
  })
  .openapi(routes.remove, async (c) => {
    await deleteCampaign(c.get('deps').db, c.req.valid('param').id, adminActor(c));
    return c.body(null, 204);
  })
  .openapi(routes.applicants, async (c) => {
    return c.json(
      await campaignApplicants(c.get('services'), c.req.valid('param').id, c.req.valid('query')),
      200,
    );
  })
  .openapi(routes.decideMany, async (c) => {
    const { ids, decision, message } = c.req.valid('json');
    const decided = await decideApplications(c.get('services'), { ids, decision, message }, adminActor(c));
    return c.json({ ids: decided }, 200);
  })
  .openapi(routes.accept, async (c) => {
    const { id } = c.req.valid('param');
    await decideApplications(
      c.get('services'),
      {
        ids: [id],
        decision: 'accept',
        message: c.req.valid('json')?.message,
      },
      adminActor(c),
    );
    // With SHOPIFY_ORDERS on, the box's order goes to the brand's store now; a failure stays on the Stores page and
    // "Create orders" tries again (the acceptance stands either way).
    const access = storeAccessFromEnv(c.get('deps').env);
    if (access.ordersOnAccept) await createStoreOrders(c.get('services'), access, [id]);
    return c.json({ id, status: 'accepted' }, 200);
  })
  .openapi(routes.reject, async (c) => {
    const { id } = c.req.valid('param');
    await decideApplications(
      c.get('services'),
      {
        ids: [id],
        decision: 'reject',
        message: c.req.valid('json')?.message,
      },
      adminActor(c),
    );
    return c.json({ id, status: 'rejected' }, 200);
  })
  .openapi(routes.shipment, async (c) => {
    const { row } = await recordShipment(
      c.get('services'),
      c.req.valid('param').id,
      c.req.valid('json'),
      adminActor(c),
    );
    return c.json({ id: row.id, status: row.status }, 200);
  })
  .openapi(routes.shipmentsCsv, async (c) => {
    const { id } = c.req.valid('param');
    await adminCampaign(c.get('services'), id);
    const text = await c.req.text();
    if (text.length > 1_000_000) throw new AppError('PAYLOAD_TOO_LARGE', 'The CSV file must be at most 1 MB');
    return c.json(await importShipmentsCsv(c.get('services'), id, text, adminActor(c)), 200);
  })
  .openapi(routes.delivered, async (c) => {
    const row = await markDelivered(c.get('services'), c.req.valid('param').id, adminActor(c));
    return c.json({ id: row.id, status: row.status }, 200);
  })
  .openapi(routes.approve, async (c) => {
    const { id } = c.req.valid('param');
    const result = await approveSubmission(c.get('services'), id, adminActor(c));
    return c.json({ id, credited: result.reward }, 200);
  })
  .openapi(routes.requestChanges, async (c) => {
    const { id } = c.req.valid('param');
    await requestChanges(c.get('services'), id, c.req.valid('json').message, adminActor(c));
    return c.json({ id }, 200);
  })
  .openapi(routes.upload, async (c) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_UPLOAD_BYTES + 64 * 1024)
      throw new AppError('PAYLOAD_TOO_LARGE', 'file: images must be at most 5 MB');
    const file = (c.req.valid('form') as { file?: unknown }).file;
    if (!(file instanceof File)) throw new AppError('BAD_REQUEST', 'file: choose an image to upload');
    const { db, files } = c.get('deps');
    // Campaign images are shown to everyone.
    const stored = await storeUpload({ db, files }, file, {
      ownerUserId: currentUser(c).id,
      visibility: 'public',
      now: c.get('services').now(),
    });
    return c.json({ url: stored.url }, 201);
  });
