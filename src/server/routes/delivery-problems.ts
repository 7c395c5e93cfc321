import type { z } from '@hono/zod-openapi';
import {
  adminProblemListSchema,
  myProblemListSchema,
  problemListQuerySchema,
  problemReplySchema,
  problemReshipSchema,
  problemResolveSchema,
} from '../../shared/schemas/delivery-problems';
import { idParamSchema as idParam } from '../../shared/schemas/id-param';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, jsonBody, refusal, signedInRefusals } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { creatorOnly, currentCreator } from '../middleware/creator';
import {
  myProblems,
  problemQueue,
  replyToProblem,
  reshipProblem,
  resolveProblem,
} from '../services/delivery-problems';

/** Issue 13: delivery problems, the admins' queue (under /admin, admin-only) and the creator's own list. */
const actionAnswers = {
  200: answer('The queue now (the first page of open problems)', adminProblemListSchema),
  ...signedInRefusals,
  404: refusal('No such problem'),
  409: refusal('Already resolved, or not at a step that allows this'),
};

const adminRoute = routeGroup({ tags: ['Admin problems'], refusals: signedInRefusals });
const creatorRoute = routeGroup({
  tags: ['Applications'],
  middleware: creatorOnly,
  refusals: signedInRefusals,
});

const listRoute = adminRoute.get('/problems', {
  summary:
    'Delivery problems creators reported, a page at a time by keyset: open ones oldest first (default), resolved ones newest first, or all (open, then resolved); with the open count',
  request: { query: problemListQuerySchema },
  responses: { 200: answer('The queue', adminProblemListSchema) },
});

const action = <T extends z.ZodType>(name: 'reply' | 'resolve' | 'reship', summary: string, body: T) =>
  adminRoute.post(`/problems/{id}/${name}`, {
    summary,
    request: { params: idParam, body: jsonBody(body) },
    responses: actionAnswers,
  });

const replyRoute = action(
  'reply',
  'Answer the creator (by mail and on their dashboard); the problem stays open',
  problemReplySchema,
);
const resolveRoute = action(
  'resolve',
  'Resolve the problem, with an optional message to the creator',
  problemResolveSchema,
);
const reshipRoute = action(
  'reship',
  'Send a new box: new carrier and tracking number, the application is shipped again and the problem resolved',
  problemReshipSchema,
);

export const adminProblemRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    return c.json(await problemQueue(c.get('services'), c.req.valid('query')), 200);
  })
  .openapi(replyRoute, async (c) => {
    const ctx = c.get('services');
    const { message } = c.req.valid('json');
    await replyToProblem(ctx, c.req.valid('param').id, message, adminActor(c));
    return c.json(await problemQueue(ctx), 200);
  })
  .openapi(resolveRoute, async (c) => {
    const ctx = c.get('services');
    const { message } = c.req.valid('json');
    await resolveProblem(ctx, c.req.valid('param').id, message, adminActor(c));
    return c.json(await problemQueue(ctx), 200);
  })
  .openapi(reshipRoute, async (c) => {
    const ctx = c.get('services');
    const input = c.req.valid('json');
    await reshipProblem(ctx, c.req.valid('param').id, input, adminActor(c));
    return c.json(await problemQueue(ctx), 200);
  });

const myProblemsRoute = creatorRoute.get('/me/delivery-problems', {
  summary: "The creator's delivery problems with the brand's replies, newest first",
  responses: { 200: answer('Problems', myProblemListSchema) },
});

export const myProblemRoutes = createRouter().openapi(myProblemsRoute, async (c) => {
  const creator = await currentCreator(c);
  return c.json({ items: await myProblems(c.get('services'), creator.id) }, 200);
});
