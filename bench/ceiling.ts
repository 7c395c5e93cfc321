import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { getTableColumns } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { brandTrackRecordQuery, toBrandTrackRecord } from '../src/db/queries/campaign-badges';
import {
  type CampaignCursor,
  decodeCampaignCursor,
  encodeCampaignCursor,
  keywordTerms,
} from '../src/db/queries/campaign-list-filters';
import { ACCEPTED_SO_FAR_SQL, BOX_SUMMARY_SQL, boxesLeft, boxOf } from '../src/db/queries/campaigns';
import { campaigns } from '../src/db/schema/campaigns';
import { type CampaignBadges, campaignBadges } from '../src/shared/campaign-badges';
import {
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_PAGE_SIZE_MAX,
  CAMPAIGN_TOTAL_CAP,
  CATALOGUE_STATUS_FILTERS,
  PLATFORMS,
  PUBLIC_CAMPAIGN_STATUSES,
} from '../src/shared/constants';
import type { CampaignListQuery } from '../src/shared/schemas/campaign';
import { searchPathOption } from './database';

/**
 * The "ceiling": the same SQL our app sends for each request (checked text-for-text against drizzle before the
 * bench starts), the same JSON out, but a bare node:http server and the driver called directly. What the app
 * reaches as a share of this is the cost of the framework (Hono middleware, session lookup, zod validation,
 * drizzle query building and mapping).
 */

export interface SqlQuery {
  text: string;
  params: unknown[];
}

/** What listPublicCampaigns takes: the validated query string with the cursor decoded. */
export type ListParams = Omit<CampaignListQuery, 'cursor'> & { cursor?: CampaignCursor | undefined };

/**
 * The select list of the app's campaign queries: every column but search_text, in table order. Read from the
 * schema once at start-up (the schema keeps growing), so the ceiling selects exactly what the app selects.
 */
const { searchText: _searchText, ...selectedColumns } = getTableColumns(campaigns);
const COLUMNS = `${Object.values(selectedColumns)
  .map((column) => `"${column.keyAsName ? toSnakeCase(column.name) : column.name}"`)
  .join(', ')}, ${ACCEPTED_SO_FAR_SQL} as "accepted_count", ${BOX_SUMMARY_SQL} as "box"`;

function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereClause(conditions: string[]): string {
  if (conditions.length === 0) return '';
  if (conditions.length === 1) return ` where ${conditions[0]}`;
  return ` where (${conditions.join(' and ')})`;
}

/**
 * The statements of listPublicCampaigns, exactly as drizzle renders them: the page and the total. Without a
 * keyword the page carries the total from campaign_counts in a `total` column (`totalInPage`) and the total
 * statement runs only for an empty page; with one, both run and the total is counted over LIMIT 1001.
 */
export function listQueries(params: ListParams): { page: SqlQuery; total: SqlQuery; totalInPage: boolean } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (params.status === 'all') {
    conditions.push(`"campaigns"."status" in (${PUBLIC_CAMPAIGN_STATUSES.map((s) => param(s)).join(', ')})`);
  } else conditions.push(`"campaigns"."status" = '${params.status ?? 'active'}'`);
  if (params.platform) conditions.push(`"campaigns"."platform" = '${params.platform}'`);
  const terms = keywordTerms(params.q);
  for (const term of terms) {
    conditions.push(`"campaigns"."search_text" like ${param(likeContains(term))}`);
  }
  const totalInPage = terms.length === 0;
  let total: SqlQuery;
  if (totalInPage) {
    const statuses = params.status === 'all' ? PUBLIC_CAMPAIGN_STATUSES : [params.status ?? 'active'];
    const countConditions = [`"campaign_counts"."status" in (${statuses.map((s) => `'${s}'`).join(', ')})`];
    if (params.platform) countConditions.push(`"campaign_counts"."platform" = '${params.platform}'`);
    total = {
      text: `select coalesce(sum("total"), 0)::int from "campaign_counts"${whereClause(countConditions)}`,
      params: [],
    };
  } else {
    total = {
      text: `select count(*) from (select 1 from "campaigns"${whereClause(conditions)} limit $${values.length + 1}) "capped"`,
      params: [...values, CAMPAIGN_TOTAL_CAP + 1],
    };
  }
  const pageConditions = [...conditions];
  if (params.cursor) {
    pageConditions.push(
      `("campaigns"."created_at", "campaigns"."id") < (${param(params.cursor.createdAt.toISOString())}::timestamptz, ${param(params.cursor.id)})`,
    );
  }
  const limit = param(params.limit + 1);
  const selected = totalInPage ? `${COLUMNS}, (${total.text}) as "total"` : COLUMNS;
  const page: SqlQuery = {
    text:
      `select ${selected} from "campaigns"${whereClause(pageConditions)} ` +
      `order by "campaigns"."created_at" desc, "campaigns"."id" desc limit ${limit}`,
    params: values,
  };
  return { page, total, totalInPage };
}

