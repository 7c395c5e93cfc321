import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
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
import type { AppBindings } from '../http/context';
import { AppError } from '../http/errors';
import { createRouter } from '../http/openapi';
import { keptResponses, sendReadyAnswer } from '../http/ready-answer';
import { routeGroup } from '../http/route-group';
import { answer, adminRefusals as common, jsonBody, optionalJsonBody } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { storeAccess } from '../middleware/store-access';
import {
  approveSubmission,
  decideApplications,
  markDelivered,
  requestChanges,
} from '../services/applications/admin-review';
import { importShipmentsCsv, recordShipment } from '../services/applications/shipments';
import { adminCampaign, keptCampaignApplicants } from '../services/campaign-admin-reads';
import { createStoreOrders } from '../services/stores/orders';

/**
 * The review of a campaign's applicants: the applicant list, accepting and rejecting, the PR box's shipment (one, or
 * a CSV of them) and delivery, approving content or sending it back. The campaigns themselves are in
 * admin-campaigns.ts.
 */
const idParam = campaignIdParamSchema;
const done = (description: string) => ({ 200: answer(description, idStatusResultSchema) });

const adminRoute = routeGroup({ tags: ['Admin'], refusals: common });

/** The route of one applicant's decision (accept or reject), with an optional message. */
const decisionRoute = <D extends 'accept' | 'reject'>(decision: D, verb: string, decided: string) =>
  adminRoute.post(`/applications/{id}/${decision}`, {
    summary: `${verb} an application (optional message)`,
    request: { params: idParam, body: optionalJsonBody(decisionSchema) },
    responses: done(decided),
  });

const routes = {
  applicants: adminRoute.get('/campaigns/{id}/applications', {
    summary:
      'Applicants with tier, followers per platform, handles (linked to their profiles), categories, state, shipping, content and reliability record; accepted ones with their full shipping address. One keyset page (newest or most posts on time first, by status group, "missed none"), with the next cursor and the count of each group',
    request: { params: idParam, query: applicantsQuerySchema },
    responses: keptResponses('Applicants', adminApplicantListSchema),
  }),
  decideMany: adminRoute.post('/applications/decisions', {
    summary: 'Accept or reject several applications at once (all or none)',
    request: { body: jsonBody(bulkDecisionSchema) },
    responses: { 200: answer('Decided', decidedResultSchema) },
  }),
  accept: decisionRoute('accept', 'Accept', 'Accepted'),
  reject: decisionRoute('reject', 'Reject', 'Rejected'),
  shipment: adminRoute.post('/applications/{id}/shipment', {
    summary: "Record the PR box's carrier and tracking number",
    request: { params: idParam, body: jsonBody(shipmentSchema) },
    responses: done('Shipped'),
  }),
  shipmentsCsv: adminRoute.post('/campaigns/{id}/shipments', {
    summary: 'Import shipments from CSV (application_id, carrier, tracking_number); reports bad rows',
    request: {
      params: idParam,
      body: {
        content: { 'text/csv': { schema: z.string() }, 'text/plain': { schema: z.string() } },
        required: true,
      },
    },
    responses: { 200: answer('Report', shipmentReportSchema) },
  }),
  delivered: adminRoute.post('/applications/{id}/delivered', {
    summary: 'Mark a shipped PR box delivered',
    request: { params: idParam },
    responses: done('Delivered'),
  }),
  approve: adminRoute.post('/submissions/{id}/approve', {
    summary: "Approve content: credits the campaign's reward once",
    request: { params: idParam },
    responses: { 200: answer('Approved', approvedResultSchema) },
  }),
  requestChanges: adminRoute.post('/submissions/{id}/request-changes', {
    summary: 'Send content back with a message',
    request: { params: idParam, body: jsonBody(changesRequestSchema) },
    responses: { 200: answer('Sent back', idResultSchema) },
  }),
};

/** Accepts or rejects one applicant (its own route), with the admin's optional message. */
function decideOne(c: Context<AppBindings>, id: number, decision: 'accept' | 'reject', message?: string) {
  return decideApplications(c.get('services'), { ids: [id], decision, message }, adminActor(c));
}

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
    await decideOne(c, id, 'accept', c.req.valid('json')?.message);
    // With SHOPIFY_ORDERS on, the box's order goes to the brand's store now; a failure stays on the Stores page and
    // "Create orders" tries again (the acceptance stands either way).
    const access = storeAccess(c);
    if (access.ordersOnAccept) await createStoreOrders(c.get('services'), access, [id]);
    return c.json({ id, status: 'accepted' }, 200);
  })
  .openapi(routes.reject, async (c) => {
    const { id } = c.req.valid('param');
    await decideOne(c, id, 'reject', c.req.valid('json')?.message);
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
