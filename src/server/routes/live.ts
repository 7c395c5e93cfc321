import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../http/openapi';
import { eventStreamAnswer, refusals } from '../http/route-responses';
import { creatorOnly, currentCreator } from '../middleware/creator';
import { leaseStream } from '../middleware/stream-lease';
import { liveStream } from '../services/live/event-stream';

const streamRefusals = refusals({
  401: 'Not signed in',
  403: 'Not allowed',
  429: 'Too many streams open for this session or account (Retry-After)',
});

/**
 * Issue 40: the live channel of the signed-in screens, one stream per page (services/live/event-stream.ts). The
 * admins' tells of payments, problems and campaigns' applicants and shipping; a creator's, of their own wallet and
 * dashboard. The web reads the changed screens again, and polls while the stream is down (web/lib/live-updates.ts).
 */
export const liveRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/me/live',
    tags: ['Me'],
    summary:
      "Server-Sent Events telling the signed-in creator's pages that their wallet or dashboard changed (events: ready, change {topic}, resync)",
    middleware: creatorOnly,
    responses: { 200: eventStreamAnswer('An event stream'), ...streamRefusals },
  }),
  async (c) => {
    const creator = await currentCreator(c);
    const { lifecycle } = c.get('deps');
    return liveStream(c, c.get('services'), {
      audience: { role: 'creator', creatorId: creator.id },
      lifecycle,
      lease: leaseStream(c),
    }) as never;
  },
);

/** Mounted under /admin (behind requireRole('admin') and the two-factor enrolment). */
export const adminLiveRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/live',
    tags: ['Admin'],
    summary:
      "Server-Sent Events telling the admins' pages that payments, delivery problems or a campaign's applicants changed (events: ready, change {topic}, resync)",
    responses: { 200: eventStreamAnswer('An event stream'), ...streamRefusals },
  }),
  (c) => {
    const { lifecycle } = c.get('deps');
    return liveStream(c, c.get('services'), {
      audience: { role: 'admin' },
      lifecycle,
      lease: leaseStream(c),
    }) as never;
  },
);
