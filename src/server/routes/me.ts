import { createRoute } from '@hono/zod-openapi';
import { listActivity } from '../../db/queries/activity';
import { errorSchema } from '../../shared/schemas/error';
import { activityListSchema, mailPreferencesSchema } from '../../shared/schemas/me';
import { currentInfluencer } from '../middleware/creator';
import { requireRole } from '../middleware/session';
import { createRouter } from '../openapi';
import { mailPreferencesOf, saveMailPreferences } from '../services/creator-mail';

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const creatorOnly = requireRole('influencer');
const common = {
  401: { description: 'Not signed in', content: json(errorSchema) },
  403: { description: 'Not a creator', content: json(errorSchema) },
};

const getPreferences = createRoute({
  method: 'get',
  path: '/me/mail-preferences',
  tags: ['Me'],
  summary:
    'Which mails the creator gets (true = sent). Account and money mails (codes, password, email and PayPal changes, payouts, moderation) are always sent and not listed.',
  middleware: creatorOnly,
  responses: { 200: { description: 'Preferences', content: json(mailPreferencesSchema) }, ...common },
});

const putPreferences = createRoute({
  method: 'put',
  path: '/me/mail-preferences',
  tags: ['Me'],
  summary: 'Save which mails the creator gets (every category, true = sent)',
  middleware: creatorOnly,
  request: { body: { content: json(mailPreferencesSchema), required: true } },
  responses: {
    200: { description: 'Saved', content: json(mailPreferencesSchema) },
    400: { description: 'Bad input', content: json(errorSchema) },
    ...common,
  },
});

const activity = createRoute({
  method: 'get',
  path: '/me/activity',
  tags: ['Me'],
  summary:
    "The creator's Recent Activity, newest first: every step of their own applications, content, Mint and payouts",
  middleware: creatorOnly,
  responses: { 200: { description: 'Activity', content: json(activityListSchema) }, ...common },
});

export const meRoutes = createRouter()
  .openapi(getPreferences, async (c) => {
    const influencer = await currentInfluencer(c);
    return c.json(await mailPreferencesOf(c.get('deps').db, influencer.id), 200);
  })
  .openapi(putPreferences, async (c) => {
    const influencer = await currentInfluencer(c);
    return c.json(await saveMailPreferences(c.get('deps').db, influencer.id, c.req.valid('json')), 200);
  })
  .openapi(activity, async (c) => {
    const influencer = await currentInfluencer(c);
    return c.json({ items: await listActivity(c.get('deps').db, influencer.id) }, 200);
  });
