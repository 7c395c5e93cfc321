import { createRoute } from '@hono/zod-openapi';
import { idParamSchema } from '../../shared/schemas/id-param';
import {
  createdReportLinkSchema,
  createReportLinkSchema,
  reportLinkListSchema,
  reportLinkSchema,
} from '../../shared/schemas/report-links';
import { createRouter } from '../http/openapi';
import { json, refusal } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { createReportLink, listReportLinks, revokeReportLink } from '../services/report-links/manage';

/** Issue 39: a campaign's report links for its brand (the brand opens them at /report/<token>, report-page.ts). */
const common = {
  400: refusal('Bad input'),
  401: refusal('Not signed in'),
  403: refusal('Not allowed for this role'),
  404: refusal('No such campaign or link'),
};

const list = createRoute({
  method: 'get',
  path: '/campaigns/{id}/report-links',
  tags: ['Admin'],
  summary:
    "A campaign's report links, newest first: state, expiry, password or not, spend shared or not, views",
  request: { params: idParamSchema },
  responses: { 200: { description: 'The links', content: json(reportLinkListSchema) }, ...common },
});

const create = createRoute({
  method: 'post',
  path: '/campaigns/{id}/report-links',
  tags: ['Admin'],
  summary:
    'Make a report link for the brand: unguessable (shown once, kept hashed), expiring, optionally with a password, sharing the spend only if asked',
  request: { params: idParamSchema, body: { required: true, content: json(createReportLinkSchema) } },
  responses: {
    201: { description: 'The link, with its address', content: json(createdReportLinkSchema) },
    ...common,
  },
});

const revoke = createRoute({
  method: 'delete',
  path: '/report-links/{id}',
  tags: ['Admin'],
  summary: 'Revoke a report link: it answers 410 from then on',
  request: { params: idParamSchema },
  responses: { 200: { description: 'Revoked', content: json(reportLinkSchema) }, ...common },
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
