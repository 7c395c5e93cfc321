import { createRoute, z } from '@hono/zod-openapi';
import {
  accountClosureFilterSchema,
  accountClosureListSchema,
  closeAccountResultSchema,
  closeAccountSchema,
  closurePreviewSchema,
  dataExportSchema,
  dataExportStateSchema,
} from '../../shared/schemas/data-rights';
import { createRouter } from '../http/openapi';
import { json, refusal } from '../http/route-responses';
import { currentCreator } from '../middleware/creator';
import { requireRecentSecondFactor } from '../middleware/second-factor';
import { currentUser, requireRole } from '../middleware/session';
import { closeAccount, closurePreview } from '../services/data-rights/close-account';
import { listAccountClosures } from '../services/data-rights/closures';
import {
  dataExportLink,
  dataExportState,
  downloadDataExport,
  requestDataExport,
} from '../services/data-rights/data-export';

/** Issue 27: the creator's data rights (download my data, close my account) and the admins' list of closures. */
const creatorOnly = requireRole('influencer');
const common = {
  400: refusal('Bad input'),
  401: refusal('Not signed in'),
  403: refusal('Not allowed'),
};

const exportState = createRoute({
  method: 'get',
  path: '/me/data-export',
  tags: ['Me'],
  summary:
    "The creator's latest data download request: requested, ready (link mailed), downloaded or expired",
  middleware: creatorOnly,
  responses: { 200: { description: 'Latest request', content: json(dataExportStateSchema) }, ...common },
});

const exportRequest = createRoute({
  method: 'post',
  path: '/me/data-export',
  tags: ['Me'],
  summary:
    'Ask for a file of everything held about the creator; a job builds it and mails a link that works once, for 24 hours, for them signed in',
  middleware: creatorOnly,
  responses: {
    202: { description: 'Requested', content: json(dataExportStateSchema) },
    409: refusal('A request is already being prepared'),
    ...common,
  },
});

const exportDownload = createRoute({
  method: 'post',
  path: '/me/data-export/download',
  tags: ['Me'],
  summary:
    "The data file behind a mailed link (its token in the body), once, within 24 hours, for the link's owner only (404 otherwise; 410 once used or expired)",
  // Personal data leaves the service: a second factor from the last 10 minutes for accounts that have one.
  middleware: [creatorOnly, requireRecentSecondFactor] as const,
  request: {
    body: { content: json(z.object({ token: z.string().min(1).max(200) })), required: true },
  },
  responses: {
    200: {
      description: 'The data file (JSON)',
      content: { 'application/octet-stream': { schema: z.string() } },
    },
    404: refusal('Unknown link, or not yours'),
    410: refusal('Link used or expired'),
    ...common,
  },
});

const exportLink = createRoute({
  method: 'post',
  path: '/me/data-export/link',
  tags: ['Me'],
  summary:
    "What a mailed download link stands for (its token in the body): ready, downloaded or expired, for the link's owner only (404 otherwise)",
  middleware: creatorOnly,
  request: {
    body: { content: json(z.object({ token: z.string().min(1).max(200) })), required: true },
  },
  responses: {
    200: { description: 'The request behind the link', content: json(dataExportSchema) },
    404: refusal('Unknown link, or not yours'),
    ...common,
  },
});

const closurePreviewRoute = createRoute({
  method: 'get',
  path: '/me/account-closure',
  tags: ['Me'],
  summary:
    'What closing the account would do now (balance to redeem or give up, applications withdrawn, proof needed)',
  middleware: creatorOnly,
  responses: { 200: { description: 'Statement', content: json(closurePreviewSchema) }, ...common },
});

const closeRoute = createRoute({
  method: 'post',
  path: '/me/account-closure',
  tags: ['Me'],
  summary:
    'Close the account: password (or a sign-in from the last 10 minutes), and for an account with two factors a second factor from the last 10 minutes (403 STEP_UP_REQUIRED), open applications withdrawn, the balance given up as a ledger entry, every session ended, anonymised after 90 days',
  // The same step-up as the data download (issue 42): an account with two factors is not closed with the password alone.
  middleware: [creatorOnly, requireRecentSecondFactor] as const,
  request: { body: { content: json(closeAccountSchema), required: true } },
  responses: {
    200: { description: 'Closed', content: json(closeAccountResultSchema) },
    409: refusal('Already closed'),
    429: refusal('Too many wrong passwords'),
    ...common,
  },
});

export const dataRightsRoutes = createRouter()
  .openapi(exportState, async (c) => {
    const creator = await currentCreator(c);
    return c.json(await dataExportState(c.get('services'), creator.id), 200);
  })
  .openapi(exportRequest, async (c) => {
    const creator = await currentCreator(c);
    const state = await requestDataExport(c.get('services'), {
      creatorId: creator.id,
      userId: currentUser(c).id,
    });
    return c.json(state, 202);
  })
  .openapi(exportDownload, async (c) => {
    const file = await downloadDataExport(c.get('services'), currentUser(c).id, c.req.valid('json').token);
    c.header('Content-Type', 'application/octet-stream');
    c.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return c.body(new Uint8Array(file.body), 200) as never;
  })
  .openapi(exportLink, async (c) => {
    return c.json(await dataExportLink(c.get('services'), currentUser(c).id, c.req.valid('json').token), 200);
  })
  .openapi(closurePreviewRoute, async (c) => {
    const creator = await currentCreator(c);
    const user = currentUser(c);
    return c.json(
      await closurePreview(c.get('services'), { user, creator, sessionStartedAt: user.sessionStartedAt }),
      200,
    );
  })
  .openapi(closeRoute, async (c) => {
    const creator = await currentCreator(c);
    const user = currentUser(c);
    const result = await closeAccount(
      c.get('services'),
      c.get('deps').auth,
      { user, creator, sessionStartedAt: user.sessionStartedAt },
      c.req.valid('json'),
    );
    return c.json(result, 200);
  });

const closuresRoute = createRoute({
  method: 'get',
  path: '/account-closures',
  tags: ['Admin'],
  summary:
    'Closed creator accounts, newest first, a page at a time by keyset, with their anonymisation date (state: all, pending, anonymised)',
  request: { query: accountClosureFilterSchema },
  responses: { 200: { description: 'Closures', content: json(accountClosureListSchema) }, ...common },
});

/** Mounted under /admin (behind requireRole('admin')). */
export const adminDataRightsRoutes = createRouter().openapi(closuresRoute, async (c) => {
  return c.json(await listAccountClosures(c.get('services').db, c.req.valid('query')), 200);
});
