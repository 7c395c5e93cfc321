import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  accountClosureFilterSchema,
  accountClosureListSchema,
  closeAccountResultSchema,
  closeAccountSchema,
  closurePreviewSchema,
  dataExportSchema,
  dataExportStateSchema,
} from '../../shared/schemas/data-rights';
import type { AppBindings } from '../http/context';
import { createRouter } from '../http/openapi';
import { routeGroup } from '../http/route-group';
import { answer, jsonBody, refusal, signedInRefusals } from '../http/route-responses';
import { creatorOnly, currentCreator } from '../middleware/creator';
import { requireRecentSecondFactor } from '../middleware/second-factor';
import { currentUser } from '../middleware/session';
import { type Closer, closeAccount, closurePreview } from '../services/data-rights/close-account';
import { listAccountClosures } from '../services/data-rights/closures';
import {
  dataExportLink,
  dataExportState,
  downloadDataExport,
  requestDataExport,
} from '../services/data-rights/data-export';

/** Issue 27: the creator's data rights (download my data, close my account) and the admins' list of closures. */
const creatorRoute = routeGroup({ tags: ['Me'], middleware: creatorOnly, refusals: signedInRefusals });
const steppedUpCreatorRoute = creatorRoute.behind(requireRecentSecondFactor);
const adminRoute = routeGroup({ tags: ['Admin'], refusals: signedInRefusals });
/** The token of a mailed download link, sent in the body (never in the address). */
const linkTokenSchema = z.object({ token: z.string().min(1).max(200) });

const exportState = creatorRoute.get('/me/data-export', {
  summary:
    "The creator's latest data download request: requested, ready (link mailed), downloaded or expired",
  responses: { 200: answer('Latest request', dataExportStateSchema) },
});

const exportRequest = creatorRoute.post('/me/data-export', {
  summary:
    'Ask for a file of everything held about the creator; a job builds it and mails a link that works once, for 24 hours, for them signed in',
  responses: {
    202: answer('Requested', dataExportStateSchema),
    409: refusal('A request is already being prepared'),
  },
});

// Personal data leaves the service: a second factor from the last 10 minutes for accounts that have one.
const exportDownload = steppedUpCreatorRoute.post('/me/data-export/download', {
  summary:
    "The data file behind a mailed link (its token in the body), once, within 24 hours, for the link's owner only (404 otherwise; 410 once used or expired)",
  request: { body: jsonBody(linkTokenSchema) },
  responses: {
    200: {
      description: 'The data file (JSON)',
      content: { 'application/octet-stream': { schema: z.string() } },
    },
    404: refusal('Unknown link, or not yours'),
    410: refusal('Link used or expired'),
  },
});

const exportLink = creatorRoute.post('/me/data-export/link', {
  summary:
    "What a mailed download link stands for (its token in the body): ready, downloaded or expired, for the link's owner only (404 otherwise)",
  request: { body: jsonBody(linkTokenSchema) },
  responses: {
    200: answer('The request behind the link', dataExportSchema),
    404: refusal('Unknown link, or not yours'),
  },
});

const closurePreviewRoute = creatorRoute.get('/me/account-closure', {
  summary:
    'What closing the account would do now (balance to redeem or give up, applications withdrawn, proof needed)',
  responses: { 200: answer('Statement', closurePreviewSchema) },
});

// The same step-up as the data download (issue 42): an account with two factors is not closed with the password alone.
const closeRoute = steppedUpCreatorRoute.post('/me/account-closure', {
  summary:
    'Close the account: password (or a sign-in from the last 10 minutes), and for an account with two factors a second factor from the last 10 minutes (403 STEP_UP_REQUIRED), open applications withdrawn, the balance given up as a ledger entry, every session ended, anonymised after 90 days',
  request: { body: jsonBody(closeAccountSchema) },
  responses: {
    200: answer('Closed', closeAccountResultSchema),
    409: refusal('Already closed'),
    429: refusal('Too many wrong passwords'),
  },
});

/** The account a closure is about: the signed-in creator, their user and when their session began. */
async function closer(c: Context<AppBindings>): Promise<Closer> {
  const creator = await currentCreator(c);
  const user = currentUser(c);
  return { user, creator, sessionStartedAt: user.sessionStartedAt };
}

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
  .openapi(closurePreviewRoute, async (c) =>
    c.json(await closurePreview(c.get('services'), await closer(c)), 200),
  )
  .openapi(closeRoute, async (c) => {
    const result = await closeAccount(
      c.get('services'),
      c.get('deps').auth,
      await closer(c),
      c.req.valid('json'),
    );
    return c.json(result, 200);
  });

const closuresRoute = adminRoute.get('/account-closures', {
  summary:
    'Closed creator accounts, newest first, a page at a time by keyset, with their anonymisation date (state: all, pending, anonymised)',
  request: { query: accountClosureFilterSchema },
  responses: { 200: answer('Closures', accountClosureListSchema) },
});

/** Mounted under /admin (behind requireRole('admin')). */
export const adminDataRightsRoutes = createRouter().openapi(closuresRoute, async (c) => {
  return c.json(await listAccountClosures(c.get('services').db, c.req.valid('query')), 200);
});
