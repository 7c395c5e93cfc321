import { createRoute } from '@hono/zod-openapi';
import {
  applySchema,
  deliverySchema,
  eligibilitySchema,
  myApplicationListSchema,
  submissionSchema,
} from '../../shared/schemas/application';
import { campaignIdParamSchema } from '../../shared/schemas/campaign';
import { idParamSchema } from '../../shared/schemas/id-param';
import { matchedCampaignListSchema } from '../../shared/schemas/matched-campaign';
import { choicesInputSchema } from '../../shared/schemas/products';
import { idResultSchema, idStatusResultSchema } from '../../shared/schemas/results';
import { createRouter } from '../http/openapi';
import { json, refusal } from '../http/route-responses';
import { currentCreator } from '../middleware/creator';
import { requireRole } from '../middleware/session';
import {
  applyToCampaign,
  eligibilityFor,
  recordDelivery,
  submitContent,
  withdrawApplication,
} from '../services/applications/creator-steps';
import { listMatchedCampaigns } from '../services/applications/eligibility';
import { myApplications } from '../services/applications/my-applications';
import { changeChoices } from '../services/products/choices';

const creatorOnly = requireRole('influencer');
const common = {
  400: refusal('Bad input'),
  401: refusal('Not signed in'),
  403: refusal('Not allowed'),
  404: refusal('Not found (or not yours)'),
  409: refusal('A step out of order'),
};

const eligibilityRoute = createRoute({
  method: 'get',
  path: '/campaigns/{id}/eligibility',
  tags: ['Applications'],
  summary: 'Can the signed-in creator apply to this campaign, and if not, why',
  middleware: creatorOnly,
  request: { params: campaignIdParamSchema },
  responses: {
    200: {
      description: 'The answer',
      content: json(eligibilitySchema),
    },
    ...common,
  },
});

const applyRoute = createRoute({
  method: 'post',
  path: '/campaigns/{id}/applications',
  tags: ['Applications'],
  summary: 'Apply to a campaign',
  middleware: creatorOnly,
  request: { params: campaignIdParamSchema, body: { content: json(applySchema), required: false } },
  responses: {
    201: { description: 'Applied', content: json(idResultSchema) },
    ...common,
  },
});

const myApplicationsRoute = createRoute({
  method: 'get',
  path: '/me/applications',
  tags: ['Applications'],
  summary: "The creator's applications with status, progress, next step and deadlines",
  middleware: creatorOnly,
  responses: {
    200: { description: 'Applications', content: json(myApplicationListSchema) },
    ...common,
  },
});

const withdrawRoute = createRoute({
  method: 'post',
  path: '/applications/{id}/withdraw',
  tags: ['Applications'],
  summary: 'Withdraw an application still under review',
  middleware: creatorOnly,
  request: { params: idParamSchema },
  responses: {
    200: { description: 'Withdrawn', content: json(idStatusResultSchema) },
    ...common,
  },
});

const deliveryRoute = createRoute({
  method: 'post',
  path: '/applications/{id}/delivery',
  tags: ['Applications'],
  summary: 'Confirm the PR box arrived, or report a problem (not received, damaged)',
  middleware: creatorOnly,
  request: { params: idParamSchema, body: { content: json(deliverySchema), required: true } },
  responses: {
    200: { description: 'Recorded', content: json(idStatusResultSchema) },
    ...common,
  },
});

const submissionRoute = createRoute({
  method: 'post',
  path: '/applications/{id}/submissions',
  tags: ['Applications'],
  summary: "Submit post link(s) on the campaign's platform before the upload deadline",
  middleware: creatorOnly,
  request: { params: idParamSchema, body: { content: json(submissionSchema), required: true } },
  responses: {
    201: { description: 'Submitted', content: json(idResultSchema) },
    ...common,
  },
});

const choicesRoute = createRoute({
  method: 'put',
  path: '/applications/{id}/choices',
  tags: ['Applications'],
  summary:
    'Change the chosen variant of each product, until the PR box ships (409 SOLD_OUT when none is left)',
  middleware: creatorOnly,
  request: { params: idParamSchema, body: { content: json(choicesInputSchema), required: true } },
  responses: {
    200: { description: 'Changed', content: json(idStatusResultSchema) },
    ...common,
  },
});

const matchedRoute = createRoute({
  method: 'get',
  path: '/me/matched-campaigns',
  tags: ['Applications'],
  summary:
    "Open campaigns in one of the creator's categories and on one of their platforms (not yet applied to), each with why it fits",
  middleware: creatorOnly,
  responses: {
    200: { description: 'Campaigns', content: json(matchedCampaignListSchema) },
    ...common,
  },
});

export const applicationRoutes = createRouter()
  .openapi(eligibilityRoute, async (c) => {
    const creator = await currentCreator(c);
    return c.json(await eligibilityFor(c.get('services'), creator, c.req.valid('param').id), 200);
  })
  .openapi(applyRoute, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json') ?? {};
    const creator = await currentCreator(c);
    const application = await applyToCampaign(c.get('services'), {
      creator,
      campaignId: id,
      pitch: body.pitch,
      choices: body.choices,
    });
    return c.json({ id: application.id }, 201);
  })
  .openapi(myApplicationsRoute, async (c) => {
    const creator = await currentCreator(c);
    return c.json({ items: await myApplications(c.get('services'), creator.id) }, 200);
  })
  .openapi(withdrawRoute, async (c) => {
    const creator = await currentCreator(c);
    const row = await withdrawApplication(c.get('services'), creator.id, c.req.valid('param').id);
    return c.json({ id: row.id, status: row.status }, 200);
  })
  .openapi(choicesRoute, async (c) => {
    const creator = await currentCreator(c);
    const { choices } = c.req.valid('json');
    return c.json(await changeChoices(c.get('services'), creator.id, c.req.valid('param').id, choices), 200);
  })
  .openapi(deliveryRoute, async (c) => {
    const creator = await currentCreator(c);
    const row = await recordDelivery(
      c.get('services'),
      creator.id,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ id: row.id, status: row.status }, 200);
  })
  .openapi(submissionRoute, async (c) => {
    const creator = await currentCreator(c);
    const submission = await submitContent(
      c.get('services'),
      creator.id,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json({ id: submission.id }, 201);
  })
  .openapi(matchedRoute, async (c) => {
    const { db, now } = c.get('services');
    const creator = await currentCreator(c);
    const items = await listMatchedCampaigns(db, creator, { now: now(), limit: 8 });
    return c.json({ items }, 200);
  });
