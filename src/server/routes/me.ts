import type { Env } from '../../config/env';
import {
  activityListSchema,
  adminDigestSettingSchema,
  adminDigestStateSchema,
  creatorRecordSchema,
  mailPreferencesSchema,
} from '../../shared/schemas/me';
import { myReliabilitySchema } from '../../shared/schemas/reliability';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { adminOnlyRefusals, answer, creatorOnlyRefusals, jsonBody, refusal } from '../http/route-responses';
import { adminActor } from '../middleware/admin-actor';
import { creatorOnly, currentCreator } from '../middleware/creator';
import { currentUser } from '../middleware/session';
import { recentActivity } from '../services/activity';
import { isDigestEnabled, saveDigestSetting } from '../services/admin-digest';
import { creatorRecord } from '../services/creator-description';
import { mailPreferencesOf, saveMailPreferences } from '../services/creator-mail';
import { myReliability } from '../services/reliability';

const creatorRoute = routeGroup({ tags: ['Me'], middleware: creatorOnly, refusals: creatorOnlyRefusals });
const adminRoute = routeGroup({ tags: ['Admin'], refusals: adminOnlyRefusals });

const me = creatorRoute.get('/me', {
  summary: "The signed-in creator's record and profile",
  responses: { 200: answer('The creator', creatorRecordSchema) },
});

const getPreferences = creatorRoute.get('/me/mail-preferences', {
  summary:
    'Which mails the creator gets (true = sent). Account and money mails (codes, password, email and PayPal changes, payouts, moderation) are always sent and not listed.',
  responses: { 200: answer('Preferences', mailPreferencesSchema) },
});

const putPreferences = creatorRoute.put('/me/mail-preferences', {
  summary: 'Save which mails the creator gets (every category, true = sent)',
  request: { body: jsonBody(mailPreferencesSchema) },
  responses: { 200: answer('Saved', mailPreferencesSchema), 400: refusal('Bad input') },
});

const activity = creatorRoute.get('/me/activity', {
  summary:
    "The creator's Recent Activity, newest first: every step of their own applications, content, Mint and payouts",
  responses: { 200: answer('Activity', activityListSchema) },
});

const reliability = creatorRoute.get('/me/reliability', {
  summary:
    "The creator's own reliability record (what admins see): applications accepted, posts on time, late and missed, content approved at first submission, delivery problems reported, average days from delivery to post, each with its counts",
  responses: { 200: answer('The record', myReliabilitySchema) },
});

export const meRoutes = createRouter()
  .openapi(me, async (c) => {
    const creator = await currentCreator(c);
    return c.json(await creatorRecord(c.get('services'), creator, currentUser(c).id), 200);
  })
  .openapi(getPreferences, async (c) => {
    const creator = await currentCreator(c);
    return c.json(mailPreferencesOf(creator), 200);
  })
  .openapi(putPreferences, async (c) => {
    const creator = await currentCreator(c);
    return c.json(await saveMailPreferences(c.get('services'), creator.id, c.req.valid('json')), 200);
  })
  .openapi(activity, async (c) => {
    const creator = await currentCreator(c);
    return c.json({ items: await recentActivity(c.get('services'), creator.id) }, 200);
  })
  .openapi(reliability, async (c) => {
    const creator = await currentCreator(c);
    return c.json(await myReliability(c.get('services'), creator.id), 200);
  });

const getDigest = adminRoute.get('/me/digest', {
  summary:
    "Whether the signed-in admin gets the mail digest, and the server's interval in minutes (0: the server sends none)",
  responses: { 200: answer('Digest setting', adminDigestStateSchema) },
});

const putDigest = adminRoute.put('/me/digest', {
  summary: 'Switch the signed-in admin’s own mail digest on or off',
  request: { body: jsonBody(adminDigestSettingSchema) },
  responses: { 200: answer('Saved', adminDigestStateSchema), 400: refusal('Bad input') },
});

/** The admin's digest switch as the page shows it: on or off, the server's interval, whether it can send mail. */
const digestState = (env: Env, enabled: boolean) => ({
  enabled,
  intervalMinutes: env.adminDigestIntervalMinutes,
  mailServer: Boolean(env.smtpUrl),
});

/** Mounted under /api/admin (behind requireRole('admin')): the admin's own digest switch. */
export const adminMeRoutes = createRouter()
  .openapi(getDigest, async (c) => {
    const enabled = await isDigestEnabled(c.get('services'), currentUser(c).id);
    return c.json(digestState(c.get('deps').env, enabled), 200);
  })
  .openapi(putDigest, async (c) => {
    const { enabled } = c.req.valid('json');
    await saveDigestSetting(c.get('services'), { ...adminActor(c), userId: currentUser(c).id }, enabled);
    return c.json(digestState(c.get('deps').env, enabled), 200);
  });
