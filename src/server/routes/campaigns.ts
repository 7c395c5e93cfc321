import {
  campaignDetailSchema,
  campaignIdParamSchema,
  campaignListQuerySchema,
  campaignPageSchema,
} from '../../shared/schemas/campaign';
import { AppError } from '../http/errors';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, refusal } from '../http/route-responses';
import { publicCampaignDetail } from '../services/campaign-badges';
import { publicCampaignPage } from '../services/catalogue';
import {
  campaignKey,
  etagMatches,
  firstPageKey,
  keptAnswer,
  type ReadyAnswer,
} from '../services/public-answers';

const publicRoute = routeGroup({ tags: ['Campaigns'] });

const listCampaignsRoute = publicRoute.get('/campaigns', {
  summary: 'List public campaigns, newest first',
  description:
    'Open (active) campaigns only unless `status` asks for pending, ended or `all`. ' +
    'Keyset-paged. `q` matches name, brand, description and tags, case-insensitive; every word must match. ' +
    'Pass `nextCursor` back as `cursor` for the next page.',
  request: { query: campaignListQuerySchema },
  responses: {
    200: answer('One page of campaigns', campaignPageSchema),
    304: { description: 'Not modified: a first page without `q` or `cursor` whose ETag the client sent' },
    400: refusal('A parameter is not valid'),
  },
});

const getCampaignRoute = publicRoute.get('/campaigns/{id}', {
  summary: 'One campaign',
  request: { params: campaignIdParamSchema },
  responses: {
    200: answer('The campaign, with its brand badges', campaignDetailSchema),
    304: { description: 'Not modified: the ETag sent in If-None-Match is still current' },
    400: refusal('The id is not valid'),
    404: refusal('No such campaign'),
  },
});

/**
 * A public answer as ready bytes with its ETag; 304 when the client already holds it. `no-cache`: a browser keeps it
 * but asks again every time (an edit shows at once), and the answer to that question is a 304 without a body.
 */
function sendReady(ifNoneMatch: string | undefined, answer: ReadyAnswer): Response {
  const headers = { ETag: answer.etag, 'Cache-Control': 'no-cache' };
  if (etagMatches(ifNoneMatch, answer.etag)) return new Response(null, { status: 304, headers });
  return new Response(answer.body, {
    status: 200,
    headers: { ...headers, 'Content-Type': 'application/json' },
  });
}

export const campaignRoutes = createRouter()
  .openapi(listCampaignsRoute, async (c) => {
    const query = c.req.valid('query');
    const services = c.get('services');
    // First pages without a keyword are the ones everybody reads: kept ready (src/server/services/public-answers.ts).
    const key = firstPageKey(query);
    if (key === null) return c.json(await publicCampaignPage(services, query), 200);
    const answer = await keptAnswer(services.db, key, () => publicCampaignPage(services, query));
    return sendReady(c.req.header('If-None-Match'), answer!) as never;
  })
  .openapi(getCampaignRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.get('services');
    const answer = await keptAnswer(db, campaignKey(id), () => publicCampaignDetail(db, id, now()));
    if (!answer) throw new AppError('NOT_FOUND', 'Campaign Not Found');
    return sendReady(c.req.header('If-None-Match'), answer) as never;
  });
