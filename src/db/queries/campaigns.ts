import { and, count, eq, fillPlaceholders, getTableColumns, inArray, sql } from 'drizzle-orm';
import { CAMPAIGN_TOTAL_CAP, PLATFORMS, PUBLIC_CAMPAIGN_STATUSES } from '../../shared/constants';
import { ACCEPTED_STATUSES } from '../../shared/lifecycle/statuses';
import type { BoxSummary, Campaign, CampaignListQuery, CampaignPage } from '../../shared/schemas/campaign';
import type { DatabaseOrTransaction } from '../client';
import { campaignCounts, campaigns } from '../schema/campaigns';
import { cachedCount } from './campaign-count-cache';
import {
  type CampaignCursor,
  encodeCampaignCursor,
  keywordTerms,
  type ListShape,
  likeContains,
  listed,
  publicFilters,
} from './campaign-list-filters';
import {
  type CampaignSelectionRow,
  type DriverRun,
  driverRunOf,
  type Statement,
  statement,
} from './campaign-prepared-statements';
import { BOX_SUMMARY_SQL, campaignFromDriverRow, type DriverCampaignRow, toCampaign } from './campaign-rows';

export { BOX_SUMMARY_SQL, boxesLeft, boxOf, toCampaign } from './campaign-rows';

const { searchText: _searchText, ...tableColumns } = getTableColumns(campaigns);

/**
 * Applications accepted so far (every status from 'accepted' on, as acceptedCounts counts them), read only for a
 * campaign that caps its boxes: a correlated count over applications_campaign_status_idx inside the catalogue's own
 * statement, so the cards' "12 of 40 boxes left" costs no extra query (decisions 0019, 0020).
 */
// Written with table-qualified names: drizzle leaves a single-table select's columns unqualified, and inside the
// subquery an unqualified "id" would be the application's. The bench's ceiling selects the same text.
export const ACCEPTED_SO_FAR_SQL = `case when "campaigns"."max_accepted" is null then null else (select count(*)::int from "applications" where "applications"."campaign_id" = "campaigns"."id" and "applications"."status" in (${ACCEPTED_STATUSES.map((status) => `'${status}'`).join(', ')})) end`;
const acceptedSoFar = sql<number | null>`${sql.raw(ACCEPTED_SO_FAR_SQL)}`;

const boxSummary = sql<BoxSummary | null>`${sql.raw(BOX_SUMMARY_SQL)}`;

/** The catalogue's select list: the campaign's columns, how many it has accepted when it caps its boxes, its box. */
const campaignColumns = {
  ...tableColumns,
  acceptedCount: acceptedSoFar.as('accepted_count'),
  box: boxSummary.as('box'),
};

interface ListStatements {
  /** The page's rows; with `totalInPage` each row also carries the listing's total. */
  page: Statement<CampaignSelectionRow & { total?: number }>;
  /** The total on its own (one row, one column). */
  total: Statement<{ total: number }>;
  totalInPage: boolean;
}

/**
 * Statements per database handle: drizzle builds each query once instead of on every request, and on
 * PostgreSQL each pooled connection parses and plans it once (named statements). Inside a transaction they are
 * built for that transaction only.
 */
const statementCaches = new WeakMap<
  object,
  { list: Map<string, ListStatements>; byId?: Statement<CampaignSelectionRow>; run: DriverRun | null }
>();

function statementsOf(db: DatabaseOrTransaction) {
  let cache = statementCaches.get(db);
  if (!cache) {
    cache = { list: new Map(), run: driverRunOf(db) };
    statementCaches.set(db, cache);
  }
  return cache;
}

/** Runs a campaign select and maps its rows to the API's shape. */
async function campaignRows(
  db: DatabaseOrTransaction,
  statement: Statement<CampaignSelectionRow>,
  values: Record<string, unknown>,
): Promise<Campaign[]> {
  const run = statementsOf(db).run;
  if (!run)
    return (await statement.prepared.execute(values)).map((row) =>
      toCampaign(row, row.acceptedCount, row.box),
    );
  const rows = await run(statement.name, statement.text, fillPlaceholders(statement.params, values));
  return (rows as DriverCampaignRow[]).map(campaignFromDriverRow);
}

/** A catalogue row mapped to the API's shape, with the listing's total when the page statement carries it. */
interface PageRow {
  campaign: Campaign;
  total: number;
}

async function pageRows(
  db: DatabaseOrTransaction,
  statement: Statement<CampaignSelectionRow & { total?: number }>,
  values: Record<string, unknown>,
): Promise<PageRow[]> {
  const run = statementsOf(db).run;
  if (!run) {
    const rows = await statement.prepared.execute(values);
    return rows.map((row) => ({
      campaign: toCampaign(row, row.acceptedCount, row.box),
      total: Number(row.total ?? 0),
    }));
  }
  const rows = await run(statement.name, statement.text, fillPlaceholders(statement.params, values));
  return (rows as Array<DriverCampaignRow & { total?: number }>).map((row) => ({
    campaign: campaignFromDriverRow(row),
    total: Number(row.total ?? 0),
  }));
}

async function countRows(
  db: DatabaseOrTransaction,
  statement: Statement<{ total: number }>,
  values: Record<string, unknown>,
): Promise<number> {
  const run = statementsOf(db).run;
  if (!run) return (await statement.prepared.execute(values))[0]?.total ?? 0;
  const rows = await run(statement.name, statement.text, fillPlaceholders(statement.params, values));
  const first = rows[0] as Record<string, unknown> | undefined;
  return Number(first ? Object.values(first)[0] : 0);
}

/**
 * The total of a listing without a keyword, read from campaign_counts (kept exact by triggers, migration 0015):
 * a sum over at most twelve tiny rows instead of counting campaigns.
 */