/** The statement of getPublicCampaign, exactly as drizzle renders it. */
export function byIdQuery(id: number): SqlQuery {
  const statuses = PUBLIC_CAMPAIGN_STATUSES.map((_, i) => `$${i + 2}`).join(', ');
  return {
    text:
      `select ${COLUMNS} from "campaigns" where ("campaigns"."id" = $1 and "campaigns"."status" in (${statuses})) ` +
      `limit $${PUBLIC_CAMPAIGN_STATUSES.length + 2}`,
    params: [id, ...PUBLIC_CAMPAIGN_STATUSES, 1],
  };
}

const dialect = new PgDialect();

/** The statement of the campaign badges' brand track record (brandTrackRecord), rendered as drizzle renders it. */
export function badgesQuery(brand: string, now: Date): SqlQuery {
  const query = dialect.sqlToQuery(brandTrackRecordQuery(brand, now));
  return { text: query.sql, params: query.params };
}

interface CampaignDbRow {
  id: number;
  name: string;
  brand: string;
  platform: string;
  type: string;
  description: string;
  requirements: string[];
  deadline: string;
  reward: number;
  applications_count: number;
  followers_required: number;
  status: string;
  budget: string;
  product_value: string | null;
  max_accepted: number | null;
  accepted_count: number | null;
  box: unknown;
  reach: number;
  image_url: string;
  gallery: string[];
  tags: string[];
  created_at: Date;
  updated_at: Date;
}

