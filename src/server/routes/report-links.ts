import { idParamSchema } from '../../shared/schemas/id-param';
import {
  createdReportLinkSchema,
  createReportLinkSchema,
  reportLinkListSchema,
  reportLinkSchema,
} from '../../shared/schemas/report-links';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { adminRoleRefusals, answer, jsonBody, refusal } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { createReportLink, listReportLinks, revokeReportLink } from '../services/report-links/manage';

/** Issue 39: a campaign's report links for its brand (the brand opens them at /report/<token>, report-page.ts). */
const common = { ...adminRoleRefusals, 404: refusal('No such campaign or link') };

const adminRoute = routeGroup({ tags: ['Admin'], refusals: common });

const list = adminRoute.get('/campaigns/{id}/report-links', {
  summary:
    "A campaign's report links, newest first: state, expiry, password or not, spend shared or not, views",
  request: { params: idParamSchema },
  responses: { 200: answer('The links', reportLinkListSchema) },
});

const create = adminRoute.post('/campaigns/{id}/report-links', {
  summary:
    'Make a report link for the brand: unguessable (shown once, kept hashed), expiring, optionally with a password, sharing the spend only if asked',
  request: { params: idParamSchema, body: jsonBody(createReportLinkSchema) },
  responses: { 201: answer('The link, with its address', createdReportLinkSchema) },
});

const revoke = adminRoute.delete('/report-links/{id}', {
  summary: 'Revoke a report link: it answers 410 from then on',
  request: { params: idParamSchema },
  responses: { 200: answer('Revoked', reportLinkSchema) },
});

export const adminReportLinkRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json({ items: await listReportLinks(c.get('services'), c.req.valid('param').id) }, 200),
  )
  .openapi(create, async (c) =>
    c.json(
      await createReportLink(
        c.get('services'),
        c.get('deps').auth,
        adminActor(c),
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      201,
    ),
  )
  .openapi(revoke, async (c) =>
    c.json(await revokeReportLink(c.get('services'), adminActor(c), c.req.valid('param').id), 200),
  );