function countedTotal(db: DatabaseOrTransaction, shape: ListShape) {
  const statuses = shape.status === null ? PUBLIC_CAMPAIGN_STATUSES : [shape.status];
  const filters = [
    sql`${campaignCounts.status} in (${sql.join(
      statuses.map((status) => listed(status, PUBLIC_CAMPAIGN_STATUSES)),
      sql`, `,
    )})`,
  ];
  if (shape.platform) filters.push(sql`${campaignCounts.platform} = ${listed(shape.platform, PLATFORMS)}`);
  return db
    .select({ total: sql<number>`coalesce(sum(${campaignCounts.total}), 0)::int` })
    .from(campaignCounts)
    .where(and(...filters));
}

function listStatements(db: DatabaseOrTransaction, shape: ListShape): ListStatements {
  const name = `catalogue_${shape.status ?? 'all'}_${shape.platform ?? 'any'}_${shape.terms}${shape.cursor ? 'c' : ''}`;
  const cache = statementsOf(db).list;
  const cached = cache.get(name);
  if (cached) return cached;
  const filters = publicFilters(shape);
  const pageFilters = shape.cursor
    ? [
        ...filters,
        sql`(${campaigns.createdAt}, ${campaigns.id}) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')})`,
      ]
    : filters;
  const newestFirst = [sql`${campaigns.createdAt} desc`, sql`${campaigns.id} desc`];

  let statements: ListStatements;
  if (shape.terms === 0) {
    // No keyword: the exact total comes from campaign_counts inside the page's own statement (one round trip);
    // the separate statement is run only when the page is empty.
    const total = countedTotal(db, shape);
    statements = {
      page: statement(
        `${name}_page`,
        db
          .select({ ...campaignColumns, total: sql<number>`${total}`.as('total') })
          .from(campaigns)
          .where(and(...pageFilters))
          .orderBy(...newestFirst)
          .limit(sql.placeholder('limit')),
      ),
      total: statement(`${name}_total`, total),
      totalInPage: true,
    };
  } else {
    // A keyword total is counted over at most CAMPAIGN_TOTAL_CAP + 1 matching rows.
    const capped = db
      .select({ one: sql`1` })
      .from(campaigns)
      .where(and(...filters))
      .limit(CAMPAIGN_TOTAL_CAP + 1)
      .as('capped');
    statements = {
      page: statement(
        `${name}_page`,
        db
          .select(campaignColumns)
          .from(campaigns)
          .where(and(...pageFilters))
          .orderBy(...newestFirst)
          .limit(sql.placeholder('limit')),
      ),
      total: statement(`${name}_total`, db.select({ total: count() }).from(capped)),
      totalInPage: false,
    };
  }
  cache.set(name, statements);
  return statements;
}

/**
 * One page of the public catalogue, newest first, with keyset paging. Drafts are never listed; without a status
 * filter only open (active) campaigns are. `cursor` must already be decoded (see decodeCampaignCursor).
 * Without a keyword the total is exact; with one it is counted up to CAMPAIGN_TOTAL_CAP (then totalCapped).
 */
export async function listPublicCampaigns(
  db: DatabaseOrTransaction,
  params: Omit<CampaignListQuery, 'cursor'> & { cursor?: CampaignCursor | undefined },
): Promise<CampaignPage> {
  const terms = keywordTerms(params.q);
  const shape: ListShape = {
    status: params.status === 'all' ? null : (params.status ?? 'active'),
    platform: params.platform ?? null,
    terms: terms.length,
    cursor: Boolean(params.cursor),
  };
  const values: Record<string, unknown> = { limit: params.limit + 1 };
  terms.forEach((term, i) => {
    values[`term${i}`] = likeContains(term);
  });
  if (params.cursor) {
    values.cursorAt = params.cursor.createdAt.toISOString();
    values.cursorId = params.cursor.id;
  }
  const statements = listStatements(db, shape);
  const { limit: _limit, cursorAt: _at, cursorId: _id, ...filterValues } = values;

  let rows: PageRow[];
  let counted: number;
  if (statements.totalInPage) {
    rows = await pageRows(db, statements.page, values);
    counted = rows[0] ? rows[0].total : await countRows(db, statements.total, filterValues);
  } else {
    const countKey = JSON.stringify([params.status ?? '', params.platform ?? '', terms]);
    [rows, counted] = await Promise.all([
      pageRows(db, statements.page, values),
      cachedCount(db, countKey, () => countRows(db, statements.total, filterValues)),
    ]);
  }

  const hasMore = rows.length > params.limit;
  const items = (hasMore ? rows.slice(0, params.limit) : rows).map((row) => row.campaign);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      hasMore && last ? encodeCampaignCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null,
    total: statements.totalInPage ? counted : Math.min(counted, CAMPAIGN_TOTAL_CAP),
    totalCapped: !statements.totalInPage && counted > CAMPAIGN_TOTAL_CAP,
  };
}

/** A campaign anyone may read (drafts are hidden), or null. */
export async function getPublicCampaign(db: DatabaseOrTransaction, id: number): Promise<Campaign | null> {
  const cache = statementsOf(db);
  cache.byId ??= statement(
    'catalogue_by_id',
    db
      .select(campaignColumns)
      .from(campaigns)
      .where(
        and(
          eq(campaigns.id, sql.placeholder('id')),
          inArray(campaigns.status, [...PUBLIC_CAMPAIGN_STATUSES]),
        ),
      )
      .limit(1),
  );
  const rows = await campaignRows(db, cache.byId, { id });
  return rows[0] ?? null;
}

export async function countCampaigns(db: DatabaseOrTransaction): Promise<number> {
  const rows = await db.select({ total: count() }).from(campaigns);
  return rows[0]?.total ?? 0;
}