function toJson(row: CampaignDbRow) {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    platform: row.platform,
    type: row.type,
    description: row.description,
    requirements: row.requirements,
    deadline: row.deadline,
    reward: row.reward,
    applicationsCount: row.applications_count,
    followersRequired: row.followers_required,
    status: row.status,
    budget: row.budget,
    productValue: row.product_value,
    maxAccepted: row.max_accepted,
    boxesLeft: boxesLeft(row.max_accepted, row.accepted_count),
    box: boxOf(row.box),
    reach: row.reach,
    imageUrl: row.image_url,
    gallery: row.gallery,
    tags: row.tags,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

type RunQuery = <T>(query: SqlQuery) => Promise<T[]>;

export type CeilingSource =
  | { kind: 'postgres'; url: string; searchPath: string | undefined; poolSize: number }
  | { kind: 'pglite'; client: PGlite };

function connect(source: CeilingSource): { run: RunQuery; close: () => Promise<void> } {
  if (source.kind === 'pglite') {
    // Dates stay ISO strings, as drizzle asks of PGlite; timestamptz becomes a Date.
    const options = { parsers: { [pgliteTypes.DATE]: (value: string) => value } };
    return {
      run: async <T>(query: SqlQuery) =>
        (await source.client.query<T>(query.text, query.params, options)).rows,
      // The PGlite client belongs to the app's handle, which closes it.
      close: async () => undefined,
    };
  }
  const pool = new pg.Pool({
    connectionString: source.url,
    max: source.poolSize,
    ...(source.searchPath ? { options: searchPathOption(source.searchPath) } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.DATE
          ? (value: string) => value
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // Named statements, as the app's drizzle prepared statements are on PostgreSQL: each connection parses and
  // plans a statement once. The name is fixed per SQL text.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `ceiling_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    run: async <T>(query: SqlQuery) =>
      (await pool.query({ name: nameOf(query.text), text: query.text, values: query.params })).rows as T[],
    close: () => pool.end(),
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

function parseList(search: URLSearchParams): ListParams | string {
  const platformText = search.get('platform') || undefined;
  const platform = PLATFORMS.find((p) => p === platformText);
  if (platformText && !platform) return 'platform is not valid';
  const statusText = search.get('status') || undefined;
  const status = CATALOGUE_STATUS_FILTERS.find((s) => s === statusText);
  if (statusText && !status) return 'status is not valid';
  const q = search.get('q')?.trim() || undefined;
  if (q && q.length > 100) return 'q must be at most 100 characters';
  const limitText = search.get('limit');
  const limit = limitText ? Number(limitText) : CAMPAIGN_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > CAMPAIGN_PAGE_SIZE_MAX) return 'limit is not valid';
  const cursorText = search.get('cursor') || undefined;
  const cursor = cursorText ? decodeCampaignCursor(cursorText) : undefined;
  if (cursor === null) return 'cursor is not valid';
  return { platform, status, q, limit, cursor };
}

export interface Ceiling {
  url: string;
  close(): Promise<void>;
}

export async function startCeiling(
  source: CeilingSource,
  options: { countCache: boolean },
): Promise<Ceiling> {
  const db = connect(source);
  // The app keeps each filter's total for 10 s (listPublicCampaigns); the ceiling does the same work, and with
  // BENCH_COUNT_CACHE=0 neither keeps it.
  const totalsCache = new Map<
    string,
    { value: Promise<Array<{ count: string | number }>>; expires: number }
  >();
  const cachedTotal = (query: SqlQuery) => {
    const key = JSON.stringify([query.text, query.params]);
    const hit = totalsCache.get(key);
    if (options.countCache && hit && hit.expires > Date.now()) return hit.value;
    const value = db.run<{ count: string | number }>(query);
    totalsCache.set(key, { value, expires: Date.now() + 10_000 });
    return value;
  };

  // The app keeps each brand's badges for a minute (services/campaign-badges.ts); the ceiling does the same work.
  const badgesCache = new Map<string, { value: Promise<CampaignBadges>; expires: number }>();
  const cachedBadges = (brand: string) => {
    const now = Date.now();
    const hit = badgesCache.get(brand);
    if (hit && hit.expires > now) return hit.value;
    if (badgesCache.size >= 1000) badgesCache.clear();
    const value = db
      .run<Record<string, unknown>>(badgesQuery(brand, new Date(now)))
      .then((rows) => campaignBadges(toBrandTrackRecord(rows[0])));
    badgesCache.set(brand, { value, expires: now + 60_000 });
    return value;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET') return send(res, 405, { error: 'Method not allowed' });

    if (url.pathname === '/api/campaigns') {
      const params = parseList(url.searchParams);
      if (typeof params === 'string') return send(res, 400, { error: params });
      const { page, total, totalInPage } = listQueries(params);
      let rows: Array<CampaignDbRow & { total?: number }>;
      let counted: number;
      if (totalInPage) {
        rows = await db.run<CampaignDbRow & { total?: number }>(page);
        counted = rows[0]
          ? Number(rows[0].total)
          : Number(Object.values((await db.run(total))[0] ?? {})[0] ?? 0);
      } else {
        const [pageRows, totals] = await Promise.all([db.run<CampaignDbRow>(page), cachedTotal(total)]);
        rows = pageRows;
        counted = Number(totals[0]?.count ?? 0);
      }
      const hasMore = rows.length > params.limit;
      const pageRows = hasMore ? rows.slice(0, params.limit) : rows;
      const last = pageRows.at(-1);
      return send(res, 200, {
        items: pageRows.map(toJson),
        nextCursor:
          hasMore && last ? encodeCampaignCursor({ createdAt: last.created_at, id: last.id }) : null,
        total: totalInPage ? counted : Math.min(counted, CAMPAIGN_TOTAL_CAP),
        totalCapped: !totalInPage && counted > CAMPAIGN_TOTAL_CAP,
      });
    }

    const match = /^\/api\/campaigns\/(\d{1,10})$/.exec(url.pathname);
    const id = match ? Number(match[1]) : Number.NaN;
    if (match && id >= 1 && id <= 2_147_483_647) {
      const rows = await db.run<CampaignDbRow>(byIdQuery(id));
      const row = rows[0];
      if (!row) return send(res, 404, { error: 'Campaign Not Found' });
      return send(res, 200, { ...toJson(row), badges: await cachedBadges(row.brand) });
    }
    return send(res, 404, { error: 'Not found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('ceiling error:', error);
      if (!res.headersSent) send(res, 500, { error: 'Something went wrong' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
