import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { decodeCampaignCursor, getPublicCampaign, listPublicCampaigns } from '../../db/queries/campaigns';
import { hasControlCharacter } from '../../shared/rules/text';
import { campaignIdParamSchema, campaignListQuerySchema } from '../../shared/schemas/campaign';
import { sessionCookieName } from '../auth';
import type { AppBindings, AppDeps } from '../context';
import type { Metrics } from '../metrics';
import { runInRequest } from '../request-context';
import { recordRequest, requestIdFor } from './observability';
import { acceptsGzip, COMPRESS_THRESHOLD, gzipAsync } from './response-headers';
import { jsonSecurityHeaders } from './security-headers';

const LIST_PATH = '/api/campaigns';
const ONE_PREFIX = '/api/campaigns/';
/** The route patterns the metrics and the access log know these requests by (as `routePath` names them). */
export const LIST_ROUTE = '/api/campaigns';
export const ONE_ROUTE = '/api/campaigns/:id';

type FastPathDeps = Pick<AppDeps, 'db' | 'env' | 'logger' | 'lifecycle'> & { metrics: Metrics };

/**
 * The public catalogue's two reads (`GET /api/campaigns` and `GET /api/campaigns/:id`), answered in one step for
 * anonymous visitors: the catalogue is most of the public traffic, and the general middleware chain (ten
 * middlewares, a Headers object rebuilt by each, the OpenAPI validator) cost the app about half of its CPU per
 * answer (decision 0019). What the chain would check still holds here:
 *
 * - only GET, only when the launch mode lets everyone browse, only without a session cookie (a signed-in request
 *   takes the full chain, which reads the session);
 * - the query goes through the same zod schema as the route, the path and query through the same control
 *   character check; anything the chain would refuse (or that needs a cursor the API did not make) takes the full
 *   chain, which gives the usual 4xx;
 * - the answer carries the same headers as through the chain (JSON security headers, `Cache-Control: no-store`,
 *   `X-Request-Id`, gzip and `Vary` when asked, `Connection: close` while draining), is counted in the metrics and
 *   logged under the same route pattern, inside the request's id.
 *
 * Only 200s leave here: a campaign that is not found, or a database error, goes through the full chain again
 * (the same read, answered 404 or logged and answered 500 there).
 */
export function catalogueFastPath(deps: FastPathDeps): MiddlewareHandler<AppBindings> {
  const cookieName = sessionCookieName(deps.env);
  const fixedHeaders: Record<string, string> = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
  };
  for (const [name, value] of jsonSecurityHeaders({ https: deps.env.appUrl.startsWith('https://') })) {
    fixedHeaders[name] = value;
  }

  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const path = c.req.path;
    let id: number | undefined;
    if (path !== LIST_PATH) {
      if (!path.startsWith(ONE_PREFIX)) return next();
      const idText = path.slice(ONE_PREFIX.length);
      if (!/^\d{1,10}$/.test(idText)) return next();
      const parsed = campaignIdParamSchema.safeParse({ id: idText });
      if (!parsed.success) return next();
      id = parsed.data.id;
    }
    if (deps.env.launchMode === 'coming-soon') return next();
    if (c.req.header('cookie') !== undefined && getCookie(c, cookieName) !== undefined) return next();

    const query: Record<string, string> = Object.create(null);
    const url = c.req.url;
    const mark = url.indexOf('?');
    if (mark >= 0) {
      for (const [key, value] of new URLSearchParams(url.slice(mark + 1))) {
        // Control characters, repeated parameters: the chain's guards and validation say what is wrong.
        if (hasControlCharacter(key) || hasControlCharacter(value) || Object.hasOwn(query, key))
          return next();
        query[key] = value;
      }
    }

    let list: Parameters<typeof listPublicCampaigns>[1] | undefined;
    if (id === undefined) {
      const parsed = campaignListQuerySchema.safeParse(query);
      if (!parsed.success) return next();
      const { cursor: cursorText, ...rest } = parsed.data;
      const cursor = cursorText ? decodeCampaignCursor(cursorText) : undefined;
      if (cursor === null) return next();
      list = { ...rest, cursor };
    }

    const requestId = requestIdFor(c, deps.env.trustProxy);
    const started = performance.now();
    let text: string | null;
    try {
      text = await runInRequest(requestId, async () => {
        if (list) return JSON.stringify(await listPublicCampaigns(deps.db, list));
        const campaign = await getPublicCampaign(deps.db, id as number);
        return campaign ? JSON.stringify(campaign) : null;
      });
    } catch {
      text = null;
    }
    if (text === null) return next();

    const headers: Record<string, string> = { ...fixedHeaders, 'X-Request-Id': requestId };
    if (deps.lifecycle?.draining) headers.Connection = 'close';
    let body: BodyInit = text;
    if (acceptsGzip(c.req.header('accept-encoding')) && Buffer.byteLength(text) >= COMPRESS_THRESHOLD) {
      body = new Uint8Array(await gzipAsync(text));
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
    }
    recordRequest(deps, 'GET', id === undefined ? LIST_ROUTE : ONE_ROUTE, 200, started);
    return new Response(body, { status: 200, headers });
  };
}
