import { decodeCampaignCursor } from '../../db/queries/campaign-list-filters';
import { listPublicCampaigns } from '../../db/queries/campaigns';
import { hasControlCharacter } from '../../shared/rules/text';
import { campaignListQuerySchema } from '../../shared/schemas/campaign';
import { sessionCookieName } from '../auth/auth';
import type { AppDeps } from '../http/context';
import { runInRequest } from '../http/request-context';
import { systemClock } from '../process/clock';
import type { Metrics } from '../process/metrics';
import { publicCampaignDetail } from '../services/campaign-badges';
import {
  campaignKey,
  etagMatches,
  firstPageKey,
  gzippedBody,
  keptAnswer,
  type ReadyAnswer,
} from '../services/public-answers';
import { headerReader, jsonAnswerHeaders, pathAndQuery, requestIdOf } from './before-router';
import { recordRequest } from './observability';
import { acceptsGzip, COMPRESS_THRESHOLD, gzipAsync } from './response-headers';

const LIST_PATH = '/api/campaigns';
const ONE_PREFIX = '/api/campaigns/';
/** The route patterns the metrics and the access log know these requests by (as `routePath` names them). */
export const LIST_ROUTE = '/api/campaigns';
export const ONE_ROUTE = '/api/campaigns/:id';
const MAX_ID = 2_147_483_647;
/** Distinct query strings whose validated form is kept (the whole map is dropped when full). */
const PARSED_QUERY_LIMIT = 1000;
/** Longer query strings are validated every time, so the map stays small (at most about 0.5 MB of keys). */
const PARSED_QUERY_MAX_LENGTH = 512;

type ListParams = Parameters<typeof listPublicCampaigns>[1];
type FastPathDeps = Pick<AppDeps, 'db' | 'env' | 'logger' | 'lifecycle' | 'now'> & { metrics: Metrics };

/** Whether the query string has a control character in a name or value (the chain's text guard refuses those). */
function queryHasControlCharacter(query: string): boolean {
  for (const [key, value] of new URLSearchParams(query)) {
    if (hasControlCharacter(key) || hasControlCharacter(value)) return true;
  }
  return false;
}

/**
 * The public catalogue's two reads (`GET /api/campaigns` and `GET /api/campaigns/:id`), answered for anonymous
 * visitors before Hono routes the request: the catalogue is most of the public traffic, and the router, the ten
 * middlewares of the general chain (each touching a Headers object) and the OpenAPI validator cost the app about
 * half of its CPU per answer (decision 0019). What the chain would check still holds here:
 *
 * - only GET, only when the launch mode lets everyone browse, only without a session cookie (a signed-in request
 *   takes the chain, which reads the session);
 * - the query goes through the route's zod schema and the chain's control-character check (the validated form
 *   of a query string is kept: it depends on nothing but the text); anything the chain would refuse takes the
 *   chain, which answers the usual 4xx;
 * - the answer carries the chain's headers (JSON security headers, `Cache-Control: no-store`, `X-Request-Id`,
 *   gzip and `Vary` when asked, `Connection: close` while draining), is counted in the metrics and logged under
 *   the same route pattern, and runs inside its request id.
 *
 * Only 200s (and 304s for a kept answer the client holds) leave here: a campaign that is not found, or a database error, goes through the chain (the same read
 * again, answered 404 there, or logged and answered 500).
 *
 * Returns undefined when the request is not one of these; otherwise the answer, or `fallback()`'s.
 */
export function catalogueFastPath(deps: FastPathDeps) {
  const cookieMark = `${sessionCookieName(deps.env)}=`;
  const fixedHeaders = jsonAnswerHeaders(deps.env);
  const listParams = keptListParams();

  return (
    request: Request,
    bindings: unknown,
    fallback: () => Response | Promise<Response>,
  ): Promise<Response> | undefined => {
    if (request.method !== 'GET' || deps.env.launchMode === 'coming-soon') return undefined;
    const asked = catalogueRead(request.url, listParams);
    if (!asked) return undefined;
    const header = headerReader(request, bindings);
    if (header('cookie')?.includes(cookieMark)) return undefined;

    const requestId = requestIdOf(deps.env, header);
    const started = performance.now();
    const headers: Record<string, string> = { ...fixedHeaders, 'X-Request-Id': requestId };
    // Inside the request's id, so the access line (and any other) carries it; the chain makes its own.
    return runInRequest(requestId, () => answerRead(deps, asked, header, headers, started)).then(
      (response) => response ?? fallback(),
    );
  };
}

