import { createRoute, z } from '@hono/zod-openapi';
import {
  approvedResultSchema,
  bulkDecisionSchema,
  changesRequestSchema,
  decidedResultSchema,
  decisionSchema,
  shipmentSchema,
} from '../../shared/schemas/application';
import { campaignIdParamSchema } from '../../shared/schemas/campaign';
import { applicantsQuerySchema } from '../../shared/schemas/reliability';
import { idResultSchema, idStatusResultSchema } from '../../shared/schemas/results';
import { adminApplicantListSchema, shipmentReportSchema } from '../../shared/schemas/shipping';
import { AppError } from '../http/errors';
import { createRouter } from '../http/openapi';
import { keptResponses, sendReadyAnswer } from '../http/ready-answer';
import { adminRefusals as common, json } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import {
  approveSubmission,
  decideApplications,
  markDelivered,
  requestChanges,
} from '../services/applications/admin-review';
import { importShipmentsCsv, recordShipment } from '../services/applications/shipments';
import { adminCampaign, keptCampaignApplicants } from '../services/campaign-admin-reads';
import { createStoreOrders } from '../services/stores/orders';
import { storeAccessFromEnv } from '../services/stores/store-access';

/**
 * The review of a campaign's applicants: the applicant list, accepting and rejecting, the PR box's shipment (one, or
 * a CSV of them) and delivery, approving content or sending it back. The campaigns themselves are in
 * admin-campaigns.ts.
 */
const idParam = campaignIdParamSchema;
const done = (description: string) => ({
  200: { description, content: json(idStatusResultSchema) },
});

const routes = {
  applicants: createRoute({
    method: 'get',
    path: '/campaigns/{id}/applications',
    tags: ['Admin'],
    summary:
      'Applicants with tier, followers per platform, handles (linked to their profiles), categories, state, shipping, content and reliability record; accepted ones with their full shipping address. One keyset page (newest or most posts on time first, by status group, "missed none"), with the next cursor and the count of each group',
    request: { params: idParam, query: applicantsQuerySchema },
    responses: { ...keptResponses('Applicants', adminApplicantListSchema), ...common },
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
};

export const adminReviewRoutes = createRouter()
  .openapi(routes.applicants, async (c) => {
    const query = c.req.valid('query');
    return sendReadyAnswer(
      c,
      await keptCampaignApplicants(c.get('services'), c.req.valid('param').id, query),
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
  });
