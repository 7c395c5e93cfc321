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
import { routeGroup } from '../http/route-group';
import { answer, jsonBody, optionalJsonBody, refusals, signedInRefusals } from '../http/route-responses';
import { creatorOnly, currentCreator } from '../middleware/creator';
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

const common = {
  ...signedInRefusals,
  ...refusals({
    404: 'Not found (or not yours)',
    409: 'A step out of order',
  }),
};

const creatorRoute = routeGroup({ tags: ['Applications'], middleware: creatorOnly, refusals: common });

const eligibilityRoute = creatorRoute.get('/campaigns/{id}/eligibility', {
  summary: 'Can the signed-in creator apply to this campaign, and if not, why',
  request: { params: campaignIdParamSchema },
  responses: { 200: answer('The answer', eligibilitySchema) },
});

const applyRoute = creatorRoute.post('/campaigns/{id}/applications', {
  summary: 'Apply to a campaign',
  request: { params: campaignIdParamSchema, body: optionalJsonBody(applySchema) },
  responses: { 201: answer('Applied', idResultSchema) },
});

const myApplicationsRoute = creatorRoute.get('/me/applications', {
  summary: "The creator's applications with status, progress, next step and deadlines",
  responses: { 200: answer('Applications', myApplicationListSchema) },
});

const withdrawRoute = creatorRoute.post('/applications/{id}/withdraw', {
  summary: 'Withdraw an application still under review',
  request: { params: idParamSchema },
  responses: { 200: answer('Withdrawn', idStatusResultSchema) },
});

const deliveryRoute = creatorRoute.post('/applications/{id}/delivery', {
  summary: 'Confirm the PR box arrived, or report a problem (not received, damaged)',
  request: { params: idParamSchema, body: jsonBody(deliverySchema) },
  responses: { 200: answer('Recorded', idStatusResultSchema) },
});

const submissionRoute = creatorRoute.post('/applications/{id}/submissions', {
  summary: "Submit post link(s) on the campaign's platform before the upload deadline",
  request: { params: idParamSchema, body: jsonBody(submissionSchema) },
  responses: { 201: answer('Submitted', idResultSchema) },
});

const choicesRoute = creatorRoute.put('/applications/{id}/choices', {
  summary:
    'Change the chosen variant of each product, until the PR box ships (409 SOLD_OUT when none is left)',
  request: { params: idParamSchema, body: jsonBody(choicesInputSchema) },
  responses: { 200: answer('Changed', idStatusResultSchema) },
});

const matchedRoute = creatorRoute.get('/me/matched-campaigns', {
  summary:
    "Open campaigns in one of the creator's categories and on one of their platforms (not yet applied to), each with why it fits",
  responses: { 200: answer('Campaigns', matchedCampaignListSchema) },
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
