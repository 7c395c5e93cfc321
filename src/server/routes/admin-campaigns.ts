import { z } from '@hono/zod-openapi';
import { CAMPAIGN_STATUSES } from '../../shared/constants';
import { cursorParam, pageLimitParam } from '../../shared/page-cursor';
import {
  adminCampaignListSchema,
  adminCampaignSchema,
  adminCampaignStatsSchema,
  campaignIdParamSchema,
  campaignInputSchema,
  campaignPatchSchema,
} from '../../shared/schemas/campaign';
import { idResultSchema, urlResultSchema } from '../../shared/schemas/results';
import { AppError } from '../http/errors';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, adminRefusals as common, jsonBody, refusal } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { currentUser } from '../middleware/session';
import { createCampaign, deleteCampaign, updateCampaign } from '../services/campaign-admin';
import { adminCampaign, campaignList, campaignStats } from '../services/campaign-admin-reads';
import { MAX_UPLOAD_BYTES, storeUpload } from '../services/uploads';

/**
 * The admin's campaigns: figures, the list, one campaign, adding, editing and deleting one, and its image upload.
 * The review of a campaign's applicants (decisions, shipments, content) is in admin-review.ts.
 */
const idParam = campaignIdParamSchema;
const created = { 201: answer('Created', idResultSchema) };

const listQuery = z.object({
  q: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(100).optional()),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(CAMPAIGN_STATUSES, { error: 'status must be draft, active, pending or ended' }).optional(),
  ),
  limit: pageLimitParam(50),
  cursor: cursorParam,
});

const adminRoute = routeGroup({ tags: ['Admin'], refusals: common });

const routes = {
  stats: adminRoute.get('/campaigns/stats', {
    summary: 'Total and active campaigns, total reach, total spent (Mint paid as rewards)',
    responses: { 200: answer('Stats', adminCampaignStatsSchema) },
  }),
  list: adminRoute.get('/campaigns', {
    summary: 'All campaigns (drafts included), searchable, with the accepted-creator count',
    request: { query: listQuery },
    responses: { 200: answer('Campaigns', adminCampaignListSchema) },
  }),
  one: adminRoute.get('/campaigns/{id}', {
    summary: 'One campaign (drafts included)',
    request: { params: idParam },
    responses: { 200: answer('Campaign', adminCampaignSchema) },
  }),
  create: adminRoute.post('/campaigns', {
    summary: 'Add a campaign',
    request: { body: jsonBody(campaignInputSchema) },
    responses: created,
  }),
  update: adminRoute.patch('/campaigns/{id}', {
    summary: 'Edit a campaign (any subset of fields)',
    request: { params: idParam, body: jsonBody(campaignPatchSchema) },
    responses: { 200: answer('Saved', idResultSchema) },
  }),
  remove: adminRoute.delete('/campaigns/{id}', {
    summary: 'Delete a campaign without applications (others must be ended)',
    request: { params: idParam },
    responses: { 204: { description: 'Deleted' } },
  }),
  upload: adminRoute.post('/uploads', {
    summary: 'Upload a campaign image (PNG, JPEG, WebP or GIF, at most 5 MB)',
    request: {
      body: { content: { 'multipart/form-data': { schema: z.object({ file: z.any() }) } }, required: true },
    },
    responses: { 201: answer('Stored', urlResultSchema), 413: refusal('Too large') },
  }),
};

export const adminCampaignRoutes = createRouter()
  .openapi(routes.stats, async (c) => c.json(await campaignStats(c.get('services')), 200))
  .openapi(routes.list, async (c) => c.json(await campaignList(c.get('services'), c.req.valid('query')), 200))
  .openapi(routes.one, async (c) =>
    c.json(await adminCampaign(c.get('services'), c.req.valid('param').id), 200),
  )
  .openapi(routes.create, async (c) => {
    const row = await createCampaign(c.get('services'), c.req.valid('json'), adminActor(c));
    return c.json({ id: row.id }, 201);
  })
  .openapi(routes.update, async (c) => {
    const row = await updateCampaign(
      c.get('services'),
      c.req.valid('param').id,
      c.req.valid('json'),
      adminActor(c),
    );
    return c.json({ id: row.id }, 200);
  })
  .openapi(routes.remove, async (c) => {
    await deleteCampaign(c.get('services'), c.req.valid('param').id, adminActor(c));
    return c.body(null, 204);
  })
  .openapi(routes.upload, async (c) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_UPLOAD_BYTES + 64 * 1024)
      throw new AppError('PAYLOAD_TOO_LARGE', 'file: images must be at most 5 MB');
    const file = (c.req.valid('form') as { file?: unknown }).file;
    if (!(file instanceof File)) throw new AppError('BAD_REQUEST', 'file: choose an image to upload');
    const services = c.get('services');
    // Campaign images are shown to everyone.
    const stored = await storeUpload(services, file, {
      ownerUserId: currentUser(c).id,
      visibility: 'public',
      now: services.now(),
    });
    return c.json({ url: stored.url }, 201);
  });