/** One of the two reads: the list with its validated parameters, or one campaign by id. */
type CatalogueRead = { list: ListParams; id?: undefined } | { list: null; id: number };

/** Validated list parameters per query string; null: the chain must answer (it refuses the query). */
function keptListParams() {
  const parsedQueries = new Map<string, ListParams | null>();
  return (query: string): ListParams | null => {
    const known = parsedQueries.get(query);
    if (known !== undefined) return known;
    const params = parseListQuery(query);
    if (query.length > PARSED_QUERY_MAX_LENGTH) return params;
    if (parsedQueries.size >= PARSED_QUERY_LIMIT) parsedQueries.clear();
    parsedQueries.set(query, params);
    return params;
  };
}

/** Which of the two reads a URL asks, or null when the chain must answer it. */
function catalogueRead(url: string, listParams: (query: string) => ListParams | null): CatalogueRead | null {
  const { path, query } = pathAndQuery(url);
  if (path === LIST_PATH) {
    const list = listParams(query);
    return list ? { list } : null;
  }
  if (!path.startsWith(ONE_PREFIX)) return null;
  const idText = path.slice(ONE_PREFIX.length);
  if (!/^\d{1,10}$/.test(idText)) return null;
  const id = Number(idText);
  if (id < 1 || id > MAX_ID) return null;
  if (query && queryHasControlCharacter(query)) return null;
  return { list: null, id };
}

/** The read's 200 (or 304), with the chain's headers, counted; null when the chain must answer (not found, an error). */
async function answerRead(
  deps: FastPathDeps,
  { list, id }: CatalogueRead,
  header: (name: string) => string | undefined,
  headers: Record<string, string>,
  started: number,
): Promise<Response | null> {
  if (deps.lifecycle?.draining) headers.Connection = 'close';
  const route = list ? LIST_ROUTE : ONE_ROUTE;
  let text: string;
  let bytes: number;
  let ready: ReadyAnswer | null = null;
  try {
    // A campaign by id and the first pages are kept as ready bytes with an ETag (services/public-answers.ts).
    const key = list ? firstPageKey(list) : campaignKey(id as number);
    if (key !== null) {
      ready = await keptAnswer(deps.db, key, () =>
        list
          ? listPublicCampaigns(deps.db, list)
          : publicCampaignDetail(deps.db, id as number, (deps.now ?? systemClock)()),
      );
      if (ready === null) return null;
      text = ready.body;
      bytes = ready.bytes;
    } else {
      text = JSON.stringify(await listPublicCampaigns(deps.db, list as ListParams));
      bytes = Buffer.byteLength(text);
    }
  } catch {
    return null;
  }
  if (ready) {
    headers.ETag = ready.etag;
    headers['Cache-Control'] = 'no-cache';
    if (etagMatches(header('if-none-match'), ready.etag)) {
      delete headers['Content-Type'];
      recordRequest(deps, 'GET', route, 304, started);
      return new Response(null, { status: 304, headers });
    }
  }
  let body: BodyInit = text;
  if (acceptsGzip(header('accept-encoding')) && bytes >= COMPRESS_THRESHOLD) {
    body = ready ? await gzippedBody(ready) : new Uint8Array(await gzipAsync(text));
    headers['Content-Encoding'] = 'gzip';
    headers.Vary = 'Accept-Encoding';
  }
  recordRequest(deps, 'GET', route, 200, started);
  return new Response(body, { status: 200, headers });
}

/** The list route's query string validated as the route validates it, or null when the route would refuse it. */
function parseListQuery(query: string): ListParams | null {
  const values: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(query)) {
    // Control characters, repeated parameters: the chain's guard and validation say what is wrong.
    if (hasControlCharacter(key) || hasControlCharacter(value) || Object.hasOwn(values, key)) return null;
    values[key] = value;
  }
  const parsed = campaignListQuerySchema.safeParse(values);
  if (!parsed.success) return null;
  const { cursor: cursorText, ...rest } = parsed.data;
  const cursor = cursorText ? decodeCampaignCursor(cursorText) : undefined;
  if (cursor === null) return null;
  return Object.freeze({ ...rest, cursor });
}
