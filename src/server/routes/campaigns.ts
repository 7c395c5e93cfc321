import { createRoute } from '@hono/zod-openapi';
import {
  campaignDetailSchema,
  campaignIdParamSchema,
  campaignListQuerySchema,
  campaignPageSchema,
} from '../../shared/schemas/campaign';
import { errorSchema } from '../../shared/schemas/error';
import { AppError } from '../errors';
import { createRouter } from '../openapi';
import { publicCampaignDetail } from '../services/campaign-badges';
import { publicCampaignPage } from '../services/catalogue';

const json = <T>(schema: T) => ({ 'application/json': { schema } });

const listCampaignsRoute = createRoute({
  method: 'get',
  path: '/campaigns',
  tags: ['Campaigns'],
  summary: 'List public campaigns, newest first',
  description:
    'Open (active) campaigns only unless `status` asks for pending, ended or `all`. ' +
    'Keyset-paged. `q` matches name, brand, description and tags, case-insensitive; every word must match. ' +
    'Pass `nextCursor` back as `cursor` for the next page.',
  request: { query: campaignListQuerySchema },
  responses: {
    200: { description: 'One page of campaigns', content: json(campaignPageSchema) },
    400: { description: 'A parameter is not valid', content: json(errorSchema) },
  },
});

const getCampaignRoute = createRoute({
  method: 'get',
  path: '/campaigns/{id}',
  tags: ['Campaigns'],
  summary: 'One campaign',
  request: { params: campaignIdParamSchema },
  responses: {
    200: { description: 'The campaign, with its brand badges', content: json(campaignDetailSchema) },
    400: { description: 'The id is not valid', content: json(errorSchema) },
    404: { description: 'No such campaign', content: json(errorSchema) },
  },
});

export const campaignRoutes = createRouter()
  .openapi(listCampaignsRoute, async (c) => {
    return c.json(await publicCampaignPage(c.get('services'), c.req.valid('query')), 200);
  })
  .openapi(getCampaignRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.get('services');
    const campaign = await publicCampaignDetail(db, id, now());
    if (!campaign) throw new AppError('NOT_FOUND', 'Campaign Not Found');
    return c.json(campaign, 200);
  });
